// Village sample: one NPC driven by a goap Agent. C# 7.2 (Unity 2021.3+, Mono's mcs).
using System;
using UnityEngine;

namespace Goap.Samples.Village
{
    /// <summary>
    /// A villager: its <see cref="Goap.Agent"/> (created in Start from the village's world,
    /// destroyed in OnDestroy) and the frame loop of goap.h: sense (hunger, a new day), step
    /// with Time.deltaTime, perform the action it is told to (walk to a place, or a timed
    /// "doing"), report Running, Succeeded or Failed. One action fails sometimes (dice from
    /// a seeded System.Random), and the "eat" goal's priority is the villager's hunger. Ids,
    /// names and arrays are resolved in Start: a frame makes no garbage.
    /// </summary>
    [DisallowMultipleComponent]
    public sealed class VillagerNpc : MonoBehaviour
    {
        // Seconds a "doing" takes: the world's clock, not the planner's cost (costs say what
        // a villager prefers; durations how long the world takes to do it). Others take 1 s.
        static readonly string[] SlowActions = { "bake_bread", "repair_bridge", "harvest" };
        static readonly float[] SlowSeconds = { 3f, 3f, 2f };
        // Actions after which the villager is no longer hungry.
        static readonly string[] Meals = { "eat_meal", "eat_bread" };

        const string IdleText = "idle";
        const string StuckText = "no plan";
        const string WaitingText = "...";

        [Tooltip("The village that owns the world; found among the parents when empty.")]
        [SerializeField] GoapVillage village = null;

        [SerializeField] VillagerRole role = new VillagerRole();

        [Tooltip("Position in the village: spreads villagers at one place and varies the dice.")]
        [SerializeField, Min(0)] int index = 0;

        [Header("Acting")]
        [SerializeField, Min(0.1f)] float walkSpeed = 3f;
        [Tooltip("Seconds a walk takes when its place has no Transform.")]
        [SerializeField, Min(0f)] float walkSecondsWithoutPlace = 2f;
        [Tooltip("The action that fails sometimes.")]
        [SerializeField] string failingAction = "repair_bridge";
        [SerializeField, Range(0f, 1f)] float failureChance = 0.3f;

        [Header("Planning")]
        [Tooltip("Seconds a failed action is not planned with (AgentSettings.FailureCooldown).")]
        [SerializeField, Min(0f)] float failureCooldown = 2f;
        [Tooltip("Another goal must beat the current one's priority by more than this (AgentSettings.SwitchMargin).")]
        [SerializeField, Min(0f)] float switchMargin = 1f;
        [Tooltip("From this hunger on, the villager senses that it is not fed.")]
        [SerializeField, Min(0f)] float hungryAt = 3f;
        [Tooltip("Log Agent.Explain when the villager finds no plan.")]
        [SerializeField] bool explainWhenStuck = true;

        Agent agent;
        bool hasAgent;
        Domain domain;
        System.Random dice;
        float hunger;
        int seenDay;
        Vector3 standOffset;

        // Resolved in Start.
        FactId fed;
        GoalId eatGoal;
        GoalId workGoal;
        FactValue[] newDay = new FactValue[0];
        ActionId[] walks = new ActionId[0];
        Transform[] walkTargets = new Transform[0];
        ActionId[] slow = new ActionId[0];
        ActionId[] meals = new ActionId[0];
        ActionId failing;

        // The action being performed.
        bool acting;
        ActionId current;
        float elapsed;
        float duration;
        Transform target;
        StepKind lastKind;

        TextMesh statusLabel;
        string status = WaitingText;

        /// <summary>The villager's agent (valid while <see cref="HasAgent"/>): the debug window reads it.</summary>
        public Agent Agent { get { return agent; } }

        /// <summary>True from Start until the agent or its world is destroyed.</summary>
        public bool HasAgent { get { return hasAgent && !agent.World.IsDisposed; } }

        /// <summary>The domain the agent plans in, for action names.</summary>
        public Domain Domain { get { return domain; } }

        /// <summary>The hunger, which is also the "eat" goal's priority.</summary>
        public float Hunger { get { return hunger; } }

        /// <summary>What it is doing: an action's name, "idle", "no plan" or "..." (waiting for a plan).</summary>
        public string Status { get { return status; } }

        /// <summary>Called by the village right after spawning, before Start.</summary>
        public void Configure(GoapVillage owner, VillagerRole villagerRole, int villagerIndex)
        {
            village = owner;
            role = villagerRole;
            index = villagerIndex;
        }

        void Start()
        {
            if (village == null) village = GetComponentInParent<GoapVillage>();
            if (village == null || village.World == null)
            {
                Debug.LogError("VillagerNpc: no GoapVillage with a loaded domain (assign one, or make the villager its child)", this);
                enabled = false;
                return;
            }
            domain = village.Domain;
            try
            {
                var settings = AgentSettings.For(domain);
                settings.SwitchMargin = switchMargin;
                settings.FailureCooldown = failureCooldown;
                settings.PlanInStep = !village.BatchPlanning;
                agent = village.World.CreateAgent(settings);
                hasAgent = true;
                Resolve();
                Believe();
            }
            catch (GoapException e)
            {
                // A role naming a fact, goal or place the domain lacks: NotFound, with the name.
                Debug.LogException(e, this);
                ReleaseAgent();
                enabled = false;
                return;
            }
            hunger = role.hunger;
            seenDay = village.Day;
            dice = new System.Random(unchecked(village.Seed * 31 + index));
            standOffset = new Vector3(0.7f * (index % 4) - 1f, 1f, 0.5f * (index / 4));
            var home = village.FindPlace(role.startAt);
            if (home != null) transform.position = home.position + standOffset;

            var body = GetComponent<Renderer>();
            if (body != null) body.material.color = role.color;
            GoapVillage.Label(transform, name + " (" + role.job + ")", new Vector3(0f, 1.7f, 0f), role.color);
            statusLabel = GoapVillage.Label(transform, status, new Vector3(0f, 1.3f, 0f), Color.white);
        }

        /// <summary>Ids of the names the villager uses every frame, looked up once.</summary>
        void Resolve()
        {
            fed = domain.FindFact("fed");
            eatGoal = agent.FindGoal("eat");
            workGoal = agent.FindGoal(role.workGoal);

            newDay = new FactValue[role.newDayFalse.Length + role.newDayTrue.Length];
            int n = 0;
            foreach (var f in role.newDayFalse) newDay[n++] = new FactValue(domain.FindFact(f), false);
            foreach (var f in role.newDayTrue) newDay[n++] = new FactValue(domain.FindFact(f), true);

            var places = GoapVillage.Places;
            walks = new ActionId[places.Length];
            walkTargets = new Transform[places.Length];
            for (int i = 0; i < places.Length; i++)
            {
                walks[i] = domain.FindAction("go_" + places[i]);
                walkTargets[i] = village.FindPlace(places[i]);
            }
            slow = new ActionId[SlowActions.Length];
            for (int i = 0; i < SlowActions.Length; i++) slow[i] = FindActionOrNone(SlowActions[i]);
            meals = new ActionId[Meals.Length];
            for (int i = 0; i < Meals.Length; i++) meals[i] = FindActionOrNone(Meals[i]);
            failing = string.IsNullOrEmpty(failingAction) ? default(ActionId) : domain.FindAction(failingAction);
        }

        /// <summary>The start beliefs of its role: where it is, what it carries, which goals it wants.</summary>
        void Believe()
        {
            foreach (var place in GoapVillage.Places)
                agent.SetFact(domain.FindFact("at_" + place), place == role.startAt);
            foreach (var item in GoapVillage.Items)
                agent.SetFact(domain.FindFact(item), Array.IndexOf(role.items, item) >= 0);
            // Its own work goal on, the other villagers' off; eat follows the hunger (Update).
            foreach (var goal in village.GoalNames)
            {
                if (goal == "eat") continue;
                agent.SetGoalPriority(agent.FindGoal(goal), goal == role.workGoal ? role.workPriority : 0.0);
            }
            agent.SetGoalPriority(workGoal, role.workPriority);
            agent.SetGoalPriority(eatGoal, role.hunger);
        }

        ActionId FindActionOrNone(string actionName)
        {
            try { return domain.FindAction(actionName); }
            catch (GoapException e) when (e.Status == Goap.Status.NotFound) { return default(ActionId); }
        }

        void Update()
        {
            if (!hasAgent) return;
            float dt = Time.deltaTime;
            try
            {
                Sense(dt);
                var step = agent.Step(dt);
                Act(step, dt);
                lastKind = step.Kind;
            }
            catch (ObjectDisposedException)
            {
                // The village (and its world) went first: nothing left to drive.
                hasAgent = false;
                enabled = false;
            }
            catch (GoapException e)
            {
                Debug.LogException(e, this);
                enabled = false;
            }
        }

        /// <summary>What the villager perceives this frame, written as beliefs and priorities.</summary>
        void Sense(float dt)
        {
            hunger += role.hungerPerSecond * dt;
            if (village.Day != seenDay)
            {
                seenDay = village.Day;
                if (newDay.Length > 0) agent.SetFacts(newDay, newDay.Length);
            }
            agent.SetFact(fed, hunger < hungryAt);
            agent.SetGoalPriority(eatGoal, hunger);
        }

        void Act(AgentStep step, float dt)
        {
            switch (step.Kind)
            {
                case StepKind.Start:
                    Begin(step.Action);
                    Perform(dt);
                    break;
                case StepKind.Continue:
                    if (!acting || step.Action != current) Begin(step.Action);
                    Perform(dt);
                    break;
                case StepKind.NoPlan:
                    acting = false;
                    Show(StuckText);
                    if (explainWhenStuck && lastKind != StepKind.NoPlan) ExplainStuck();
                    break;
                case StepKind.Idle:
                    acting = false;
                    Show(IdleText);
                    break;
                case StepKind.Planning:
                    // A search spread over steps (StepMaxExpansions): the action in progress goes on.
                    if (acting && step.Action == current) Perform(dt);
                    break;
                default:
                    // Waiting: the village's batch plans it in LateUpdate; an action in progress is dropped.
                    acting = false;
                    Show(WaitingText);
                    village.RequestBatch();
                    break;
            }
        }

        void Begin(ActionId action)
        {
            acting = true;
            current = action;
            elapsed = 0f;
            target = null;
            duration = 1f;
            for (int i = 0; i < walks.Length; i++)
            {
                if (walks[i] != action) continue;
                target = walkTargets[i];
                duration = walkSecondsWithoutPlace;
            }
            for (int i = 0; i < slow.Length; i++)
            {
                if (slow[i] == action) duration = SlowSeconds[i];
            }
            Show(village.ActionName(action));
        }

        void Perform(float dt)
        {
            elapsed += dt;
            bool done;
            if (target != null)
            {
                var goal = target.position + standOffset;
                transform.position = Vector3.MoveTowards(transform.position, goal, walkSpeed * dt);
                done = (transform.position - goal).sqrMagnitude < 1e-4f;
            }
            else
            {
                done = elapsed >= duration;
            }
            if (!done)
            {
                agent.Report(ActionReport.Running);
                return;
            }
            acting = false;
            if (failing.IsValid && current == failing && dice.NextDouble() < failureChance)
            {
                // The next step replans (ReplanCause.ActionFailed) without this action for failureCooldown s.
                agent.Report(ActionReport.Failed);
                Debug.LogFormat(this, "{0}: {1} failed ({2:0%} chance); replanning", name, village.ActionName(current), failureChance);
                return;
            }
            agent.Report(ActionReport.Succeeded);
            village.ActionDone(current);
            if (Array.IndexOf(meals, current) >= 0) hunger = 0f;
        }

        void ExplainStuck()
        {
            // What it wants most: food when hungry, else its work.
            bool hungry = hunger >= hungryAt;
            var goal = hungry ? eatGoal : workGoal;
            Debug.LogFormat(this, "{0} has no plan for '{1}'; Agent.Explain says:\n{2}",
                name, hungry ? "eat" : role.workGoal, agent.Explain(goal));
        }

        void Show(string text)
        {
            if (ReferenceEquals(text, status)) return;
            status = text;
            if (statusLabel != null) statusLabel.text = text;
        }

        void OnDestroy()
        {
            ReleaseAgent();
        }

        void ReleaseAgent()
        {
            // A world disposed first (the village's OnDestroy ran before this) took the agent along.
            if (hasAgent && !agent.World.IsDisposed) agent.Destroy();
            hasAgent = false;
        }
    }
}
