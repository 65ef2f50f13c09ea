using System;
using System.Runtime.InteropServices;
using Goap.Native;

namespace Goap
{
    /// <summary>Native status codes (goap.h GoapStatus); <see cref="GoapException.Status"/>.</summary>
    public enum Status
    {
        Ok = 0, NullPointer = 1, InvalidUtf8 = 2, InvalidArgument = 3, InvalidCost = 4,
        UnknownDomain = 5, UnknownFact = 6, UnknownAction = 7, DuplicateName = 8,
        Contradiction = 9, BufferTooSmall = 10, ParseError = 11, NotFound = 12, Panic = 13,
        NoGoal = 14, TooMany = 15, UnknownVar = 16, OutOfRange = 17, UnknownAgent = 18,
        UnknownGoal = 19, NoAction = 20, CallbackFailed = 21, Busy = 22,
        OutOfMemory = 23, Poisoned = 24, TooLate = 25, RecordingFailed = 26, ReplayDiverged = 27,
    }

    /// <summary>Severity of a log message (goap.h GoapLogLevel); see <see cref="Library.SetLogHandler"/>.</summary>
    public enum LogLevel { Error = 1, Warning = 2, Info = 3 }

    /// <summary>Search heuristic (goap.h GoapHeuristic). Every one but none is admissible: plans are optimal.</summary>
    public enum Heuristic { Auto = 0, LmCut = 1, Landmarks = 2, HMax = 3, Blind = 4 }

    /// <summary>
    /// Search direction (goap.h GoapDirection). Both directions return minimum-cost plans. Backward
    /// regresses from the goal; where an action or the goal uses a variable the search runs forward.
    /// </summary>
    public enum Direction { Auto = 0, Forward = 1, Backward = 2 }

    /// <summary>What a plan call found (goap.h GoapOutcome).</summary>
    public enum Outcome { Found = 0, NoPlan = 1, Limit = 2 }

    /// <summary>Comparison of a variable condition (goap.h GoapCompare).</summary>
    public enum Compare { Eq = 1, Ne = 2, Lt = 3, Le = 4, Gt = 5, Ge = 6 }

    /// <summary>Operation of a variable effect (goap.h GoapVarOp).</summary>
    public enum VarOp { Set = 1, Add = 2, Sub = 3 }

    /// <summary>What an effect that would leave a variable's range does (goap.h GoapOverflow).</summary>
    public enum Overflow { Reject = 0, Saturate = 1 }

    /// <summary>What <see cref="Agent.Step"/> tells the engine to do (goap.h GoapStepKind).</summary>
    public enum StepKind { Start = 1, Continue = 2, Idle = 3, NoPlan = 4, Waiting = 5, Planning = 6 }

    /// <summary>The outcome of the action in progress, for <see cref="Agent.Report"/> (goap.h GoapReport).</summary>
    public enum ActionReport { Running = 1, Succeeded = 2, Failed = 3 }

    /// <summary>Why an agent replanned (goap.h GoapReplanCause); None before the first replan.</summary>
    public enum ReplanCause { None = 0, NoPlan = 1, ActionFailed = 2, GoalChanged = 3, PlanInvalidated = 4, StepsSkipped = 5 }

    /// <summary>What a replan produced (goap.h GoapReplanResult).</summary>
    public enum ReplanResult { Found = 1, NoPlan = 2, Limit = 3, Skipped = 4, Kept = 5 }

    /// <summary>Format of <see cref="Agent.Explain"/> (goap.h GoapExplainFormat).</summary>
    public enum ExplainFormat { Text = 1, Json = 2 }

    /// <summary>A domain's id. Opaque: compare for equality only. Default (0) is no domain.</summary>
    public readonly struct DomainId : IEquatable<DomainId>
    {
        /// <summary>The native id.</summary>
        public readonly ulong Value;
        /// <summary>Wraps a native id.</summary>
        public DomainId(ulong value) { Value = value; }
        /// <summary>From the native id (goap.h GoapDomainId).</summary>
        internal DomainId(GoapDomainId id) { Value = id.bits; }
        /// <summary>The native id (goap.h GoapDomainId).</summary>
        internal GoapDomainId Native { get { return new GoapDomainId { bits = Value }; } }
        /// <summary>False for the default (0) id.</summary>
        public bool IsValid { get { return Value != 0; } }
        public bool Equals(DomainId other) { return Value == other.Value; }
        public override bool Equals(object obj) { return obj is DomainId && Equals((DomainId)obj); }
        public override int GetHashCode() { return Value.GetHashCode(); }
        public override string ToString() { return "DomainId(0x" + Value.ToString("x") + ")"; }
        public static bool operator ==(DomainId a, DomainId b) { return a.Value == b.Value; }
        public static bool operator !=(DomainId a, DomainId b) { return a.Value != b.Value; }
    }

    /// <summary>A fact's id within its domain. Opaque: compare for equality only. Default (0) is no fact.</summary>
    public readonly struct FactId : IEquatable<FactId>
    {
        /// <summary>The native id.</summary>
        public readonly ulong Value;
        /// <summary>Wraps a native id.</summary>
        public FactId(ulong value) { Value = value; }
        /// <summary>From the native id (goap.h GoapFactId).</summary>
        internal FactId(GoapFactId id) { Value = id.bits; }
        /// <summary>The native id (goap.h GoapFactId).</summary>
        internal GoapFactId Native { get { return new GoapFactId { bits = Value }; } }
        /// <summary>False for the default (0) id.</summary>
        public bool IsValid { get { return Value != 0; } }
        public bool Equals(FactId other) { return Value == other.Value; }
        public override bool Equals(object obj) { return obj is FactId && Equals((FactId)obj); }
        public override int GetHashCode() { return Value.GetHashCode(); }
        public override string ToString() { return "FactId(0x" + Value.ToString("x") + ")"; }
        public static bool operator ==(FactId a, FactId b) { return a.Value == b.Value; }
        public static bool operator !=(FactId a, FactId b) { return a.Value != b.Value; }
    }

    /// <summary>An integer variable's id within its domain. Opaque: compare for equality only. Default (0) is no variable.</summary>
    public readonly struct VarId : IEquatable<VarId>
    {
        /// <summary>The native id.</summary>
        public readonly ulong Value;
        /// <summary>Wraps a native id.</summary>
        public VarId(ulong value) { Value = value; }
        /// <summary>From the native id (goap.h GoapVarId).</summary>
        internal VarId(GoapVarId id) { Value = id.bits; }
        /// <summary>The native id (goap.h GoapVarId).</summary>
        internal GoapVarId Native { get { return new GoapVarId { bits = Value }; } }
        /// <summary>False for the default (0) id.</summary>
        public bool IsValid { get { return Value != 0; } }
        public bool Equals(VarId other) { return Value == other.Value; }
        public override bool Equals(object obj) { return obj is VarId && Equals((VarId)obj); }
        public override int GetHashCode() { return Value.GetHashCode(); }
        public override string ToString() { return "VarId(0x" + Value.ToString("x") + ")"; }
        public static bool operator ==(VarId a, VarId b) { return a.Value == b.Value; }
        public static bool operator !=(VarId a, VarId b) { return a.Value != b.Value; }
    }

    /// <summary>An action's id within its domain. Opaque: compare for equality only. Default (0) is no action.</summary>
    public readonly struct ActionId : IEquatable<ActionId>
    {
        /// <summary>The native id.</summary>
        public readonly ulong Value;
        /// <summary>Wraps a native id.</summary>
        public ActionId(ulong value) { Value = value; }
        /// <summary>From the native id (goap.h GoapActionId).</summary>
        internal ActionId(GoapActionId id) { Value = id.bits; }
        /// <summary>The native id (goap.h GoapActionId).</summary>
        internal GoapActionId Native { get { return new GoapActionId { bits = Value }; } }
        /// <summary>False for the default (0) id.</summary>
        public bool IsValid { get { return Value != 0; } }
        public bool Equals(ActionId other) { return Value == other.Value; }
        public override bool Equals(object obj) { return obj is ActionId && Equals((ActionId)obj); }
        public override int GetHashCode() { return Value.GetHashCode(); }
        public override string ToString() { return "ActionId(0x" + Value.ToString("x") + ")"; }
        public static bool operator ==(ActionId a, ActionId b) { return a.Value == b.Value; }
        public static bool operator !=(ActionId a, ActionId b) { return a.Value != b.Value; }
    }

    /// <summary>An agent's id within its world: generational, so a destroyed agent's id stays invalid. Default (0) is no agent.</summary>
    public readonly struct AgentId : IEquatable<AgentId>
    {
        /// <summary>The native id.</summary>
        public readonly ulong Value;
        /// <summary>Wraps a native id.</summary>
        public AgentId(ulong value) { Value = value; }
        /// <summary>From the native id (goap.h GoapAgentId).</summary>
        internal AgentId(GoapAgentId id) { Value = id.bits; }
        /// <summary>The native id (goap.h GoapAgentId).</summary>
        internal GoapAgentId Native { get { return new GoapAgentId { bits = Value }; } }
        /// <summary>False for the default (0) id.</summary>
        public bool IsValid { get { return Value != 0; } }
        public bool Equals(AgentId other) { return Value == other.Value; }
        public override bool Equals(object obj) { return obj is AgentId && Equals((AgentId)obj); }
        public override int GetHashCode() { return Value.GetHashCode(); }
        public override string ToString() { return "AgentId(0x" + Value.ToString("x") + ")"; }
        public static bool operator ==(AgentId a, AgentId b) { return a.Value == b.Value; }
        public static bool operator !=(AgentId a, AgentId b) { return a.Value != b.Value; }
    }

    /// <summary>
    /// A goal of one agent (goap.h GoapGoalId): generational, so the id of a removed goal
    /// (<see cref="Agent.RemoveGoal"/>) stays invalid (<see cref="Status.UnknownGoal"/>) and
    /// never names a later goal. Opaque: compare for equality only; list an agent's goals with
    /// <see cref="Agent.GoalAt"/>. Default (0) is no goal, <see cref="None"/>.
    /// Before goals could be removed, a GoalId was an index (<c>Index</c>, None = -1, and
    /// <c>new GoalId(0)</c> the first goal): use <c>agent.GoalAt(0)</c> for that now.
    /// </summary>
    public readonly struct GoalId : IEquatable<GoalId>
    {
        /// <summary>The native id (opaque bits; 0 for none).</summary>
        public readonly ulong Value;
        /// <summary>No goal: the default (null) id, what steps and replans carry when there is no goal.</summary>
        public static readonly GoalId None = default(GoalId);
        /// <summary>
        /// Wraps a native id's bits (for ids kept outside the wrapper). Not an index: there is no
        /// public constructor from a number, so code written for the index-based GoalId
        /// (<c>new GoalId(0)</c>) fails to compile instead of naming no goal.
        /// </summary>
        public static GoalId FromValue(ulong value) { return new GoalId(new GoapGoalId { bits = value }); }
        /// <summary>From the native id (goap.h GoapGoalId).</summary>
        internal GoalId(GoapGoalId id) { Value = id.bits; }
        /// <summary>The native id (goap.h GoapGoalId).</summary>
        internal GoapGoalId Native { get { return new GoapGoalId { bits = Value }; } }
        /// <summary>False for <see cref="None"/> (the default, null id). True says nothing about whether the goal still exists.</summary>
        public bool IsValid { get { return Value != 0; } }
        /// <summary>True for <see cref="None"/> (the default, null id).</summary>
        public bool IsNone { get { return Value == 0; } }
        public bool Equals(GoalId other) { return Value == other.Value; }
        public override bool Equals(object obj) { return obj is GoalId && Equals((GoalId)obj); }
        public override int GetHashCode() { return Value.GetHashCode(); }
        public override string ToString() { return IsNone ? "GoalId(none)" : "GoalId(0x" + Value.ToString("x") + ")"; }
        public static bool operator ==(GoalId a, GoalId b) { return a.Value == b.Value; }
        public static bool operator !=(GoalId a, GoalId b) { return a.Value != b.Value; }
    }

    /// <summary>A fact and a value: a condition, an effect or an assignment. Same layout as goap.h GoapFactValue.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public readonly struct FactValue
    {
        readonly GoapFactId fact;
        readonly int value;
        /// <summary><paramref name="fact"/> is (or must be, or becomes) <paramref name="value"/>.</summary>
        public FactValue(FactId fact, bool value) { this.fact = fact.Native; this.value = value ? 1 : 0; }
        /// <summary>The fact.</summary>
        public FactId Fact { get { return new FactId(fact); } }
        /// <summary>Its value.</summary>
        public bool Value { get { return value != 0; } }
    }

    /// <summary>A variable's start value. Same layout as goap.h GoapVarValue.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public readonly struct VarValue
    {
        readonly GoapVarId var;
        readonly int value;
        /// <summary><paramref name="var"/> is <paramref name="value"/>.</summary>
        public VarValue(VarId var, int value) { this.var = var.Native; this.value = value; }
        /// <summary>The variable.</summary>
        public VarId Var { get { return new VarId(var); } }
        /// <summary>Its value.</summary>
        public int Value { get { return value; } }
    }

    /// <summary>A condition <c>var op value</c>. Same layout as goap.h GoapVarCondition.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public readonly struct VarCondition
    {
        readonly GoapVarId var;
        readonly int op;
        readonly int value;
        /// <summary>The condition <paramref name="var"/> <paramref name="op"/> <paramref name="value"/>.</summary>
        public VarCondition(VarId var, Compare op, int value) { this.var = var.Native; this.op = (int)op; this.value = value; }
        /// <summary>The variable.</summary>
        public VarId Var { get { return new VarId(var); } }
        /// <summary>The comparison.</summary>
        public Compare Op { get { return (Compare)op; } }
        /// <summary>The constant compared with.</summary>
        public int Value { get { return value; } }
    }

    /// <summary>An effect <c>var op value</c>. Same layout as goap.h GoapVarEffect.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public readonly struct VarEffect
    {
        readonly GoapVarId var;
        readonly int op;
        readonly int value;
        /// <summary>The effect <paramref name="var"/> <paramref name="op"/> <paramref name="value"/>.</summary>
        public VarEffect(VarId var, VarOp op, int value) { this.var = var.Native; this.op = (int)op; this.value = value; }
        /// <summary>The variable.</summary>
        public VarId Var { get { return new VarId(var); } }
        /// <summary>Set, add or subtract.</summary>
        public VarOp Op { get { return (VarOp)op; } }
        /// <summary>The value set, or the step added or subtracted.</summary>
        public int Value { get { return value; } }
    }
}
