// Village sample: the villagers' action handlers. C# 7.2 (Unity 2021.3+, Mono's mcs).
using UnityEngine;

namespace Goap.Samples.Village
{
    /// <summary>Walks to the place a "go_X" action names (or takes a while without one).</summary>
    [GoapAction("go_*")]
    public sealed class VillageWalk : MonoBehaviour, IGoapAction
    {
        VillagerNpc npc;
        Transform target;

        void Awake() { npc = GetComponent<VillagerNpc>(); }

        public void OnStart(GoapActionContext ctx) { target = npc.Village.PlaceOfWalk(ctx.ActionName); }

        public GoapActionStatus OnTick(GoapActionContext ctx, float dt)
        {
            if (target == null) return ctx.Elapsed >= npc.WalkSecondsWithoutPlace ? GoapActionStatus.Succeeded : GoapActionStatus.Running;
            var goal = target.position + npc.StandOffset;
            transform.position = Vector3.MoveTowards(transform.position, goal, npc.WalkSpeed * dt);
            return (transform.position - goal).sqrMagnitude < 1e-4f ? GoapActionStatus.Succeeded : GoapActionStatus.Running;
        }

        public void OnAbort(GoapActionContext ctx) { target = null; }
    }

    /// <summary>Every other action: takes a while (baking, repairing and harvesting longer), and the failing one may fail.</summary>
    [GoapAction("*")]
    public sealed class VillageWork : MonoBehaviour, IGoapAction
    {
        static readonly string[] SlowActions = { "bake_bread", "repair_bridge", "harvest" };
        static readonly float[] SlowSeconds = { 3f, 3f, 2f };
        VillagerNpc npc;
        float duration;

        void Awake() { npc = GetComponent<VillagerNpc>(); }

        public void OnStart(GoapActionContext ctx)
        {
            duration = 1f;
            for (int i = 0; i < SlowActions.Length; i++) if (SlowActions[i] == ctx.ActionName) duration = SlowSeconds[i];
        }

        public GoapActionStatus OnTick(GoapActionContext ctx, float dt)
        {
            if (ctx.Elapsed < duration) return GoapActionStatus.Running;
            // A failure: the next step replans (ReplanCause.ActionFailed) without it for the cooldown.
            return npc.RollFailure(ctx.ActionName) ? GoapActionStatus.Failed : GoapActionStatus.Succeeded;
        }

        public void OnAbort(GoapActionContext ctx) { }
    }
}
