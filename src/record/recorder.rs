//! The recorder a world and its agents write to: off by default (one relaxed atomic load
//! per call), on between [`crate::World::start_recording`] and
//! [`crate::World::stop_recording`].

use std::collections::VecDeque;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Weak};

use parking_lot::Mutex;

use super::format::{header, write_frame, write_replan_frame, IdRec, Record, ReplanRec};
use super::timeline::SearchProblem;
use crate::agent::ReplanEvent;
use crate::domain::ActionId;
use crate::domain::Domain;

/// Bytes gathered before a streaming recorder hands them to its writer.
const FLUSH_BYTES: usize = 64 * 1024;

/// How a recording keeps what it records.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RecordOptions {
    /// 0 (default): everything, streamed to the writer as it is recorded (in blocks of
    /// 64 KiB, and at stop). A number of seconds > 0: **ring mode**, only the last
    /// `window` seconds are kept (in memory) and written at stop, starting at a
    /// checkpoint: the world's state at most `window × 1.25` seconds before the end.
    pub window: f64,
}

/// What a recording wrote.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RecordStats {
    /// Records written (the end record included).
    pub records: u64,
    /// Bytes written.
    pub bytes: u64,
    /// Records ring mode dropped (older than its window).
    pub dropped: u64,
}

/// A recording's bytes kept in memory: give a clone to
/// [`crate::World::start_recording`], read them after
/// [`crate::World::stop_recording`].
#[derive(Clone, Debug, Default)]
pub struct MemorySink(Arc<Mutex<Vec<u8>>>);

impl MemorySink {
    /// An empty buffer.
    pub fn new() -> Self {
        Self::default()
    }

    /// A copy of the bytes written so far.
    pub fn bytes(&self) -> Vec<u8> {
        self.0.lock().clone()
    }

    /// Takes the bytes written so far, leaving the buffer empty.
    pub fn take(&self) -> Vec<u8> {
        std::mem::take(&mut *self.0.lock())
    }
}

impl Write for MemorySink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A ring recording's part that starts at a checkpoint.
struct Segment {
    time: f64,
    bytes: Vec<u8>,
    records: u64,
}

/// Where records go.
enum Mode {
    Off,
    /// Streamed: framed into `buf`, written to the writer every [`FLUSH_BYTES`].
    Stream {
        writer: Box<dyn Write + Send>,
        buf: Vec<u8>,
    },
    /// Ring mode: segments, each starting at a checkpoint.
    Ring {
        writer: Box<dyn Write + Send>,
        window: f64,
        segments: VecDeque<Segment>,
        dropped: u64,
    },
    /// Replay: records kept as values, with the search problem of each replan.
    Capture(Vec<(Record, Option<SearchProblem>)>),
}

struct Inner {
    mode: Mode,
    scratch: Vec<u8>,
    records: u64,
    bytes: u64,
    /// The recorder's clock: the largest `base + clock` of an agent step seen.
    time: f64,
    next_checkpoint: f64,
    /// Domain versions written since the last checkpoint: (the domain, its key).
    keys: Vec<(Weak<Domain>, u32)>,
    next_key: u32,
    /// The writer failed: the recording stopped taking records.
    error: Option<String>,
}

/// A world's recorder (shared with its agents).
pub(crate) struct Recorder {
    on: AtomicBool,
    /// Recording in ring mode.
    ring: AtomicBool,
    /// Agents holding steps back (see `Agent::step`): when none, nothing needs flushing.
    held: AtomicUsize,
    checkpoint_due: AtomicBool,
    /// Held while a checkpoint is written (one at a time).
    pub(crate) checkpointing: Mutex<()>,
    inner: Mutex<Inner>,
}

impl std::fmt::Debug for Recorder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Recorder")
            .field("on", &self.is_on())
            .finish_non_exhaustive()
    }
}

impl Default for Recorder {
    fn default() -> Self {
        Recorder {
            on: AtomicBool::new(false),
            ring: AtomicBool::new(false),
            held: AtomicUsize::new(0),
            checkpoint_due: AtomicBool::new(false),
            checkpointing: Mutex::new(()),
            inner: Mutex::new(Inner {
                mode: Mode::Off,
                scratch: Vec::new(),
                records: 0,
                bytes: 0,
                time: 0.0,
                next_checkpoint: f64::INFINITY,
                keys: Vec::new(),
                next_key: 0,
                error: None,
            }),
        }
    }
}

impl Inner {
    fn push(&mut self, record: &Record, problem: Option<SearchProblem>) {
        if let Mode::Capture(v) = &mut self.mode {
            if self.error.is_none() {
                self.records += 1;
                v.push((record.clone(), problem));
            }
            return;
        }
        self.push_frame(|out, scratch| write_frame(out, scratch, record));
    }

    /// Appends one frame that `encode` writes (into the output, with a scratch buffer);
    /// not for capture mode.
    fn push_frame(&mut self, encode: impl FnOnce(&mut Vec<u8>, &mut Vec<u8>)) {
        if self.error.is_some() {
            return;
        }
        self.records += 1;
        match &mut self.mode {
            Mode::Off | Mode::Capture(_) => {}
            Mode::Stream { writer, buf } => {
                encode(buf, &mut self.scratch);
                if buf.len() >= FLUSH_BYTES {
                    self.bytes += buf.len() as u64;
                    if let Err(e) = writer.write_all(buf) {
                        self.error = Some(format!("the recording's writer failed: {e}"));
                    }
                    buf.clear();
                }
            }
            Mode::Ring { segments, .. } => {
                let s = segments
                    .back_mut()
                    .expect("a ring starts with a checkpoint");
                encode(&mut s.bytes, &mut self.scratch);
                s.records += 1;
            }
        }
    }
}

impl Recorder {
    /// True while recording (cheap: agents call it on every change).
    #[inline]
    pub(crate) fn is_on(&self) -> bool {
        self.on.load(Ordering::Relaxed)
    }

    /// True when ring mode wants a new checkpoint.
    #[inline]
    pub(crate) fn checkpoint_due(&self) -> bool {
        self.checkpoint_due.load(Ordering::Relaxed)
    }

    /// Starts recording into `writer` (streamed, or ring mode). Fails when already on.
    pub(crate) fn start(
        &self,
        writer: Box<dyn Write + Send>,
        options: RecordOptions,
    ) -> Result<(), String> {
        let w = options.window;
        if !(w.is_finite() && w >= 0.0) {
            return Err(format!(
                "the ring window must be a finite number of seconds >= 0 (0: keep everything), not {w}"
            ));
        }
        let mut i = self.inner.lock();
        if !matches!(i.mode, Mode::Off) {
            return Err("the world is already recording (stop it first)".into());
        }
        i.mode = if w > 0.0 {
            Mode::Ring {
                writer,
                window: w,
                segments: VecDeque::new(),
                dropped: 0,
            }
        } else {
            Mode::Stream {
                writer,
                buf: header().to_vec(),
            }
        };
        i.records = 0;
        i.bytes = 0;
        i.error = None;
        i.keys.clear();
        i.next_checkpoint = f64::INFINITY;
        self.ring.store(w > 0.0, Ordering::SeqCst);
        self.on.store(true, Ordering::SeqCst);
        Ok(())
    }

    /// Starts capturing records as values (replays).
    pub(crate) fn start_capture(&self) {
        let mut i = self.inner.lock();
        i.mode = Mode::Capture(Vec::new());
        self.on.store(true, Ordering::SeqCst);
    }

    /// The records captured since the last call.
    pub(crate) fn take_captured(&self) -> Vec<(Record, Option<SearchProblem>)> {
        match &mut self.inner.lock().mode {
            Mode::Capture(v) => std::mem::take(v),
            _ => Vec::new(),
        }
    }

    /// Ends the recording: writes what is kept and the end record, flushes.
    pub(crate) fn stop(&self) -> Result<RecordStats, String> {
        let mut i = self.inner.lock();
        self.on.store(false, Ordering::SeqCst);
        self.ring.store(false, Ordering::SeqCst);
        self.checkpoint_due.store(false, Ordering::SeqCst);
        let mode = std::mem::replace(&mut i.mode, Mode::Off);
        let error = i.error.take();
        let mut scratch = std::mem::take(&mut i.scratch);
        let result = match mode {
            Mode::Off => Err("the world is not recording".to_string()),
            Mode::Capture(_) => Ok(RecordStats::default()),
            Mode::Stream {
                mut writer,
                mut buf,
            } => {
                let records = i.records;
                write_frame(
                    &mut buf,
                    &mut scratch,
                    &Record::End {
                        records,
                        window: 0.0,
                    },
                );
                let bytes = i.bytes + buf.len() as u64;
                match error {
                    Some(e) => Err(e),
                    None => writer
                        .write_all(&buf)
                        .and_then(|()| writer.flush())
                        .map_err(|e| format!("the recording's writer failed: {e}"))
                        .map(|()| RecordStats {
                            records: records + 1,
                            bytes,
                            dropped: 0,
                        }),
                }
            }
            Mode::Ring {
                mut writer,
                window,
                segments,
                dropped,
            } => {
                let records: u64 = segments.iter().map(|s| s.records).sum();
                let mut out = header().to_vec();
                for s in &segments {
                    out.extend_from_slice(&s.bytes);
                }
                write_frame(&mut out, &mut scratch, &Record::End { records, window });
                writer
                    .write_all(&out)
                    .and_then(|()| writer.flush())
                    .map_err(|e| format!("the recording's writer failed: {e}"))
                    .map(|()| RecordStats {
                        records: records + 1,
                        bytes: out.len() as u64,
                        dropped,
                    })
            }
        };
        i.scratch = scratch;
        result
    }

    /// Records `record`.
    pub(crate) fn push(&self, record: Record) {
        self.inner.lock().push(&record, None);
    }

    /// Records a replan, with its search problem when capturing (replays).
    pub(crate) fn push_replan(
        &self,
        agent: IdRec,
        event: &ReplanEvent,
        plan: &[ActionId],
        problem: impl FnOnce() -> Option<SearchProblem>,
    ) {
        let mut i = self.inner.lock();
        if matches!(i.mode, Mode::Capture(_)) {
            let record = Record::Replan {
                agent,
                replan: ReplanRec::of(event, plan),
            };
            let p = problem();
            i.push(&record, p);
        } else {
            i.push_frame(|out, scratch| write_replan_frame(out, scratch, agent, event, plan));
        }
    }

    /// Records a step at `time` on the recorder's clock (advancing it).
    pub(crate) fn push_step(&self, record: Record, time: f64) {
        let mut i = self.inner.lock();
        self.advance(&mut i, time);
        i.push(&record, None);
    }

    /// Moves the clock to `time` if that is later; a checkpoint falls due once it passes
    /// the next one's time.
    fn advance(&self, i: &mut Inner, time: f64) {
        if time > i.time {
            i.time = time;
            if time >= i.next_checkpoint {
                self.checkpoint_due.store(true, Ordering::Relaxed);
            }
        }
    }

    /// An agent began holding steps back (`true`) or wrote those it held.
    #[inline]
    pub(crate) fn note_held(&self, holding: bool) {
        if holding {
            self.held.fetch_add(1, Ordering::Relaxed);
        } else {
            self.held.fetch_sub(1, Ordering::Relaxed);
        }
    }

    /// True when some agent may hold steps back.
    #[inline]
    pub(crate) fn any_held(&self) -> bool {
        self.held.load(Ordering::Relaxed) > 0
    }

    /// True in ring mode.
    #[inline]
    pub(crate) fn is_ring(&self) -> bool {
        self.ring.load(Ordering::Relaxed)
    }

    /// Advances the recorder's clock to `time` without a record (steps held back; only
    /// ring mode needs the clock).
    pub(crate) fn advance_time(&self, time: f64) {
        let mut i = self.inner.lock();
        self.advance(&mut i, time);
    }

    /// The recorder's clock.
    pub(crate) fn time(&self) -> f64 {
        self.inner.lock().time
    }

    /// Begins a checkpoint: in ring mode a new segment (dropping those older than the
    /// window), then the checkpoint record. Domain versions are written anew after it.
    pub(crate) fn begin_checkpoint(&self) {
        let mut i = self.inner.lock();
        let time = i.time;
        self.checkpoint_due.store(false, Ordering::Relaxed);
        if let Mode::Ring {
            window,
            segments,
            dropped,
            ..
        } = &mut i.mode
        {
            let window = *window;
            segments.push_back(Segment {
                time,
                bytes: Vec::new(),
                records: 0,
            });
            // Keep the latest segment that starts at or before `time - window`, and all
            // after it.
            while segments.len() >= 2 && segments[1].time <= time - window {
                let s = segments.pop_front().expect("two segments");
                *dropped += s.records;
            }
            i.next_checkpoint = time + window / 4.0;
        }
        i.keys.clear();
        i.push(&Record::Checkpoint { time }, None);
    }

    /// The key of `domain`'s version, writing its record first when this checkpoint's
    /// part of the recording has not (`make` builds it).
    pub(crate) fn domain_key(&self, domain: &Arc<Domain>, make: impl FnOnce(u32) -> Record) -> u32 {
        let mut i = self.inner.lock();
        if let Some(&(_, k)) = i
            .keys
            .iter()
            .find(|(w, _)| std::ptr::eq(w.as_ptr(), Arc::as_ptr(domain)))
        {
            return k;
        }
        i.keys.retain(|(w, _)| w.strong_count() > 0);
        let key = i.next_key;
        i.next_key += 1;
        i.keys.push((Arc::downgrade(domain), key));
        let r = make(key);
        i.push(&r, None);
        key
    }
}
