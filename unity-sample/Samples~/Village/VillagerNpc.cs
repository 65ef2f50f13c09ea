// Village sample: a villager, on the package's GoapAgentBehaviour. C# 7.2 (Unity 2021.3+, Mono's mcs).
using System;
using UnityEngine;

namespace Goap.Samples.Village
{
    /// <summary>
    /// A villager: its role, its hunger (a sensor: the "fed" belief and the "eat" goal's
    /// priority), its status label and its dice. The agent is the
    /// <see cref="GoapAgentBehaviour"/> on the same GameObject; walking and the other actions
    /// are performed by <see cref="VillageWalk"/> and <see cref="VillageWork"/>.
    /// </summary>
    [DisallowMultipleComponent]
    public sealed class VillagerNpc : MonoBehaviour, IGoapSensor
    {
        const string IdleText = "idle", StuckText = "no plan", WaitingText = "...";

        [SerializeField] GoapVillage village = null;
        [SerializeField] VillagerRole role = new VillagerRole();
        [Tooltip("Its place in the village's list: the dice's seed and where it stands.")]
        [SerializeField, Min(0)] int index = 0;
        [Tooltip("Metres per second of the walk actions.")]
        [SerializeField, Min(0.1f)] float walkSpeed = 3f;
        [Tooltip("Seconds a walk takes when its place is missing.")]
        [SerializeField, Min(0f)] float walkSecondsWithoutPlace = 2f;
        [Tooltip("The action that may fail, and how often.")]
        [SerializeField] string failingAction = "repair_bridge";
        [SerializeField, Range(0f, 1f)] float failureChance = 0.3f;
        [Tooltip("Seconds a failed action is left out of plans (the agent's Failure Cooldown).")]
        [SerializeField, Min(0f)] float failureCooldown = 2f;
        [Tooltip("The agent's Switch Margin: eating must beat work by more than this.")]
        [SerializeField, Min(0f)] float switchMargin = 1f;
        [Tooltip("From this hunger on, the villager senses it is not fed.")]
        [SerializeField, Min(0f)] float hungryAt = 3f;

        GoapAgentBehaviour agent;
        float hunger;
        int seenDay;
        string status = WaitingText;
        TextMesh statusLabel;
        System.Random dice;
        Vector3 standOffset;
        FactId fed;
        GoalId eatGoal;
        FactValue[] newDay = new FactValue[0];

        /// <summary>Its agent (for the Agent Debugger: any component with an Agent property works).</summary>
        public Agent Agent { get { return agent.Agent; } }
        /// <summary>True while it has an agent in a live world.</summary>
        public bool HasAgent { get { return agent != null && agent.HasAgent; } }
        /// <summary>The domain of its agent.</summary>
        public Domain Domain { get { return agent.Domain; } }
        /// <summary>The hunger, which is also the "eat" goal's priority.</summary>
        public float Hunger { get { return hunger; } }
        /// <summary>What it is doing: an action's name, "idle", "no plan" or "..." (waiting for a plan).</summary>
        public string Status { get { return status; } }
        internal GoapVillage Village { get { return village; } }
        internal Vector3 StandOffset { get { return standOffset; } }
        internal float WalkSpeed { get { return walkSpeed; } }
        internal float WalkSecondsWithoutPlace { get { return walkSecondsWithoutPlace; } }

        /// <summary>Called by the village right after spawning, before Start: sets up the agent component.</summary>
        public void Configure(GoapVillage owner, VillagerRole villagerRole, int villagerIndex)
        {
            village = owner;
            role = villagerRole;
            index = villagerIndex;
            agent.DomainAsset = owner.DomainAsset;
            agent.WorldBehaviour = owner.WorldBehaviour;
            agent.FailureCooldown = failureCooldown;
            agent.SwitchMargin = switchMargin;
            agent.ExplainWhenStuck = true;
            // Its own work goal on, the other villagers' off; eat follows the hunger (Sense).
            foreach (var goal in owner.GoalNames)
                agent.SetGoalPriority(goal, goal == "eat" ? role.hunger : goal == role.workGoal ? role.workPriority : 0f);
        }

        void Awake()
        {
            agent = GetComponent<GoapAgentBehaviour>();
            if (agent == null) agent = gameObject.AddComponent<GoapAgentBehaviour>();
            if (GetComponent<VillageWalk>() == null) gameObject.AddComponent<VillageWalk>();
            if (GetComponent<VillageWork>() == null) gameObject.AddComponent<VillageWork>();
            agent.AgentCreated += Believe;
            agent.ActionStarted += (a, action) => Show(a.CurrentActionName);
            agent.ActionFinished += Finished;
        }

        void Start()
        {
            hunger = role.hunger;
            seenDay = village != null ? village.Day : 0;
            dice = new System.Random(unchecked((village != null ? village.Seed : 0) * 31 + index));
            standOffset = new Vector3(0.7f * (index % 4) - 1f, 1f, 0.5f * (index / 4));
            var home = village != null ? village.FindPlace(role.startAt) : null;
            if (home != null) transform.position = home.position + standOffset;
            var body = GetComponent<Renderer>();
            if (body != null) body.material.color = role.color;
            GoapVillage.Label(transform, name + " (" + role.job + ")", new Vector3(0f, 1.7f, 0f), role.color);
            statusLabel = GoapVillage.Label(transform, status, new Vector3(0f, 1.3f, 0f), Color.white);
        }

        /// <summary>The start beliefs of its role (the agent was just made): where it is, what it carries.</summary>
        void Believe(GoapAgentBehaviour a)
        {
            fed = a.Fact("fed");
            eatGoal = a.Agent.FindGoal("eat");
            newDay = new FactValue[role.newDayFalse.Length + role.newDayTrue.Length];
            int n = 0;
            foreach (var f in role.newDayFalse) newDay[n++] = new FactValue(a.Fact(f), false);
            foreach (var f in role.newDayTrue) newDay[n++] = new FactValue(a.Fact(f), true);
            foreach (var place in GoapVillage.Places) a.Agent.SetFact(a.Fact("at_" + place), place == role.startAt);
            foreach (var item in GoapVillage.Items) a.Agent.SetFact(a.Fact(item), Array.IndexOf(role.items, item) >= 0);
        }

        /// <summary>Before each step: hunger grows, a new day brings its facts.</summary>
        public void Sense(GoapAgentBehaviour a)
        {
            hunger += role.hungerPerSecond * a.DeltaTime;
            if (village.Day != seenDay)
            {
                seenDay = village.Day;
                if (newDay.Length > 0) a.Agent.SetFacts(newDay, newDay.Length);
            }
            a.Agent.SetFact(fed, hunger < hungryAt);
            a.Agent.SetGoalPriority(eatGoal, hunger);
        }

        void Finished(GoapAgentBehaviour a, ActionId action, bool succeeded)
        {
            if (!succeeded) return;
            village.ActionDone(status); // the name shown since the action started
            if (status == "eat_meal" || status == "eat_bread") hunger = 0f;
        }

        /// <summary>The dice of the failing action: true when <paramref name="action"/> fails this time.</summary>
        internal bool RollFailure(string action)
        {
            if (action != failingAction || !(dice.NextDouble() < failureChance)) return false;
            Debug.LogFormat(this, "{0}: {1} failed ({2:0%} chance); replanning", name, action, failureChance);
            return true;
        }

        void LateUpdate()
        {
            if (!HasAgent) return;
            switch (agent.LastStep.Kind)
            {
                case StepKind.NoPlan: Show(StuckText); break;
                case StepKind.Idle: Show(IdleText); break;
                case StepKind.Waiting: Show(WaitingText); break;
            }
        }

        void Show(string text)
        {
            if (text == null || ReferenceEquals(text, status)) return;
            status = text;
            if (statusLabel != null) statusLabel.text = text;
        }
    }
}
