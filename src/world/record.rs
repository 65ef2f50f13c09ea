//! A world's side of the flight recorder: starting and stopping it, checkpoints, and the
//! calls a replay uses to rebuild a world exactly (see [`crate::record`]).

use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use parking_lot::Mutex;

use super::{slots::Slots, World, WorldError};
use crate::agent::{Agent, AgentDef, AgentId, GoalDef};
use crate::domain::{Domain, DomainId};
use crate::record::format::{self as rf, Record};
use crate::record::{RecordOptions, RecordStats};
use crate::state::WorldState;

impl World {
    /// Starts recording everything this world is told and decides into `writer` (see
    /// [`crate::record`] for what and how): it first writes a checkpoint (the domains the
    /// agents use, every agent's whole state, the shared values), then every input and
    /// decision as it happens. With `options.window > 0` (ring mode) only the last
    /// `window` seconds are kept, in memory, and written at [`World::stop_recording`].
    /// Fails when the world is already recording or the window is not a finite number ≥ 0.
    pub fn start_recording(
        &self,
        writer: Box<dyn Write + Send>,
        options: RecordOptions,
    ) -> Result<(), WorldError> {
        self.recorder
            .start(writer, options)
            .map_err(WorldError::Recording)?;
        self.write_checkpoint();
        Ok(())
    }

    /// [`World::start_recording`] into a file (created, or truncated).
    pub fn start_recording_to_file(
        &self,
        path: &Path,
        options: RecordOptions,
    ) -> Result<(), WorldError> {
        if self.recorder.is_on() {
            return Err(WorldError::Recording(
                "the world is already recording (stop it first)".into(),
            ));
        }
        let file = std::fs::File::create(path)
            .map_err(|e| WorldError::Recording(format!("cannot create {}: {e}", path.display())))?;
        self.start_recording(Box::new(std::io::BufWriter::new(file)), options)
    }

    /// Stops recording: writes what is kept (ring mode) and the end record, and flushes
    /// the writer. Fails when the world is not recording, or the writer failed (then the
    /// recording is incomplete and says so when read).
    pub fn stop_recording(&self) -> Result<RecordStats, WorldError> {
        let _one = self.recorder.checkpointing.lock();
        self.flush_held_steps();
        self.recorder.stop().map_err(WorldError::Recording)
    }

    /// Writes the steps every agent holds back (before a record whose place relative to
    /// them matters to a replay: a batch, the end).
    pub(crate) fn flush_held_steps(&self) {
        if !self.recorder.is_on() || !self.recorder.any_held() {
            return;
        }
        for a in self.all_agents() {
            a.lock().flush_held_steps();
        }
    }

    /// True while the world records.
    pub fn is_recording(&self) -> bool {
        self.recorder.is_on()
    }

    /// Writes a checkpoint when ring mode wants one (called where no lock is held).
    #[inline]
    pub(crate) fn checkpoint_if_due(&self) {
        if self.recorder.checkpoint_due() {
            self.write_checkpoint();
        }
    }

    /// Writes a checkpoint: the agent table's layout, every domain and its shared values,
    /// every agent's whole state. Agents are locked one at a time; what an agent does
    /// before its state is written comes before it in the recording.
    pub(crate) fn write_checkpoint(&self) {
        let rec = &self.recorder;
        let Some(_one) = rec.checkpointing.try_lock() else {
            return; // another thread is writing one
        };
        if !rec.is_on() {
            return;
        }
        let agents: Vec<(AgentId, Arc<Mutex<Agent>>)> = {
            let table = self.agents.read();
            rec.begin_checkpoint();
            let (first, generations, free) = table.layout();
            rec.push(Record::Layout {
                first,
                generations,
                free,
                cursor: *self.batch_cursor.lock(),
            });
            table.iter().map(|(id, a)| (id, Arc::clone(a))).collect()
        };
        let domains: Vec<_> = self
            .domains
            .read()
            .iter()
            .map(|(id, s)| (*id, Arc::clone(s)))
            .collect();
        for (id, slot) in &domains {
            let entry = Arc::clone(&slot.current.lock());
            self.domain_key(*id, entry.domain_arc());
            rec.push(Record::SharedState {
                world: id.get(),
                values: slot.shared.snapshot(),
            });
        }
        for (id, a) in agents {
            let mut a = a.lock();
            a.flush_held_steps();
            let Some(world) = a.domain_id() else { continue };
            let key = self.domain_key(world, a.domain());
            rec.push(Record::AgentState {
                agent: rf::agent_rec(id),
                world: world.get(),
                key,
                snap: Box::new(a.snapshot()),
            });
        }
        rec.push(Record::CheckpointEnd);
    }

    /// The recording's key of a domain version, writing it first when needed (with the
    /// world domain's name, and its start state and goals when it is the current
    /// version).
    pub(crate) fn domain_key(&self, world: DomainId, domain: &Arc<Domain>) -> u32 {
        self.recorder.domain_key(domain, |key| {
            let entry = self.slot(world).ok().map(|s| Arc::clone(&s.current.lock()));
            let current = entry
                .as_ref()
                .filter(|e| Arc::ptr_eq(e.domain_arc(), domain));
            Record::Domain {
                key,
                world: world.get(),
                name: entry.as_ref().map_or("", |e| e.name()).to_owned(),
                current: current.is_some(),
                def: match current {
                    Some(e) => rf::domain_rec(domain, e.start(), e.goals()),
                    None => rf::domain_rec(domain, &WorldState::new(), &[]),
                },
            }
        })
    }

    // ---- for replays ----------------------------------------------------------------

    /// Gives the agent table a recorded layout and the batch cursor (replays; the world
    /// must have no agent).
    pub(crate) fn replay_layout(
        &self,
        first: u32,
        generations: &[u32],
        free: &[u32],
        cursor: u32,
    ) -> Result<(), String> {
        let mut table = self.agents.write();
        if table.len() != 0 {
            return Err("a layout record after agents exist".into());
        }
        *table = Slots::from_layout(first, generations, free)?;
        *self.batch_cursor.lock() = cursor;
        Ok(())
    }

    /// Sets the batch cursor (replays).
    pub(crate) fn replay_cursor(&self, cursor: u32) {
        *self.batch_cursor.lock() = cursor;
    }

    /// Creates a world domain with given contents (replays).
    pub(crate) fn replay_domain(
        &self,
        name: &str,
        domain: Arc<Domain>,
        start: WorldState,
        goals: Vec<GoalDef>,
    ) -> Result<DomainId, WorldError> {
        let id = self.insert(name, Domain::new(), WorldState::new(), None, Vec::new())?;
        self.replay_set_domain(id, domain, start, goals)?;
        Ok(id)
    }

    /// Replaces a world domain's contents (replays: a later version of it).
    pub(crate) fn replay_set_domain(
        &self,
        id: DomainId,
        domain: Arc<Domain>,
        start: WorldState,
        goals: Vec<GoalDef>,
    ) -> Result<(), WorldError> {
        self.edit(id, |e| {
            e.domain = domain;
            e.start = start;
            e.goals = goals;
            Ok::<_, WorldError>(())
        })
    }

    /// The shared values of a world domain, restored (replays).
    pub(crate) fn replay_shared(&self, id: DomainId, values: &rf::SharedRec) -> Result<(), String> {
        let slot = self.slot(id).map_err(|e| e.to_string())?;
        slot.shared.restore(values)
    }

    /// Creates an agent of world domain `world` with the domain version, start state and
    /// goals given (replays: as recorded).
    pub(crate) fn replay_create_agent(
        &self,
        world: DomainId,
        domain: Arc<Domain>,
        state: WorldState,
        goals: &[GoalDef],
        def: AgentDef,
    ) -> Result<AgentId, WorldError> {
        let slot = self.slot(world)?;
        let mut agents = self.agents.write();
        let id = agents.try_insert_with_key(|id| {
            let mut agent = Agent::new(id, domain, state, def)?;
            agent.set_domain_id(world);
            for g in goals {
                agent.add_goal(g.clone())?;
            }
            agent.attach_shared(Arc::clone(&slot.shared));
            agent.attach_recorder(Arc::clone(&self.recorder));
            Ok::<_, crate::agent::AgentError>(Arc::new(Mutex::new(agent)))
        })?;
        Ok(id)
    }

    /// Puts a restored agent into its reserved slot (replays).
    pub(crate) fn replay_insert_agent(
        &self,
        world: DomainId,
        mut agent: Agent,
        subscribed: Option<&rf::DepsRec>,
    ) -> Result<(), String> {
        let slot = self.slot(world).map_err(|e| e.to_string())?;
        agent.set_domain_id(world);
        // Its beliefs hold the shared values up to its recorded version, no more: the
        // values written since are taken when the recording says it took them.
        agent.join_shared(Arc::clone(&slot.shared));
        // Which writes visit it: the subscription the recording's world held for it.
        agent.restore_subscription(subscribed)?;
        agent.attach_recorder(Arc::clone(&self.recorder));
        let id = agent.id();
        if self
            .agents
            .write()
            .insert_at(id, Arc::new(Mutex::new(agent)))
        {
            Ok(())
        } else {
            Err(format!(
                "agent {}.{} does not fit the recorded slot layout",
                id.index(),
                id.generation()
            ))
        }
    }

    /// Frees the slot of an agent the replay never saw (destroyed during a checkpoint).
    pub(crate) fn replay_release(&self, id: AgentId) {
        self.agents.write().release(id);
    }

    /// Runs `f` on the agent without taking shared values first (replays look without
    /// changing anything).
    pub(crate) fn replay_peek<T>(&self, id: AgentId, f: impl FnOnce(&mut Agent) -> T) -> Option<T> {
        let slot = self.agent_slot(id).ok()?;
        let mut a = slot.lock();
        Some(f(&mut a))
    }

    /// Starts capturing records as values (replays).
    pub(crate) fn replay_capture(&self) {
        self.recorder.start_capture();
    }

    /// The records captured since the last call.
    pub(crate) fn replay_captured(&self) -> Vec<(Record, Option<crate::record::SearchProblem>)> {
        self.recorder.take_captured()
    }
}
