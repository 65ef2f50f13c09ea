/*
 * C harness for include/goap.h: plans the kitchen domain built by hand and loaded from
 * JSON and a small domain with an integer variable, checks error statuses, last-error
 * messages, buffer-too-small and a forced panic, and drives an agent through the kitchen
 * plan with a failure, a replan, a callback and a batch, lists and removes goals by id and
 * checks the null-id and equality helpers. Valid C99 and C++17; built and run (also under
 * valgrind) by tests/c_harness.rs:
 *
 *   gcc -std=c99 -Wall -Wextra -Wpedantic -Werror -Iinclude tests/c/harness.c \
 *       target/debug/libgoap.a -lpthread -ldl -lm -o harness
 *   ./harness examples/domains/kitchen.json
 *
 * Prints "N passed, M failed" last; exits 1 when any check failed.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "goap.h"

static int passed = 0;
static int failed = 0;

#define CHECK(cond) check((cond) != 0, #cond, __LINE__)
#define CHECK_STATUS(call, expected) check_status((call), (expected), #call, __LINE__)

static void check(int ok, const char *what, int line) {
    if (ok) {
        passed++;
    } else {
        failed++;
        fprintf(stderr, "harness.c:%d: check failed: %s\n", line, what);
    }
}

/* The thread's last error, copied into a static buffer. */
static const char *last_error(void) {
    static char buf[2048];
    uint32_t len = 0;
    GoapStatus st = goap_last_error_message(buf, (uint32_t)sizeof buf, &len);
    if (st != GOAP_STATUS_OK) {
        snprintf(buf, sizeof buf, "<goap_last_error_message failed: %s>", goap_status_name(st));
    }
    return buf;
}

static void check_status(GoapStatus got, GoapStatus expected, const char *call, int line) {
    if (got == expected) {
        passed++;
    } else {
        failed++;
        fprintf(stderr, "harness.c:%d: %s returned %s, expected %s (last error: %s)\n", line,
                call, goap_status_name(got), goap_status_name(expected), last_error());
    }
}

/* The last error contains `needle`. */
#define CHECK_MESSAGE(needle) check_message((needle), __LINE__)
static void check_message(const char *needle, int line) {
    const char *msg = last_error();
    if (strstr(msg, needle) != NULL) {
        passed++;
    } else {
        failed++;
        fprintf(stderr, "harness.c:%d: last error \"%s\" lacks \"%s\"\n", line, msg, needle);
    }
}

static uint32_t len32(const char *s) { return (uint32_t)strlen(s); }

static GoapFactValue fv(GoapFactId fact, int32_t value) {
    GoapFactValue v;
    v.fact = fact;
    v.value = value;
    return v;
}

/* ------------------------------------------------------------------ kitchen by hand */

enum { VEG_BOUGHT, VEG_WASHED, VEG_CUT, VEG_FRIED, MEAT_BOUGHT, MEAT_DONE, RICE_DONE, DINNER, FACTS };

static const char *const fact_names[FACTS] = {
    "菜已买", "菜已洗", "菜已切", "菜已炒", "肉已买", "肉已熟", "饭已熟", "晚餐完成",
};

typedef struct KitchenAction {
    const char *name;
    int pre[3];
    int pre_count;
    int effect;
    double cost;
} KitchenAction;

static const KitchenAction kitchen_actions[7] = {
    {"洗菜", {VEG_BOUGHT, 0, 0}, 1, VEG_WASHED, 1.0},
    {"切菜", {VEG_WASHED, 0, 0}, 1, VEG_CUT, 1.0},
    {"炒菜", {VEG_CUT, 0, 0}, 1, VEG_FRIED, 2.0},
    {"买肉", {0, 0, 0}, 0, MEAT_BOUGHT, 3.0},
    {"炖肉", {MEAT_BOUGHT, 0, 0}, 1, MEAT_DONE, 4.0},
    {"蒸饭", {0, 0, 0}, 0, RICE_DONE, 5.0},
    {"摆盘", {VEG_FRIED, MEAT_DONE, RICE_DONE}, 3, DINNER, 1.0},
};

static GoapDomainId build_kitchen(GoapWorld *world, GoapFactId facts[FACTS]) {
    GoapDomainDef ddef = goap_domain_def_default();
    GoapDomainId d = GOAP_NULL_DOMAIN_ID;
    int i, j;
    ddef.name = "kitchen";
    ddef.name_len = len32(ddef.name);
    CHECK_STATUS(goap_domain_create(world, &ddef, &d), GOAP_STATUS_OK);
    for (i = 0; i < FACTS; i++) {
        CHECK_STATUS(goap_domain_add_fact(world, d, fact_names[i], len32(fact_names[i]), &facts[i]),
                     GOAP_STATUS_OK);
    }
    for (i = 0; i < 7; i++) {
        const KitchenAction *k = &kitchen_actions[i];
        GoapFactValue pre[3];
        GoapFactValue effect = fv(facts[k->effect], 1);
        GoapActionDef def = goap_action_def_default();
        GoapActionId id = GOAP_NULL_ACTION_ID;
        for (j = 0; j < k->pre_count; j++) pre[j] = fv(facts[k->pre[j]], 1);
        def.name = k->name;
        def.name_len = len32(k->name);
        def.pre = k->pre_count > 0 ? pre : NULL;
        def.pre_count = (uint32_t)k->pre_count;
        def.effects = &effect;
        def.effect_count = 1;
        def.cost = k->cost;
        CHECK_STATUS(goap_domain_add_action(world, d, &def, &id), GOAP_STATUS_OK);
        CHECK(!goap_action_id_is_null(id));
    }
    {
        GoapFactValue start = fv(facts[VEG_BOUGHT], 1);
        GoapFactValue goal = fv(facts[DINNER], 1);
        CHECK_STATUS(goap_domain_set_start(world, d, &start, 1), GOAP_STATUS_OK);
        CHECK_STATUS(goap_domain_set_goal(world, d, &goal, 1), GOAP_STATUS_OK);
    }
    return d;
}

/* Plans the stored problem of `d`, checks cost 17 / 7 steps and prints the plan. */
static void plan_kitchen(const GoapWorld *world, GoapDomainId d, const char *label) {
    GoapActionId plan[16];
    GoapPlanResult r;
    r.size = (uint32_t)sizeof r;
    uint32_t i;
    double replayed = 0.0;
    uint32_t error_len = goap_last_error_length();
    GoapStatus st = goap_domain_plan(world, d, NULL, plan, 16, &r);
    CHECK_STATUS(st, GOAP_STATUS_OK);
    if (st != GOAP_STATUS_OK) return; /* r and plan were not written */
    CHECK(r.outcome == GOAP_OUTCOME_FOUND);
    CHECK(r.action_count == 7);
    CHECK(r.cost == 17.0);
    CHECK(r.expanded > 0);
    printf("%s: cost %g, %u actions, %llu expanded:", label, r.cost, (unsigned)r.action_count,
           (unsigned long long)r.expanded);
    for (i = 0; i < r.action_count && i < 16; i++) {
        char name[64];
        uint32_t len = 0;
        int k;
        CHECK_STATUS(goap_domain_action_name(world, d, plan[i], name, (uint32_t)sizeof name, &len),
                     GOAP_STATUS_OK);
        CHECK(len == strlen(name));
        for (k = 0; k < 7; k++) {
            if (strcmp(kitchen_actions[k].name, name) == 0) replayed += kitchen_actions[k].cost;
        }
        printf(" %s", name);
    }
    printf("\n");
    CHECK(replayed == 17.0);
    CHECK(goap_last_error_length() == error_len); /* successes leave the last error alone */
}

static void test_kitchen_by_hand(void) {
    GoapWorldDef wdef = goap_world_def_default();
    GoapWorld *world = NULL;
    GoapFactId facts[FACTS];
    GoapDomainId d;
    uint32_t count = 0;
    CHECK_STATUS(goap_world_create(&wdef, &world), GOAP_STATUS_OK);
    CHECK(world != NULL);
    d = build_kitchen(world, facts);
    CHECK_STATUS(goap_domain_fact_count(world, d, &count), GOAP_STATUS_OK);
    CHECK(count == 8);
    CHECK_STATUS(goap_domain_action_count(world, d, &count), GOAP_STATUS_OK);
    CHECK(count == 7);
    plan_kitchen(world, d, "kitchen (by hand)");

    /* plan_from: the engine senses fried vegetables and cooked rice. */
    {
        GoapFactValue start[2];
        GoapFactValue goal = fv(facts[DINNER], 1);
        GoapActionId plan[8];
        GoapPlanResult r;
        r.size = (uint32_t)sizeof r;
        GoapPlanOptions opts = goap_plan_options_default();
        opts.heuristic = GOAP_HEURISTIC_LMCUT;
        start[0] = fv(facts[VEG_FRIED], 1);
        start[1] = fv(facts[RICE_DONE], 1);
        CHECK_STATUS(goap_domain_plan_from(world, d, start, 2, &goal, 1, &opts, plan, 8, &r),
                     GOAP_STATUS_OK);
        CHECK(r.outcome == GOAP_OUTCOME_FOUND && r.action_count == 3 && r.cost == 8.0);
    }

    /* Buffer too small: result written with the needed count, actions untouched. */
    {
        /* Sentinel bits (no action has them) to see that nothing is written. */
        GoapActionId plan[3] = {{42}, {42}, {42}};
        GoapPlanResult r;
        r.size = (uint32_t)sizeof r;
        CHECK_STATUS(goap_domain_plan(world, d, NULL, plan, 3, &r), GOAP_STATUS_BUFFER_TOO_SMALL);
        CHECK(r.action_count == 7);
        CHECK(r.cost == 17.0);
        CHECK(plan[0].bits == 42 && plan[1].bits == 42 && plan[2].bits == 42);
        CHECK_MESSAGE("the plan has 7 actions");
    }
    {
        char name[8];
        uint32_t len = 0;
        memset(name, 'x', sizeof name);
        /* "晚餐完成" is 12 bytes: needs 13. */
        CHECK_STATUS(goap_domain_fact_name(world, d, facts[DINNER], name, 8, &len),
                     GOAP_STATUS_BUFFER_TOO_SMALL);
        CHECK(len == 12);
        CHECK(name[0] == 'x' && name[7] == 'x');
        CHECK_STATUS(goap_domain_fact_name(world, d, facts[DINNER], NULL, 0, &len),
                     GOAP_STATUS_BUFFER_TOO_SMALL);
        CHECK(len == 12);
    }
    /* No plan and node limit are outcomes, not errors. */
    {
        GoapFactId lonely = GOAP_NULL_FACT_ID;
        GoapFactValue goal;
        GoapPlanResult r;
        r.size = (uint32_t)sizeof r;
        GoapPlanOptions opts = goap_plan_options_default();
        CHECK_STATUS(goap_domain_add_fact(world, d, "unreachable", len32("unreachable"), &lonely),
                     GOAP_STATUS_OK);
        goal = fv(lonely, 1);
        CHECK_STATUS(goap_domain_plan_from(world, d, NULL, 0, &goal, 1, NULL, NULL, 0, &r),
                     GOAP_STATUS_OK);
        CHECK(r.outcome == GOAP_OUTCOME_NO_PLAN);
        opts.max_nodes = 2;
        CHECK_STATUS(goap_domain_plan(world, d, &opts, NULL, 0, &r), GOAP_STATUS_OK);
        CHECK(r.outcome == GOAP_OUTCOME_LIMIT);
    }
    goap_world_destroy(world);
}

/* ------------------------------------------------------------------ errors */

/* What a log callback received (the last message only). */
struct logged {
    int calls;
    int32_t level;
    char text[512];
};

static void record_log(int32_t level, const char *message, uint32_t len, void *user) {
    struct logged *log = (struct logged *)user;
    size_t n = len < sizeof log->text - 1 ? len : sizeof log->text - 1;
    log->calls++;
    log->level = level;
    memcpy(log->text, message, n);
    log->text[n] = '\0';
}

static void test_errors(void) {
    GoapWorldDef wdef = goap_world_def_default();
    GoapWorld *world = NULL;
    GoapWorld *other = NULL;
    GoapFactId facts[FACTS];
    GoapFactId foreign[FACTS];
    GoapDomainId d, od;
    GoapActionDef def;
    GoapActionId action = GOAP_NULL_ACTION_ID;
    GoapFactValue effect;
    GoapFactId out = GOAP_NULL_FACT_ID;

    CHECK_STATUS(goap_world_create(NULL, &world), GOAP_STATUS_NULL_POINTER);
    CHECK_MESSAGE("goap_world_create: argument `def` is NULL");
    CHECK(world == NULL);
    wdef.cookie = 0;
    CHECK_STATUS(goap_world_create(&wdef, &world), GOAP_STATUS_INVALID_ARGUMENT);
    CHECK_MESSAGE("not initialised with goap_world_def_default()");
    wdef = goap_world_def_default();
    CHECK_STATUS(goap_world_create(&wdef, &world), GOAP_STATUS_OK);
    CHECK_STATUS(goap_world_create(&wdef, &other), GOAP_STATUS_OK);
    d = build_kitchen(world, facts);
    od = build_kitchen(other, foreign);
    effect = fv(facts[VEG_WASHED], 1);

    /* Invalid costs. */
    def = goap_action_def_default();
    def.name = "bad";
    def.name_len = 3;
    def.effects = &effect;
    def.effect_count = 1;
    def.cost = NAN;
    CHECK_STATUS(goap_domain_add_action(world, d, &def, &action), GOAP_STATUS_INVALID_COST);
    CHECK_MESSAGE("goap_domain_add_action: action \"bad\": cost NaN is invalid");
    def.cost = -1.0;
    CHECK_STATUS(goap_domain_add_action(world, d, &def, &action), GOAP_STATUS_INVALID_COST);
    def.cost = HUGE_VAL;
    CHECK_STATUS(goap_domain_add_action(world, d, &def, &action), GOAP_STATUS_INVALID_COST);
    def.cost = 1e13;
    CHECK(def.cost > GOAP_MAX_ACTION_COST);
    CHECK_STATUS(goap_domain_add_action(world, d, &def, &action), GOAP_STATUS_INVALID_COST);
    CHECK_MESSAGE("cost 10000000000000 is invalid (expected a number from 0 to 1e12)");
    CHECK(goap_action_id_is_null(action));
    /* A NUL byte inside a name (length 3) is rejected, not cut short. */
    CHECK_STATUS(goap_domain_add_fact(world, d, "a\0b", 3, &out), GOAP_STATUS_INVALID_ARGUMENT);
    CHECK_MESSAGE("contains a NUL character");
    def.cost = 1.0;
    def.name = "a\0b";
    def.name_len = 3;
    CHECK_STATUS(goap_domain_add_action(world, d, &def, &action), GOAP_STATUS_INVALID_ARGUMENT);
    CHECK_MESSAGE("contains a NUL character");
    CHECK(goap_action_id_is_null(action) && goap_fact_id_is_null(out));

    /* Duplicate name, bad value, contradiction, foreign fact, bad cookie, bad UTF-8. */
    def.cost = 1.0;
    def.name = "洗菜";
    def.name_len = len32(def.name);
    CHECK_STATUS(goap_domain_add_action(world, d, &def, &action), GOAP_STATUS_DUPLICATE_NAME);
    CHECK_MESSAGE("duplicate action name \"洗菜\"");
    def.name = "new";
    def.name_len = 3;
    effect.value = 2;
    CHECK_STATUS(goap_domain_add_action(world, d, &def, &action), GOAP_STATUS_INVALID_ARGUMENT);
    CHECK_MESSAGE("def->effects[0].value is 2 (expected 0 or 1)");
    effect.value = 1;
    {
        GoapFactValue both[2];
        both[0] = fv(facts[VEG_CUT], 1);
        both[1] = fv(facts[VEG_CUT], 0);
        def.pre = both;
        def.pre_count = 2;
        CHECK_STATUS(goap_domain_add_action(world, d, &def, &action), GOAP_STATUS_CONTRADICTION);
        CHECK_MESSAGE("pre lists fact \"菜已切\" as both true and false");
        CHECK_STATUS(goap_domain_set_goal(world, d, both, 2), GOAP_STATUS_CONTRADICTION);
        def.pre = NULL;
        def.pre_count = 0;
    }
    effect = fv(foreign[VEG_WASHED], 1);
    CHECK_STATUS(goap_domain_add_action(world, d, &def, &action), GOAP_STATUS_UNKNOWN_FACT);
    CHECK_MESSAGE("def->effects[0].fact");
    CHECK_MESSAGE("does not belong to domain");
    effect = fv(facts[VEG_WASHED], 1);
    def.pre_count = 1; /* NULL array with a count */
    CHECK_STATUS(goap_domain_add_action(world, d, &def, &action), GOAP_STATUS_NULL_POINTER);
    CHECK_MESSAGE("def->pre");
    def.pre_count = 0;
    memset(&def, 0, sizeof def);
    CHECK_STATUS(goap_domain_add_action(world, d, &def, &action), GOAP_STATUS_INVALID_ARGUMENT);
    CHECK_MESSAGE("definition not initialised with goap_action_def_default()");
    def = goap_action_def_default();
    def.name = "\xff\xfe";
    def.name_len = 2;
    CHECK_STATUS(goap_domain_add_action(world, d, &def, &action), GOAP_STATUS_INVALID_UTF8);
    CHECK_MESSAGE("def->name is not valid UTF-8");
    CHECK(goap_action_id_is_null(action));
    CHECK_STATUS(goap_domain_add_fact(world, d, "\xc3", 1, &out), GOAP_STATUS_INVALID_UTF8);

    /* Domain ids: null, foreign, stale. */
    CHECK_STATUS(goap_domain_add_fact(world, GOAP_NULL_DOMAIN_ID, "x", 1, &out),
                 GOAP_STATUS_UNKNOWN_DOMAIN);
    CHECK_MESSAGE("domain id 0 is never valid");
    CHECK_STATUS(goap_domain_add_fact(world, od, "x", 1, &out), GOAP_STATUS_UNKNOWN_DOMAIN);
    CHECK_MESSAGE("does not exist in this world");
    {
        GoapDomainDef ddef = goap_domain_def_default();
        GoapDomainId gone = GOAP_NULL_DOMAIN_ID;
        GoapPlanResult r;
        r.size = (uint32_t)sizeof r;
        CHECK_STATUS(goap_domain_create(world, &ddef, &gone), GOAP_STATUS_OK);
        CHECK_STATUS(goap_domain_destroy(world, gone), GOAP_STATUS_OK);
        CHECK_STATUS(goap_domain_destroy(world, gone), GOAP_STATUS_UNKNOWN_DOMAIN);
        CHECK_STATUS(goap_domain_plan(world, gone, NULL, NULL, 0, &r), GOAP_STATUS_UNKNOWN_DOMAIN);
    }
    /* Unknown action id, not-found names, NULL pointers. */
    {
        char buf[16];
        uint32_t len = 0;
        GoapPlanResult r;
        r.size = (uint32_t)sizeof r;
        GoapActionId first = GOAP_NULL_ACTION_ID;
        GoapActionId fact_as_action;
        GoapFactId action_as_fact;
        GoapFactValue wrong;
        CHECK_STATUS(goap_domain_action_name(world, d, GOAP_NULL_ACTION_ID, buf, 16, &len),
                     GOAP_STATUS_UNKNOWN_ACTION);
        CHECK_MESSAGE("0 is never a valid action id");
        /* Fact and action ids are different kinds: the compiler rejects one passed for the
           other (tests/c_harness.rs checks), and bits copied from one kind into the other
           are caught at run time. */
        CHECK_STATUS(goap_domain_find_action(world, d, "洗菜", len32("洗菜"), &first), GOAP_STATUS_OK);
        CHECK(first.bits != facts[VEG_BOUGHT].bits);
        fact_as_action.bits = facts[VEG_BOUGHT].bits;
        action_as_fact.bits = first.bits;
        CHECK_STATUS(goap_domain_action_name(world, d, fact_as_action, buf, 16, &len),
                     GOAP_STATUS_UNKNOWN_ACTION);
        CHECK_MESSAGE("is a fact id, not an action id (wrong kind of id)");
        CHECK_STATUS(goap_domain_fact_name(world, d, action_as_fact, buf, 16, &len),
                     GOAP_STATUS_UNKNOWN_FACT);
        CHECK_MESSAGE("is an action id, not a fact id (wrong kind of id)");
        wrong = fv(action_as_fact, 1);
        CHECK_STATUS(goap_domain_set_goal(world, d, &wrong, 1), GOAP_STATUS_UNKNOWN_FACT);
        CHECK_MESSAGE("conditions[0].fact");
        CHECK_STATUS(goap_domain_find_action(world, d, "fly", 3, &action), GOAP_STATUS_NOT_FOUND);
        CHECK_MESSAGE("no action named \"fly\"");
        CHECK_STATUS(goap_domain_find_fact(NULL, d, "x", 1, &out), GOAP_STATUS_NULL_POINTER);
        CHECK_MESSAGE("argument `world` is NULL");
        CHECK_STATUS(goap_domain_plan(world, d, NULL, NULL, 0, NULL), GOAP_STATUS_NULL_POINTER);
        CHECK_MESSAGE("argument `out_result` is NULL");
        CHECK_STATUS(goap_domain_plan(world, d, NULL, NULL, 5, &r), GOAP_STATUS_NULL_POINTER);
        CHECK_MESSAGE("out_actions");
    }
    /* The last error: length, too-small buffer, reading never changes it. */
    {
        uint32_t need = goap_last_error_length();
        char small[4] = {'z', 'z', 'z', 'z'};
        uint32_t len = 0;
        CHECK(need == strlen(last_error()));
        CHECK_STATUS(goap_last_error_message(small, 4, &len), GOAP_STATUS_BUFFER_TOO_SMALL);
        CHECK(len == need);
        CHECK(small[0] == 'z');
        CHECK(goap_last_error_length() == need);
    }
    /* Forced panic: a status, never an abort; its message goes to the log callback. */
    {
        struct logged log = {0, 0, ""};
        GoapLogCallback callback;
        callback.log = record_log;
        callback.user_data = &log;
        CHECK_STATUS(goap_set_log_callback(&callback), GOAP_STATUS_OK);
        CHECK_STATUS(goap_debug_force_panic(), GOAP_STATUS_PANIC);
        CHECK_MESSAGE("goap_debug_force_panic: panic: goap_debug_force_panic was called");
        CHECK_STATUS(goap_set_log_callback(NULL), GOAP_STATUS_OK);
        CHECK(log.calls == 1);
        CHECK(log.level == GOAP_LOG_LEVEL_ERROR);
        CHECK(strstr(log.text, "panic caught at ") != NULL);
        CHECK(strstr(log.text, "goap_debug_force_panic was called") != NULL);
    }
    plan_kitchen(world, d, "kitchen (after a caught panic)");
    /* A panic inside a call on a world poisons that world: every later call on it fails
       with GOAP_STATUS_POISONED (reads too, outputs untouched); other worlds go on, and
       destroying it frees everything (valgrind checks). */
    {
        GoapWorld *sick = NULL;
        GoapWorldDef wdef = goap_world_def_default();
        GoapDomainId sd = GOAP_NULL_DOMAIN_ID;
        uint32_t count = 77;
        struct logged log = {0, 0, ""};
        GoapLogCallback callback;
        callback.log = record_log;
        callback.user_data = &log;
        CHECK_STATUS(goap_world_create(&wdef, &sick), GOAP_STATUS_OK);
        {
            GoapDomainDef ddef = goap_domain_def_default();
            CHECK_STATUS(goap_domain_create(sick, &ddef, &sd), GOAP_STATUS_OK);
        }
        CHECK_STATUS(goap_set_log_callback(&callback), GOAP_STATUS_OK);
        CHECK_STATUS(goap_debug_poison_world(sick), GOAP_STATUS_PANIC);
        /* A callback whose log is NULL restores the default too. */
        callback.log = NULL;
        CHECK_STATUS(goap_set_log_callback(&callback), GOAP_STATUS_OK);
        CHECK(log.calls == 1 && strstr(log.text, "goap_debug_poison_world was called") != NULL);
        CHECK_STATUS(goap_domain_fact_count(sick, sd, &count), GOAP_STATUS_POISONED);
        CHECK_MESSAGE("goap_domain_fact_count: the world is poisoned: an earlier call on it panicked (goap_debug_poison_world: panic:");
        CHECK(count == 77);
        CHECK_STATUS(goap_domain_add_fact(sick, sd, "x", 1, &out), GOAP_STATUS_POISONED);
        CHECK(strcmp(goap_status_name(GOAP_STATUS_POISONED), "GOAP_STATUS_POISONED") == 0);
        plan_kitchen(world, d, "kitchen (beside a poisoned world)");
        goap_world_destroy(sick);
    }
    CHECK(strcmp(goap_status_name(GOAP_STATUS_PANIC), "GOAP_STATUS_PANIC") == 0);
    CHECK(strcmp(goap_status_name(12345), "GOAP_STATUS_UNKNOWN") == 0);

    goap_world_destroy(other);
    goap_world_destroy(world);
    goap_world_destroy(NULL);
}

/* ------------------------------------------------------------------ integer variables */

static GoapVarCondition vcond(GoapVarId var, int32_t op, int32_t value) {
    GoapVarCondition c;
    c.var = var;
    c.op = op;
    c.value = value;
    return c;
}

static GoapVarEffect veff(GoapVarId var, int32_t op, int32_t value) {
    GoapVarEffect e;
    e.var = var;
    e.op = op;
    e.value = value;
    return e;
}

static const char *const lumber_actions[4] = {"get_axe", "chop", "buy_wood", "build"};

/* Plans `problem` (or the stored problem when NULL) and checks the plan's action names. */
static void check_lumber_plan(const GoapWorld *world, GoapDomainId d, const GoapProblem *problem,
                              const char *const *expected, uint32_t count, double cost) {
    GoapActionId plan[16];
    GoapPlanResult r;
    r.size = (uint32_t)sizeof r;
    uint32_t i;
    GoapStatus st = problem == NULL ? goap_domain_plan(world, d, NULL, plan, 16, &r)
                                    : goap_domain_plan_problem(world, d, problem, NULL, plan, 16, &r);
    CHECK_STATUS(st, GOAP_STATUS_OK);
    if (st != GOAP_STATUS_OK) return;
    CHECK(r.outcome == GOAP_OUTCOME_FOUND);
    CHECK(r.action_count == count);
    CHECK(r.cost == cost);
    printf("lumber: cost %g:", r.cost);
    for (i = 0; i < r.action_count && i < count; i++) {
        char name[32];
        uint32_t len = 0;
        CHECK_STATUS(goap_domain_action_name(world, d, plan[i], name, (uint32_t)sizeof name, &len),
                     GOAP_STATUS_OK);
        CHECK(strcmp(name, expected[i]) == 0);
        printf(" %s", name);
    }
    printf("\n");
}

/* Chop wood (with an axe) one at a time or buy five, and build a house from three. */
static void test_numeric(void) {
    GoapWorldDef wdef = goap_world_def_default();
    GoapWorld *world = NULL;
    GoapDomainDef ddef = goap_domain_def_default();
    GoapVarDef vdef = goap_var_def_default();
    GoapDomainId d = GOAP_NULL_DOMAIN_ID;
    GoapFactId axe = GOAP_NULL_FACT_ID, house = GOAP_NULL_FACT_ID;
    GoapVarId wood = GOAP_NULL_VAR_ID, found = GOAP_NULL_VAR_ID;
    GoapActionId ids[4];
    GoapFactValue has_axe, has_house;
    GoapVarCondition enough, exactly_two;
    GoapVarEffect one_more, five_more, three_less;
    GoapVarValue two;
    uint32_t count = 0;
    int i;
    CHECK_STATUS(goap_world_create(&wdef, &world), GOAP_STATUS_OK);
    CHECK_STATUS(goap_domain_create(world, &ddef, &d), GOAP_STATUS_OK);
    CHECK_STATUS(goap_domain_add_fact(world, d, "has_axe", len32("has_axe"), &axe), GOAP_STATUS_OK);
    CHECK_STATUS(goap_domain_add_fact(world, d, "house", len32("house"), &house), GOAP_STATUS_OK);
    vdef.name = "wood";
    vdef.name_len = len32(vdef.name);
    vdef.min = 0;
    vdef.max = 10;
    vdef.overflow = GOAP_OVERFLOW_REJECT;
    CHECK_STATUS(goap_domain_add_var(world, d, &vdef, &wood), GOAP_STATUS_OK);
    CHECK(!goap_var_id_is_null(wood) && wood.bits != axe.bits && wood.bits != house.bits);
    CHECK_STATUS(goap_domain_find_var(world, d, "wood", len32("wood"), &found), GOAP_STATUS_OK);
    CHECK(goap_var_id_equals(found, wood));
    CHECK_STATUS(goap_domain_var_count(world, d, &count), GOAP_STATUS_OK);
    CHECK(count == 1);

    has_axe = fv(axe, 1);
    has_house = fv(house, 1);
    enough = vcond(wood, GOAP_COMPARE_GE, 3);
    one_more = veff(wood, GOAP_VAR_OP_ADD, 1);
    five_more = veff(wood, GOAP_VAR_OP_ADD, 5);
    three_less = veff(wood, GOAP_VAR_OP_SUB, 3);
    for (i = 0; i < 4; i++) {
        GoapActionDef def = goap_action_def_default();
        def.name = lumber_actions[i];
        def.name_len = len32(lumber_actions[i]);
        switch (i) {
        case 0: /* get_axe */
            def.effects = &has_axe;
            def.effect_count = 1;
            def.cost = 2.0;
            break;
        case 1: /* chop */
            def.pre = &has_axe;
            def.pre_count = 1;
            def.var_effects = &one_more;
            def.var_effect_count = 1;
            break;
        case 2: /* buy_wood */
            def.var_effects = &five_more;
            def.var_effect_count = 1;
            def.cost = 6.0;
            break;
        default: /* build */
            def.var_pre = &enough;
            def.var_pre_count = 1;
            def.effects = &has_house;
            def.effect_count = 1;
            def.var_effects = &three_less;
            def.var_effect_count = 1;
            break;
        }
        CHECK_STATUS(goap_domain_add_action(world, d, &def, &ids[i]), GOAP_STATUS_OK);
    }
    CHECK_STATUS(goap_domain_set_goal(world, d, &has_house, 1), GOAP_STATUS_OK);
    {
        /* Chop three times and build (6) rather than buy wood (7). */
        const char *const plan[5] = {"get_axe", "chop", "chop", "chop", "build"};
        check_lumber_plan(world, d, NULL, plan, 5, 6.0);
    }
    two.var = wood;
    two.value = 2;
    CHECK_STATUS(goap_domain_set_start_vars(world, d, &two, 1), GOAP_STATUS_OK);
    {
        const char *const plan[3] = {"get_axe", "chop", "build"};
        check_lumber_plan(world, d, NULL, plan, 3, 4.0);
    }
    {
        /* An explicit problem: no wood, and exactly two pieces left after building. */
        GoapProblem p = goap_problem_default();
        const char *const plan[2] = {"buy_wood", "build"};
        exactly_two = vcond(wood, GOAP_COMPARE_EQ, 2);
        p.goal = &has_house;
        p.goal_count = 1;
        p.goal_vars = &exactly_two;
        p.goal_var_count = 1;
        check_lumber_plan(world, d, &p, plan, 2, 7.0);
    }

    /* Errors: an op of 0, an out-of-range start value, a variable id used as a fact id. */
    {
        GoapActionDef def = goap_action_def_default();
        GoapVarCondition zero_op = vcond(wood, 0, 1);
        GoapVarValue eleven;
        GoapFactId wood_as_fact; /* a variable id's bits in a fact id: caught at run time */
        GoapFactValue wrong_kind;
        GoapActionId id = GOAP_NULL_ACTION_ID;
        GoapVarId none = GOAP_NULL_VAR_ID;
        GoapProblem p;
        GoapPlanResult r;
        r.size = (uint32_t)sizeof r;
        wood_as_fact.bits = wood.bits;
        wrong_kind = fv(wood_as_fact, 1);
        def.name = "x";
        def.name_len = 1;
        def.var_pre = &zero_op;
        def.var_pre_count = 1;
        CHECK_STATUS(goap_domain_add_action(world, d, &def, &id), GOAP_STATUS_INVALID_ARGUMENT);
        CHECK_MESSAGE("def->var_pre[0].op is 0 on variable \"wood\"");
        CHECK(goap_action_id_is_null(id));
        eleven.var = wood;
        eleven.value = 11;
        CHECK_STATUS(goap_domain_set_start_vars(world, d, &eleven, 1), GOAP_STATUS_OUT_OF_RANGE);
        CHECK_MESSAGE("variable \"wood\": value 11 is outside the range [0, 10]");
        CHECK_STATUS(goap_domain_set_start(world, d, &wrong_kind, 1), GOAP_STATUS_UNKNOWN_FACT);
        CHECK_MESSAGE("is a variable id, not a fact id");
        CHECK_STATUS(goap_domain_find_var(world, d, "house", len32("house"), &none),
                     GOAP_STATUS_NOT_FOUND);
        CHECK(goap_var_id_is_null(none));
        vdef.max = 20;
        CHECK_STATUS(goap_domain_add_var(world, d, &vdef, &none), GOAP_STATUS_DUPLICATE_NAME);
        CHECK_MESSAGE("already declared as [0, 10]");
        memset(&p, 0, sizeof p);
        CHECK_STATUS(goap_domain_plan_problem(world, d, &p, NULL, NULL, 0, &r),
                     GOAP_STATUS_INVALID_ARGUMENT);
        CHECK_MESSAGE("goap_problem_default()");
    }
    goap_world_destroy(world);
}

/* ------------------------------------------------------------------ JSON */

static char *read_file(const char *path, uint32_t *len) {
    FILE *f = fopen(path, "rb");
    char *text;
    long size;
    if (f == NULL) return NULL;
    fseek(f, 0, SEEK_END);
    size = ftell(f);
    fseek(f, 0, SEEK_SET);
    text = (char *)malloc((size_t)size + 1);
    if (text != NULL && fread(text, 1, (size_t)size, f) != (size_t)size) {
        free(text);
        text = NULL;
    }
    fclose(f);
    *len = (uint32_t)size;
    return text;
}

static void test_json(const char *path) {
    GoapWorldDef wdef = goap_world_def_default();
    GoapWorld *world = NULL;
    uint32_t len = 0;
    char *text = read_file(path, &len);
    GoapDomainId d = GOAP_NULL_DOMAIN_ID;
    GoapFactId fact = GOAP_NULL_FACT_ID;
    const char *broken = "{\n  \"actions\": [\n    {\"name\": \"a\", \"cost\": }\n  ]\n}";
    CHECK(text != NULL);
    if (text == NULL) {
        fprintf(stderr, "cannot read %s\n", path);
        return;
    }
    CHECK_STATUS(goap_world_create(&wdef, &world), GOAP_STATUS_OK);
    CHECK_STATUS(goap_domain_load_json(world, text, len, &d), GOAP_STATUS_OK);
    free(text);
    plan_kitchen(world, d, "kitchen (from JSON)");
    CHECK_STATUS(goap_domain_find_fact(world, d, "晚餐完成", len32("晚餐完成"), &fact), GOAP_STATUS_OK);
    CHECK(!goap_fact_id_is_null(fact));
    d = GOAP_NULL_DOMAIN_ID;
    CHECK_STATUS(goap_domain_load_json(world, broken, len32(broken), &d), GOAP_STATUS_PARSE_ERROR);
    CHECK_MESSAGE("goap_domain_load_json: <input>:3:");
    CHECK(goap_domain_id_is_null(d));
    /* Columns are 1-based, also before the first character. */
    CHECK_STATUS(goap_domain_load_json(world, "", 0, &d), GOAP_STATUS_PARSE_ERROR);
    CHECK_MESSAGE("goap_domain_load_json: <input>:1:1: EOF");
    CHECK_STATUS(goap_domain_load_json(world, "[]", 2, &d), GOAP_STATUS_PARSE_ERROR);
    CHECK_MESSAGE("goap_domain_load_json: <input>:1:1: invalid type: sequence");
    CHECK(goap_domain_id_is_null(d));
    goap_world_destroy(world);
}

/* ------------------------------------------------------------------ agents */

typedef struct CallbackLog {
    GoapWorld *world;
    GoapAgentId agent;
    int calls;
    GoapStatus reentrant;
} CallbackLog;

/* Every action is available; a call back into goap on the same agent is refused. */
static int32_t log_available(void *user_data, GoapAgentId agent, GoapActionId action,
                             int32_t *out_available) {
    CallbackLog *log = (CallbackLog *)user_data;
    GoapStep step;
    step.size = (uint32_t)sizeof step;
    (void)action;
    log->calls++;
    if (goap_agent_id_equals(agent, log->agent)) log->reentrant = goap_agent_step(log->world, agent, 0.0, &step);
    *out_available = 1;
    return 0;
}

/* Creates an agent of `d` that wants dinner (`dinner` true); returns its id. */
static GoapAgentId dinner_agent_with(GoapWorld *world, GoapDomainId d, GoapFactId dinner,
                                     uint32_t plan_in_step, GoapHeuristic heuristic) {
    GoapAgentDef def = goap_agent_def_default();
    GoapGoalDef goal = goap_goal_def_default();
    GoapFactValue want = fv(dinner, 1);
    GoapAgentId agent = GOAP_NULL_AGENT_ID;
    GoapGoalId id = GOAP_NULL_GOAL_ID, first = GOAP_NULL_GOAL_ID;
    def.domain = d;
    def.plan_in_step = plan_in_step;
    def.heuristic = heuristic;
    CHECK_STATUS(goap_agent_create(world, &def, &agent), GOAP_STATUS_OK);
    CHECK(!goap_agent_id_is_null(agent));
    goal.name = "dinner";
    goal.name_len = len32(goal.name);
    goal.facts = &want;
    goal.fact_count = 1;
    CHECK_STATUS(goap_agent_add_goal(world, agent, &goal, &id), GOAP_STATUS_OK);
    CHECK(!goap_goal_id_is_null(id));
    /* The kitchen file has no goals: this one is the agent's first. */
    CHECK_STATUS(goap_agent_goal_at(world, agent, 0, &first), GOAP_STATUS_OK);
    CHECK(goap_goal_id_equals(first, id));
    return agent;
}

static GoapAgentId dinner_agent(GoapWorld *world, GoapDomainId d, GoapFactId dinner,
                                uint32_t plan_in_step) {
    return dinner_agent_with(world, d, dinner, plan_in_step, GOAP_HEURISTIC_AUTO);
}

/* The full kitchen plan through the protocol, with one reported failure and the replan. */
static void test_agents(const char *path) {
    GoapWorldDef wdef = goap_world_def_default();
    GoapWorld *world = NULL;
    uint32_t len = 0, count = 0;
    char *text = read_file(path, &len);
    GoapDomainId d = GOAP_NULL_DOMAIN_ID;
    GoapFactId dinner = GOAP_NULL_FACT_ID;
    GoapAgentId agent, waiting;
    GoapGoalId goal = GOAP_NULL_GOAL_ID;
    GoapReplanEvent events[16];
    GoapAgentInfo info;
    info.size = (uint32_t)sizeof info;
    GoapStep step;
    step.size = (uint32_t)sizeof step;
    int steps, started = 0, failed = 0;
    int32_t value = -1;
    double cost = 0.0;
    CHECK(text != NULL);
    if (text == NULL) return;
    CHECK_STATUS(goap_world_create(&wdef, &world), GOAP_STATUS_OK);
    CHECK_STATUS(goap_domain_load_json(world, text, len, &d), GOAP_STATUS_OK);
    free(text);
    CHECK_STATUS(goap_domain_find_fact(world, d, "晚餐完成", len32("晚餐完成"), &dinner),
                 GOAP_STATUS_OK);
    agent = dinner_agent(world, d, dinner, 1);
    CHECK_STATUS(goap_agent_goal_at(world, agent, 0, &goal), GOAP_STATUS_OK);

    CHECK_STATUS(goap_agent_report(world, agent, GOAP_REPORT_SUCCEEDED), GOAP_STATUS_NO_ACTION);
    CHECK_MESSAGE("no action is in progress");
    printf("agent:");
    for (steps = 0; steps < 64; steps++) {
        char name[64];
        uint32_t name_len = 0;
        int k, fail;
        CHECK_STATUS(goap_agent_step(world, agent, 1.0 / 60.0, &step), GOAP_STATUS_OK);
        if (step.kind == GOAP_STEP_KIND_IDLE) break;
        CHECK(step.kind == GOAP_STEP_KIND_START);
        if (step.kind != GOAP_STEP_KIND_START) break;
        CHECK(goap_goal_id_equals(step.goal, goal));
        CHECK_STATUS(goap_domain_action_name(world, d, step.action, name, (uint32_t)sizeof name,
                                             &name_len),
                     GOAP_STATUS_OK);
        started++;
        /* Stewing the meat fails once: the agent replans from what is done. */
        fail = failed == 0 && strcmp(name, "炖肉") == 0;
        failed += fail;
        printf(" %s%s", name, fail ? "(failed)" : "");
        if (!fail) {
            for (k = 0; k < 7; k++) {
                if (strcmp(kitchen_actions[k].name, name) == 0) cost += kitchen_actions[k].cost;
            }
        }
        CHECK_STATUS(goap_agent_report(world, agent, GOAP_REPORT_RUNNING), GOAP_STATUS_OK);
        CHECK_STATUS(
            goap_agent_report(world, agent, fail ? GOAP_REPORT_FAILED : GOAP_REPORT_SUCCEEDED),
            GOAP_STATUS_OK);
    }
    printf("\n");
    CHECK(step.kind == GOAP_STEP_KIND_IDLE);
    CHECK(started == 8 && failed == 1);
    CHECK(cost == 17.0);
    CHECK_STATUS(goap_agent_get_fact(world, agent, dinner, &value), GOAP_STATUS_OK);
    CHECK(value == 1);
    events[0].size = (uint32_t)sizeof events[0]; /* the array's stride */
    CHECK_STATUS(goap_agent_replans(world, agent, events, 16, &count), GOAP_STATUS_OK);
    CHECK(count == 2);
    if (count == 2) {
        CHECK(events[0].cause == GOAP_REPLAN_CAUSE_NO_PLAN);
        CHECK(events[0].result == GOAP_REPLAN_RESULT_FOUND);
        CHECK(events[0].plan_len == 7 && events[0].plan_cost == 17.0);
        CHECK(goap_goal_id_equals(events[0].goal, goal));
        CHECK(events[1].cause == GOAP_REPLAN_CAUSE_ACTION_FAILED);
        CHECK(events[1].result == GOAP_REPLAN_RESULT_FOUND);
        CHECK(goap_goal_id_equals(events[1].goal, goal));
        CHECK(events[1].plan_len > 0 && events[1].plan_len < 7);
    }
    CHECK_STATUS(goap_agent_replans(world, agent, events, 1, &count), GOAP_STATUS_BUFFER_TOO_SMALL);
    CHECK(count == 2);
    CHECK_STATUS(goap_agent_info(world, agent, &info), GOAP_STATUS_OK);
    CHECK(info.replans == 2 && info.acting == 0 && info.goal_count == 1);
    CHECK(info.last_cause == GOAP_REPLAN_CAUSE_ACTION_FAILED);
    /* Idle with its only goal satisfied: no goal pursued. */
    CHECK(goap_goal_id_is_null(info.goal) && goap_goal_id_is_null(step.goal));

    /* Callbacks: asked once per action, on this thread; re-entry is refused. */
    {
        CallbackLog log;
        GoapAgentCallbacks callbacks;
        GoapAgentId other = dinner_agent(world, d, dinner, 1);
        log.world = world;
        log.agent = other;
        log.calls = 0;
        log.reentrant = GOAP_STATUS_OK;
        callbacks.available = log_available;
        callbacks.cost = NULL;
        callbacks.user_data = &log;
        CHECK_STATUS(goap_agent_set_callbacks(world, other, &callbacks), GOAP_STATUS_OK);
        CHECK_STATUS(goap_agent_step(world, other, 0.0, &step), GOAP_STATUS_OK);
        CHECK(step.kind == GOAP_STEP_KIND_START);
        CHECK(log.calls == 7);
        CHECK(log.reentrant == GOAP_STATUS_BUSY);
        CHECK_STATUS(goap_agent_destroy(world, other), GOAP_STATUS_OK);
        CHECK_STATUS(goap_agent_step(world, other, 0.0, &step), GOAP_STATUS_UNKNOWN_AGENT);
        CHECK_MESSAGE("is stale");
    }

    /* A waiting agent is planned by a batch. The kitchen's searches walk an exact table
       under the default heuristic, so they skip the plan cache; under root landmarks the
       second agent's search is a hit. */
    {
        GoapBatchOptions options = goap_batch_options_default();
        GoapBatchStats stats;
        stats.size = (uint32_t)sizeof stats;
        GoapCacheStats cache;
        cache.size = (uint32_t)sizeof cache;
        waiting = dinner_agent(world, d, dinner, 0);
        CHECK_STATUS(goap_agent_step(world, waiting, 0.0, &step), GOAP_STATUS_OK);
        CHECK(step.kind == GOAP_STEP_KIND_WAITING);
        options.threads = 2;
        CHECK_STATUS(goap_world_plan_agents(world, &options, &stats), GOAP_STATUS_OK);
        CHECK(stats.planned == 1 && stats.waiting == 0 && stats.cache_hits == 0);
        CHECK_STATUS(goap_agent_step(world, waiting, 0.0, &step), GOAP_STATUS_OK);
        CHECK(step.kind == GOAP_STEP_KIND_START);
        CHECK_STATUS(goap_world_cache_stats(world, &cache), GOAP_STATUS_OK);
        CHECK(cache.hits == 0 && cache.misses == 0 && cache.capacity == 16384);
        GoapAgentId lm[2];
        for (int k = 0; k < 2; k++) {
            lm[k] = dinner_agent_with(world, d, dinner, 0, GOAP_HEURISTIC_LANDMARKS);
        }
        options.threads = 1;
        CHECK_STATUS(goap_world_plan_agents(world, &options, &stats), GOAP_STATUS_OK);
        CHECK(stats.planned == 2 && stats.waiting == 0 && stats.cache_hits == 1);
        CHECK_STATUS(goap_world_cache_stats(world, &cache), GOAP_STATUS_OK);
        CHECK(cache.hits == 1 && cache.misses == 1 && cache.entries == 1);
        CHECK_STATUS(goap_world_clear_cache(world), GOAP_STATUS_OK);
        for (int k = 0; k < 2; k++) {
            CHECK_STATUS(goap_agent_destroy(world, lm[k]), GOAP_STATUS_OK);
        }
    }
    CHECK_STATUS(goap_agent_count(world, &count), GOAP_STATUS_OK);
    CHECK(count == 2);
    CHECK_STATUS(goap_agent_destroy(world, agent), GOAP_STATUS_OK);
    CHECK_STATUS(goap_agent_destroy(world, agent), GOAP_STATUS_UNKNOWN_AGENT);
    CHECK_STATUS(goap_agent_info(world, GOAP_NULL_AGENT_ID, &info), GOAP_STATUS_UNKNOWN_AGENT);
    CHECK_MESSAGE("the null agent id is never valid");
    /* The waiting agent, mid-action, goes with the world. */
    goap_world_destroy(world);
}

/* A step budget of one node: PLANNING steps (no action in progress), then the plan of an
 * unlimited agent, with the same node count; destroying an agent mid-search is safe. */
static void test_step_budget(const char *path) {
    GoapWorldDef wdef = goap_world_def_default();
    GoapWorld *world = NULL;
    uint32_t len = 0;
    char *text = read_file(path, &len);
    GoapDomainId d = GOAP_NULL_DOMAIN_ID;
    GoapFactId dinner = GOAP_NULL_FACT_ID;
    GoapAgentId agents[3];
    GoapActionId plans[2][16];
    uint32_t plan_len[2] = {0, 0}, count = 0, i;
    GoapReplanEvent events[2][4];
    GoapAgentDef def = goap_agent_def_default();
    GoapStep step;
    step.size = (uint32_t)sizeof step;
    int a, planning = 0;
    CHECK(def.step_max_expansions == 0 && def.step_max_micros == 0);
    CHECK(text != NULL);
    if (text == NULL) return;
    wdef.plan_cache_capacity = 0;
    CHECK_STATUS(goap_world_create(&wdef, &world), GOAP_STATUS_OK);
    CHECK_STATUS(goap_domain_load_json(world, text, len, &d), GOAP_STATUS_OK);
    CHECK_STATUS(goap_domain_find_fact(world, d, "晚餐完成", len32("晚餐完成"), &dinner),
                 GOAP_STATUS_OK);
    for (a = 0; a < 3; a++) {
        GoapGoalDef goal = goap_goal_def_default();
        GoapFactValue want = fv(dinner, 1);
        GoapGoalId goal_id = GOAP_NULL_GOAL_ID;
        def = goap_agent_def_default();
        def.domain = d;
        def.heuristic = GOAP_HEURISTIC_BLIND;
        def.step_max_expansions = a == 0 ? 0 : 1;
        CHECK_STATUS(goap_agent_create(world, &def, &agents[a]), GOAP_STATUS_OK);
        goal.facts = &want;
        goal.fact_count = 1;
        CHECK_STATUS(goap_agent_add_goal(world, agents[a], &goal, &goal_id), GOAP_STATUS_OK);
        CHECK(!goap_goal_id_is_null(goal_id));
    }
    CHECK_STATUS(goap_agent_step(world, agents[0], 0.0, &step), GOAP_STATUS_OK);
    CHECK(step.kind == GOAP_STEP_KIND_START);
    for (;;) {
        CHECK_STATUS(goap_agent_step(world, agents[1], 0.0, &step), GOAP_STATUS_OK);
        if (step.kind != GOAP_STEP_KIND_PLANNING) break;
        CHECK(goap_action_id_is_null(step.action) && step.replanned == 0);
        if (++planning > 100000) break;
    }
    CHECK(step.kind == GOAP_STEP_KIND_START && step.replanned == 1);
    for (a = 0; a < 2; a++) {
        CHECK_STATUS(goap_agent_plan(world, agents[a], plans[a], 16, &plan_len[a]), GOAP_STATUS_OK);
        events[a][0].size = (uint32_t)sizeof events[a][0];
        CHECK_STATUS(goap_agent_replans(world, agents[a], events[a], 4, &count), GOAP_STATUS_OK);
        CHECK(count == 1);
    }
    CHECK(plan_len[0] == plan_len[1] && plan_len[0] > 0);
    for (i = 0; i < plan_len[0] && i < 16; i++) CHECK(goap_action_id_equals(plans[0][i], plans[1][i]));
    CHECK(events[0][0].expanded == events[1][0].expanded);
    CHECK(events[0][0].plan_cost == events[1][0].plan_cost);
    /* One node per step: every PLANNING step expanded one node, the last step the rest. */
    CHECK((uint64_t)planning + 1 >= events[1][0].expanded && (uint64_t)planning <= events[1][0].expanded);
    /* The third agent is destroyed with its search in progress. */
    CHECK_STATUS(goap_agent_step(world, agents[2], 0.0, &step), GOAP_STATUS_OK);
    CHECK(step.kind == GOAP_STEP_KIND_PLANNING);
    CHECK_STATUS(goap_agent_destroy(world, agents[2]), GOAP_STATUS_OK);
    CHECK_STATUS(goap_agent_step(world, agents[2], 0.0, &step), GOAP_STATUS_UNKNOWN_AGENT);
    goap_world_destroy(world);
    free(text);
}

/* ---- A small pthread job system for GoapWorldDef.enqueue_task / finish_task ---- */

#define JOB_THREADS 3

typedef struct JobSystem {
    pthread_mutex_t lock;
    int enqueued, finished, ranges;
} JobSystem;

typedef struct Job {
    GoapTaskCallback task;
    uint32_t count, min_range, next;
    void *task_context;
    JobSystem *system;
    pthread_mutex_t lock;
    pthread_t threads[JOB_THREADS];
    uint32_t indices[JOB_THREADS];
} Job;

typedef struct JobWorker {
    Job *job;
    uint32_t index;
} JobWorker;

static JobWorker job_workers[JOB_THREADS];

static void *job_thread(void *arg) {
    JobWorker *w = (JobWorker *)arg;
    Job *job = w->job;
    for (;;) {
        uint32_t start, end;
        pthread_mutex_lock(&job->lock);
        start = job->next;
        if (start < job->count) job->next = start + job->min_range;
        pthread_mutex_unlock(&job->lock);
        if (start >= job->count) break;
        end = start + job->min_range < job->count ? start + job->min_range : job->count;
        job->task(start, end, w->index, job->task_context);
        pthread_mutex_lock(&job->system->lock);
        job->system->ranges++;
        pthread_mutex_unlock(&job->system->lock);
    }
    return NULL;
}

static void *job_enqueue(GoapTaskCallback task, uint32_t item_count, uint32_t min_range,
                         void *task_context, void *user_context) {
    JobSystem *system = (JobSystem *)user_context;
    Job *job = (Job *)calloc(1, sizeof(Job));
    int i;
    CHECK(job != NULL && task != NULL && min_range >= 1);
    if (job == NULL) return NULL;
    job->task = task;
    job->count = item_count;
    job->min_range = min_range;
    job->task_context = task_context;
    job->system = system;
    pthread_mutex_init(&job->lock, NULL);
    pthread_mutex_lock(&system->lock);
    system->enqueued++;
    pthread_mutex_unlock(&system->lock);
    for (i = 0; i < JOB_THREADS; i++) {
        job_workers[i].job = job;
        job_workers[i].index = (uint32_t)i;
        CHECK(pthread_create(&job->threads[i], NULL, job_thread, &job_workers[i]) == 0);
    }
    return job;
}

static void job_finish(void *user_task, void *user_context) {
    JobSystem *system = (JobSystem *)user_context;
    Job *job = (Job *)user_task;
    int i;
    for (i = 0; i < JOB_THREADS; i++) pthread_join(job->threads[i], NULL);
    pthread_mutex_destroy(&job->lock);
    free(job);
    pthread_mutex_lock(&system->lock);
    system->finished++;
    pthread_mutex_unlock(&system->lock);
}

/* 200 kitchen agents with different start states, planned by one batch in a world without
 * threads and in a world whose batches run on the job system above: the same plans and
 * counts, bit for bit. */
static void test_task_callbacks(const char *path) {
    static const char *const partial[6] = {"菜已洗", "菜已切", "菜已炒", "肉已买", "肉已熟", "饭已熟"};
    enum { AGENTS = 200 };
    GoapWorld *worlds[2] = {NULL, NULL};
    GoapDomainId d[2] = {{0}, {0}}; /* null ids */
    GoapBatchStats stats[2];
    static GoapAgentId ids[2][AGENTS];
    GoapWorldDef def;
    GoapWorld *bad = NULL;
    JobSystem system;
    uint32_t len = 0;
    char *text = read_file(path, &len);
    int w, i, k, same = 1;
    CHECK(text != NULL);
    if (text == NULL) return;
    memset(&system, 0, sizeof system);
    pthread_mutex_init(&system.lock, NULL);

    def = goap_world_def_default();
    CHECK(def.enqueue_task == NULL && def.finish_task == NULL && def.user_task_context == NULL);
    def.enqueue_task = job_enqueue;
    CHECK_STATUS(goap_world_create(&def, &bad), GOAP_STATUS_INVALID_ARGUMENT);
    CHECK(bad == NULL);
    CHECK_MESSAGE("enqueue_task and def->finish_task must be set together");

    for (w = 0; w < 2; w++) {
        GoapFactId dinner = GOAP_NULL_FACT_ID;
        def = goap_world_def_default();
        if (w == 0) {
            def.worker_threads = 1;
        } else {
            def.worker_threads = JOB_THREADS;
            def.enqueue_task = job_enqueue;
            def.finish_task = job_finish;
            def.user_task_context = &system;
        }
        def.plan_cache_capacity = 0;
        CHECK_STATUS(goap_world_create(&def, &worlds[w]), GOAP_STATUS_OK);
        CHECK_STATUS(goap_domain_load_json(worlds[w], text, len, &d[w]), GOAP_STATUS_OK);
        CHECK_STATUS(goap_domain_find_fact(worlds[w], d[w], "晚餐完成", len32("晚餐完成"), &dinner),
                     GOAP_STATUS_OK);
        for (i = 0; i < AGENTS; i++) {
            GoapAgentId agent = dinner_agent(worlds[w], d[w], dinner, 0);
            ids[w][i] = agent;
            for (k = 0; k < 6; k++) {
                if (((i * 7 + 3) >> k & 1) && i % 5 != 0) {
                    GoapFactId f = GOAP_NULL_FACT_ID;
                    CHECK_STATUS(goap_domain_find_fact(worlds[w], d[w], partial[k], len32(partial[k]), &f),
                                 GOAP_STATUS_OK);
                    CHECK_STATUS(goap_agent_set_fact(worlds[w], agent, f, 1), GOAP_STATUS_OK);
                }
            }
        }
        stats[w].size = (uint32_t)sizeof stats[w];
        CHECK_STATUS(goap_world_plan_agents(worlds[w], NULL, &stats[w]), GOAP_STATUS_OK);
    }
    CHECK(stats[0].planned == AGENTS && stats[1].planned == AGENTS);
    CHECK(stats[0].waiting == stats[1].waiting && stats[0].expanded == stats[1].expanded);
    CHECK(stats[0].threads == 1 && stats[1].threads == JOB_THREADS);
    /* Every agent's plan, in creation order (ids differ between worlds: compare action names). */
    for (i = 0; i < AGENTS; i++) {
        GoapActionId plans[2][16];
        uint32_t counts[2] = {0, 0};
        for (w = 0; w < 2; w++) {
            CHECK_STATUS(goap_agent_plan(worlds[w], ids[w][i], plans[w], 16, &counts[w]), GOAP_STATUS_OK);
        }
        if (counts[0] != counts[1]) same = 0;
        for (k = 0; k < (int)counts[0] && k < 16; k++) {
            char a[64], b[64];
            uint32_t la = 0, lb = 0;
            CHECK_STATUS(goap_domain_action_name(worlds[0], d[0], plans[0][k], a, sizeof a, &la), GOAP_STATUS_OK);
            CHECK_STATUS(goap_domain_action_name(worlds[1], d[1], plans[1][k], b, sizeof b, &lb), GOAP_STATUS_OK);
            if (la != lb || memcmp(a, b, la) != 0) same = 0;
        }
    }
    CHECK(same);
    CHECK(system.enqueued >= 1 && system.finished == system.enqueued);
    /* Which workers ran them is the scheduler's business (under valgrind one may run all). */
    CHECK(system.ranges >= 2);
    for (w = 0; w < 2; w++) goap_world_destroy(worlds[w]);
    pthread_mutex_destroy(&system.lock);
    free(text);
}

/* ------------------------------------------------------------------ introspection */

/* Reads the hand-built kitchen back: every fact and action by index, each action's rules
   as they were written, the start and goal, an agent's beliefs and goals, a trace. */
static void test_introspection(void) {
    GoapWorldDef wdef = goap_world_def_default();
    GoapWorld *world = NULL;
    GoapFactId facts[FACTS];
    GoapDomainId d;
    uint32_t i, count = 0, len = 0;
    char name[64];
    GoapFactValue list[8];
    int all_names = 1, all_rules = 1;
    CHECK_STATUS(goap_world_create(&wdef, &world), GOAP_STATUS_OK);
    d = build_kitchen(world, facts);
    for (i = 0; i < FACTS; i++) {
        GoapFactId f = GOAP_NULL_FACT_ID;
        CHECK_STATUS(goap_domain_fact_at(world, d, i, &f), GOAP_STATUS_OK);
        CHECK_STATUS(goap_domain_fact_name(world, d, f, name, sizeof name, &len), GOAP_STATUS_OK);
        if (!goap_fact_id_equals(f, facts[i]) || strcmp(name, fact_names[i]) != 0) all_names = 0;
    }
    CHECK(all_names);
    for (i = 0; i < 7; i++) {
        const KitchenAction *k = &kitchen_actions[i];
        GoapActionId a = GOAP_NULL_ACTION_ID;
        GoapActionInfo info;
        info.size = (uint32_t)sizeof info;
        int p;
        CHECK_STATUS(goap_domain_action_at(world, d, i, &a), GOAP_STATUS_OK);
        CHECK_STATUS(goap_domain_action_name(world, d, a, name, sizeof name, &len), GOAP_STATUS_OK);
        CHECK_STATUS(goap_domain_action_info(world, d, a, &info), GOAP_STATUS_OK);
        CHECK_STATUS(goap_domain_action_pre(world, d, a, list, 8, &count), GOAP_STATUS_OK);
        if (strcmp(name, k->name) != 0 || info.cost != k->cost || info.pre_count != (uint32_t)k->pre_count ||
            info.effect_count != 1 || info.var_pre_count != 0 || count != (uint32_t)k->pre_count) {
            all_rules = 0;
        }
        for (p = 0; p < k->pre_count; p++) {
            if (!goap_fact_id_equals(list[p].fact, facts[k->pre[p]]) || list[p].value != 1) all_rules = 0;
        }
        CHECK_STATUS(goap_domain_action_effects(world, d, a, list, 8, &count), GOAP_STATUS_OK);
        if (count != 1 || !goap_fact_id_equals(list[0].fact, facts[k->effect]) || list[0].value != 1) {
            all_rules = 0;
        }
    }
    CHECK(all_rules);
    {
        GoapFactId out = {99}; /* sentinel bits: nothing is written on error */
        CHECK_STATUS(goap_domain_fact_at(world, d, FACTS, &out), GOAP_STATUS_INVALID_ARGUMENT);
        CHECK_MESSAGE("index 8 is not below");
        CHECK(out.bits == 99);
    }
    /* Too small: the count only. */
    {
        GoapActionId serve = GOAP_NULL_ACTION_ID;
        CHECK_STATUS(goap_domain_action_at(world, d, 6, &serve), GOAP_STATUS_OK);
        CHECK_STATUS(goap_domain_action_pre(world, d, serve, list, 2, &count), GOAP_STATUS_BUFFER_TOO_SMALL);
        CHECK(count == 3);
    }
    CHECK_STATUS(goap_domain_start(world, d, list, 8, &count), GOAP_STATUS_OK);
    CHECK(count == 1 && goap_fact_id_equals(list[0].fact, facts[VEG_BOUGHT]) && list[0].value == 1);
    CHECK_STATUS(goap_domain_goal(world, d, list, 8, &count), GOAP_STATUS_OK);
    CHECK(count == 1 && goap_fact_id_equals(list[0].fact, facts[DINNER]));
    CHECK_STATUS(goap_domain_start_vars(world, d, NULL, 0, &count), GOAP_STATUS_OK);
    CHECK(count == 0);
    /* An agent. */
    {
        GoapAgentDef adef = goap_agent_def_default();
        GoapGoalDef gdef = goap_goal_def_default();
        GoapAgentId agent = GOAP_NULL_AGENT_ID;
        GoapDomainId ad = GOAP_NULL_DOMAIN_ID;
        GoapFactValue want = fv(facts[DINNER], 1);
        GoapGoalInfo ginfo;
        ginfo.size = (uint32_t)sizeof ginfo;
        GoapGoalId goal = GOAP_NULL_GOAL_ID;
        GoapStep step;
        step.size = (uint32_t)sizeof step;
        adef.domain = d;
        CHECK_STATUS(goap_agent_create(world, &adef, &agent), GOAP_STATUS_OK);
        gdef.name = "dinner";
        gdef.name_len = 6;
        gdef.facts = &want;
        gdef.fact_count = 1;
        gdef.priority = 3;
        CHECK_STATUS(goap_agent_add_goal(world, agent, &gdef, &goal), GOAP_STATUS_OK);
        CHECK_STATUS(goap_agent_domain(world, agent, &ad), GOAP_STATUS_OK);
        CHECK(goap_domain_id_equals(ad, d));
        CHECK_STATUS(goap_agent_facts(world, agent, list, 8, &count), GOAP_STATUS_OK);
        CHECK(count == 1 && goap_fact_id_equals(list[0].fact, facts[VEG_BOUGHT]));
        CHECK_STATUS(goap_agent_vars(world, agent, NULL, 0, &count), GOAP_STATUS_OK);
        CHECK(count == 0);
        CHECK_STATUS(goap_agent_goal_name(world, agent, goal, name, sizeof name, &len), GOAP_STATUS_OK);
        CHECK(strcmp(name, "dinner") == 0);
        CHECK_STATUS(goap_agent_step(world, agent, 0.1, &step), GOAP_STATUS_OK);
        CHECK_STATUS(goap_agent_goal_info(world, agent, goal, &ginfo), GOAP_STATUS_OK);
        CHECK(ginfo.priority == 3 && ginfo.fact_count == 1 && ginfo.satisfied == 0 && ginfo.current == 1);
        CHECK_STATUS(goap_agent_goal_conditions(world, agent, goal, list, 8, &count), GOAP_STATUS_OK);
        CHECK(count == 1 && goap_fact_id_equals(list[0].fact, facts[DINNER]));
        CHECK_STATUS(goap_agent_goal_var_conditions(world, agent, goal, NULL, 0, &count), GOAP_STATUS_OK);
        CHECK(count == 0);
        CHECK_STATUS(goap_agent_goal_info(world, agent, GOAP_NULL_GOAL_ID, &ginfo), GOAP_STATUS_UNKNOWN_GOAL);
        CHECK_MESSAGE("the null goal id is never valid");
    }
    /* A trace: sizes first, then the nodes; the goal node's path is the optimal plan. */
    {
        GoapTraceResult r;
        r.size = (uint32_t)sizeof r;
        GoapTraceNode *nodes;
        GoapFactId *tfacts;
        uint32_t n, steps = 0;
        memset(&r, 0, sizeof r);
        r.size = (uint32_t)sizeof r;
        CHECK_STATUS(goap_domain_trace(world, d, NULL, 1000, NULL, 0, NULL, 0, NULL, 0, &r),
                     GOAP_STATUS_BUFFER_TOO_SMALL);
        CHECK(r.end == GOAP_TRACE_END_FOUND && r.node_count > 7 && r.var_value_count == 0);
        nodes = (GoapTraceNode *)malloc(sizeof *nodes * r.node_count);
        nodes[0].size = (uint32_t)sizeof *nodes;
        tfacts = (GoapFactId *)malloc(sizeof *tfacts * r.fact_count);
        CHECK_STATUS(goap_domain_trace(world, d, NULL, 1000, nodes, r.node_count, tfacts, r.fact_count,
                                       NULL, 0, &r),
                     GOAP_STATUS_OK);
        n = r.node_count - 1;
        CHECK(nodes[n].goal == 1 && nodes[n].g == 17 && nodes[n].h == 0 && nodes[0].h == 17);
        while (nodes[n].parent != UINT32_MAX) {
            n = nodes[n].parent;
            steps++;
        }
        CHECK(steps == 7);
        free(nodes);
        free(tfacts);
    }
    /* STRUCTS THAT GROW: a size below the struct's is refused before anything happens. */
    {
        GoapPlanResult unsized;
        GoapCacheStats small;
        memset(&unsized, 0, sizeof unsized);
        small.size = 4;
        CHECK_STATUS(goap_domain_plan(world, d, NULL, NULL, 0, &unsized), GOAP_STATUS_INVALID_ARGUMENT);
        CHECK_MESSAGE("out_result->size is 0");
        CHECK(unsized.action_count == 0 && unsized.size == 0);
        CHECK_STATUS(goap_world_cache_stats(world, &small), GOAP_STATUS_INVALID_ARGUMENT);
        CHECK_MESSAGE("out->size is 4");
    }
    goap_world_destroy(world);
}

/* ------------------------------------------------------------------ goal ids */

/* The null ids and the equality helpers of the header's trailer, for every kind. */
static void test_id_helpers(void) {
    GoapDomainId d = {5}, d2 = {6};
    GoapFactId f = {5}, f2 = {6};
    GoapVarId v = {5}, v2 = {6};
    GoapActionId a = {5}, a2 = {6};
    GoapAgentId ag = {5}, ag2 = {6};
    GoapGoalId g = {5}, g2 = {6};
    /* The null id of every kind is all zero bits, null, and equal to itself only. */
    CHECK(GOAP_NULL_DOMAIN_ID.bits == 0 && GOAP_NULL_FACT_ID.bits == 0 && GOAP_NULL_VAR_ID.bits == 0);
    CHECK(GOAP_NULL_ACTION_ID.bits == 0 && GOAP_NULL_AGENT_ID.bits == 0 && GOAP_NULL_GOAL_ID.bits == 0);
    CHECK(goap_domain_id_is_null(GOAP_NULL_DOMAIN_ID) == 1 && goap_domain_id_is_null(d) == 0);
    CHECK(goap_fact_id_is_null(GOAP_NULL_FACT_ID) == 1 && goap_fact_id_is_null(f) == 0);
    CHECK(goap_var_id_is_null(GOAP_NULL_VAR_ID) == 1 && goap_var_id_is_null(v) == 0);
    CHECK(goap_action_id_is_null(GOAP_NULL_ACTION_ID) == 1 && goap_action_id_is_null(a) == 0);
    CHECK(goap_agent_id_is_null(GOAP_NULL_AGENT_ID) == 1 && goap_agent_id_is_null(ag) == 0);
    CHECK(goap_goal_id_is_null(GOAP_NULL_GOAL_ID) == 1 && goap_goal_id_is_null(g) == 0);
    /* Equal bits are the same id (1), other bits another (0). */
    CHECK(goap_domain_id_equals(d, d) == 1 && goap_domain_id_equals(d, d2) == 0);
    CHECK(goap_domain_id_equals(GOAP_NULL_DOMAIN_ID, GOAP_NULL_DOMAIN_ID) == 1);
    CHECK(goap_domain_id_equals(d, GOAP_NULL_DOMAIN_ID) == 0);
    CHECK(goap_fact_id_equals(f, f) == 1 && goap_fact_id_equals(f, f2) == 0);
    CHECK(goap_fact_id_equals(GOAP_NULL_FACT_ID, f) == 0);
    CHECK(goap_var_id_equals(v, v) == 1 && goap_var_id_equals(v, v2) == 0);
    CHECK(goap_var_id_equals(GOAP_NULL_VAR_ID, v) == 0);
    CHECK(goap_action_id_equals(a, a) == 1 && goap_action_id_equals(a, a2) == 0);
    CHECK(goap_action_id_equals(GOAP_NULL_ACTION_ID, a) == 0);
    CHECK(goap_agent_id_equals(ag, ag) == 1 && goap_agent_id_equals(ag, ag2) == 0);
    CHECK(goap_agent_id_equals(GOAP_NULL_AGENT_ID, ag) == 0);
    CHECK(goap_goal_id_equals(g, g) == 1 && goap_goal_id_equals(g, g2) == 0);
    CHECK(goap_goal_id_equals(GOAP_NULL_GOAL_ID, GOAP_NULL_GOAL_ID) == 1);
    CHECK(goap_goal_id_equals(g2, GOAP_NULL_GOAL_ID) == 0);
}

/* Adds a goal on one fact to `agent`; returns its id (the null id on failure). */
static GoapGoalId add_fact_goal(GoapWorld *world, GoapAgentId agent, const char *name, GoapFactId fact,
                                double priority) {
    GoapGoalDef def = goap_goal_def_default();
    GoapFactValue want = fv(fact, 1);
    GoapGoalId id = GOAP_NULL_GOAL_ID;
    def.name = name;
    def.name_len = len32(name);
    def.facts = &want;
    def.fact_count = 1;
    def.priority = priority;
    CHECK_STATUS(goap_agent_add_goal(world, agent, &def, &id), GOAP_STATUS_OK);
    CHECK(!goap_goal_id_is_null(id));
    return id;
}

/* Goal ids: goap_agent_goal_at lists an agent's goals in the order added, and
 * goap_agent_remove_goal removes one: its id goes stale for every goal call, the goals after
 * it move down, and removing the goal pursued hands the agent over to another goal. */
static void test_goal_ids(const char *path) {
    GoapWorldDef wdef = goap_world_def_default();
    GoapWorld *world = NULL;
    uint32_t len = 0;
    char *text = read_file(path, &len);
    GoapDomainId d = GOAP_NULL_DOMAIN_ID;
    GoapFactId dinner = GOAP_NULL_FACT_ID, rice = GOAP_NULL_FACT_ID;
    GoapAgentDef adef = goap_agent_def_default();
    GoapAgentId agent = GOAP_NULL_AGENT_ID;
    GoapGoalId g_dinner, g_rice, g_rice2, got = GOAP_NULL_GOAL_ID;
    GoapGoalId untouched = {77}; /* sentinel bits: outputs are written only on success */
    GoapGoalId not_a_goal;
    GoapGoalInfo ginfo;
    GoapAgentInfo info;
    GoapStep step;
    char name[32];
    uint32_t name_len = 0;
    ginfo.size = (uint32_t)sizeof ginfo;
    info.size = (uint32_t)sizeof info;
    step.size = (uint32_t)sizeof step;
    CHECK(text != NULL);
    if (text == NULL) return;
    CHECK_STATUS(goap_world_create(&wdef, &world), GOAP_STATUS_OK);
    CHECK_STATUS(goap_domain_load_json(world, text, len, &d), GOAP_STATUS_OK);
    free(text);
    CHECK_STATUS(goap_domain_find_fact(world, d, "晚餐完成", len32("晚餐完成"), &dinner), GOAP_STATUS_OK);
    CHECK_STATUS(goap_domain_find_fact(world, d, "饭已熟", len32("饭已熟"), &rice), GOAP_STATUS_OK);
    adef.domain = d;
    adef.plan_in_step = 1;
    CHECK_STATUS(goap_agent_create(world, &adef, &agent), GOAP_STATUS_OK);
    g_dinner = add_fact_goal(world, agent, "dinner", dinner, 1.0);
    g_rice = add_fact_goal(world, agent, "rice", rice, 2.0);
    CHECK(!goap_goal_id_equals(g_dinner, g_rice));

    /* goap_agent_goal_at: the order added; an index past the end is an invalid argument (as for
       goap_domain_fact_at), and nothing is written. */
    CHECK_STATUS(goap_agent_goal_at(world, agent, 0, &got), GOAP_STATUS_OK);
    CHECK(goap_goal_id_equals(got, g_dinner));
    CHECK_STATUS(goap_agent_goal_at(world, agent, 1, &got), GOAP_STATUS_OK);
    CHECK(goap_goal_id_equals(got, g_rice));
    CHECK_STATUS(goap_agent_info(world, agent, &info), GOAP_STATUS_OK);
    CHECK(info.goal_count == 2 && goap_goal_id_is_null(info.goal));
    CHECK_STATUS(goap_agent_goal_at(world, agent, 2, &untouched), GOAP_STATUS_INVALID_ARGUMENT);
    CHECK_MESSAGE("goap_agent_goal_at: index 2 is not below the agent's goal count 2");
    CHECK_STATUS(goap_agent_goal_at(world, agent, UINT32_MAX, &untouched), GOAP_STATUS_INVALID_ARGUMENT);
    CHECK(untouched.bits == 77);
    /* NULL pointers and bad agents. */
    CHECK_STATUS(goap_agent_goal_at(world, agent, 0, NULL), GOAP_STATUS_NULL_POINTER);
    CHECK_MESSAGE("goap_agent_goal_at: argument `out_goal` is NULL");
    CHECK_STATUS(goap_agent_goal_at(NULL, agent, 0, &untouched), GOAP_STATUS_NULL_POINTER);
    CHECK_MESSAGE("goap_agent_goal_at: argument `world` is NULL");
    CHECK_STATUS(goap_agent_goal_at(world, GOAP_NULL_AGENT_ID, 0, &untouched), GOAP_STATUS_UNKNOWN_AGENT);
    CHECK_STATUS(goap_agent_remove_goal(NULL, agent, g_rice), GOAP_STATUS_NULL_POINTER);
    CHECK_MESSAGE("goap_agent_remove_goal: argument `world` is NULL");
    CHECK_STATUS(goap_agent_remove_goal(world, GOAP_NULL_AGENT_ID, g_rice), GOAP_STATUS_UNKNOWN_AGENT);
    CHECK(untouched.bits == 77);
    /* Ids that name no goal: the null id, a fact id's bits. Nothing is removed. */
    CHECK_STATUS(goap_agent_remove_goal(world, agent, GOAP_NULL_GOAL_ID), GOAP_STATUS_UNKNOWN_GOAL);
    CHECK_MESSAGE("goap_agent_remove_goal: goal: the null goal id is never valid");
    not_a_goal.bits = dinner.bits;
    CHECK_STATUS(goap_agent_remove_goal(world, agent, not_a_goal), GOAP_STATUS_UNKNOWN_GOAL);
    CHECK_STATUS(goap_agent_info(world, agent, &info), GOAP_STATUS_OK);
    CHECK(info.goal_count == 2);

    /* The higher priority wins; removing it mid-action hands over to dinner. */
    CHECK_STATUS(goap_agent_step(world, agent, 0.1, &step), GOAP_STATUS_OK);
    CHECK(step.kind == GOAP_STEP_KIND_START && goap_goal_id_equals(step.goal, g_rice));
    CHECK_STATUS(goap_agent_goal_info(world, agent, g_rice, &ginfo), GOAP_STATUS_OK);
    CHECK(ginfo.current == 1);
    CHECK_STATUS(goap_agent_remove_goal(world, agent, g_rice), GOAP_STATUS_OK);
    CHECK_STATUS(goap_agent_report(world, agent, GOAP_REPORT_RUNNING), GOAP_STATUS_OK);
    CHECK_STATUS(goap_agent_step(world, agent, 0.1, &step), GOAP_STATUS_OK);
    CHECK(step.kind == GOAP_STEP_KIND_START && goap_goal_id_equals(step.goal, g_dinner));
    CHECK_STATUS(goap_agent_info(world, agent, &info), GOAP_STATUS_OK);
    CHECK(info.goal_count == 1 && goap_goal_id_equals(info.goal, g_dinner));
    CHECK(info.last_cause == GOAP_REPLAN_CAUSE_GOAL_CHANGED);

    /* The removed id is stale for every goal call; the goals after it moved down. */
    CHECK_STATUS(goap_agent_remove_goal(world, agent, g_rice), GOAP_STATUS_UNKNOWN_GOAL);
    CHECK_MESSAGE("goap_agent_remove_goal: ");
    CHECK_STATUS(goap_agent_set_goal_priority(world, agent, g_rice, 5.0), GOAP_STATUS_UNKNOWN_GOAL);
    CHECK_STATUS(goap_agent_goal_info(world, agent, g_rice, &ginfo), GOAP_STATUS_UNKNOWN_GOAL);
    CHECK_STATUS(goap_agent_goal_name(world, agent, g_rice, name, sizeof name, &name_len),
                 GOAP_STATUS_UNKNOWN_GOAL);
    CHECK_STATUS(goap_agent_goal_conditions(world, agent, g_rice, NULL, 0, &name_len),
                 GOAP_STATUS_UNKNOWN_GOAL);
    CHECK_STATUS(goap_agent_find_goal(world, agent, "rice", len32("rice"), &untouched), GOAP_STATUS_NOT_FOUND);
    CHECK_STATUS(goap_agent_goal_at(world, agent, 1, &untouched), GOAP_STATUS_INVALID_ARGUMENT);
    CHECK(untouched.bits == 77);
    CHECK_STATUS(goap_agent_goal_at(world, agent, 0, &got), GOAP_STATUS_OK);
    CHECK(goap_goal_id_equals(got, g_dinner));

    /* A goal added later gets a new id (its slot may be reused, with a new generation): the
       old id stays stale. */
    g_rice2 = add_fact_goal(world, agent, "rice", rice, 0.5);
    CHECK(!goap_goal_id_equals(g_rice2, g_rice) && !goap_goal_id_equals(g_rice2, g_dinner));
    CHECK_STATUS(goap_agent_goal_info(world, agent, g_rice, &ginfo), GOAP_STATUS_UNKNOWN_GOAL);
    CHECK_STATUS(goap_agent_goal_info(world, agent, g_rice2, &ginfo), GOAP_STATUS_OK);
    CHECK(ginfo.priority == 0.5 && ginfo.current == 0);
    CHECK_STATUS(goap_agent_find_goal(world, agent, "rice", len32("rice"), &got), GOAP_STATUS_OK);
    CHECK(goap_goal_id_equals(got, g_rice2));
    CHECK_STATUS(goap_agent_goal_at(world, agent, 1, &got), GOAP_STATUS_OK);
    CHECK(goap_goal_id_equals(got, g_rice2));

    /* Removing every goal: the goal pursued is gone, nothing is listed. */
    CHECK_STATUS(goap_agent_remove_goal(world, agent, g_dinner), GOAP_STATUS_OK);
    CHECK_STATUS(goap_agent_remove_goal(world, agent, g_rice2), GOAP_STATUS_OK);
    CHECK_STATUS(goap_agent_remove_goal(world, agent, g_dinner), GOAP_STATUS_UNKNOWN_GOAL);
    CHECK_STATUS(goap_agent_goal_at(world, agent, 0, &untouched), GOAP_STATUS_INVALID_ARGUMENT);
    CHECK(untouched.bits == 77);
    CHECK_STATUS(goap_agent_report(world, agent, GOAP_REPORT_RUNNING), GOAP_STATUS_OK);
    CHECK_STATUS(goap_agent_step(world, agent, 0.1, &step), GOAP_STATUS_OK);
    CHECK(step.kind == GOAP_STEP_KIND_IDLE);
    CHECK(goap_action_id_is_null(step.action));
    CHECK_STATUS(goap_agent_info(world, agent, &info), GOAP_STATUS_OK);
    CHECK(info.goal_count == 0);

    /* A destroyed agent's goals are gone with it. */
    CHECK_STATUS(goap_agent_destroy(world, agent), GOAP_STATUS_OK);
    CHECK_STATUS(goap_agent_goal_at(world, agent, 0, &untouched), GOAP_STATUS_UNKNOWN_AGENT);
    CHECK_STATUS(goap_agent_remove_goal(world, agent, g_dinner), GOAP_STATUS_UNKNOWN_AGENT);
    CHECK(untouched.bits == 77);
    goap_world_destroy(world);
}

/* A domain's agent goals: a file's goals read back by index, one added from C reaching only
   agents created afterwards, and the error paths (nothing written, nothing added). */
static void test_domain_agent_goals(void) {
    static const char *json =
        "{\"vars\": {\"ammo\": {\"min\": 0, \"max\": 5, \"default\": 2}},"
        " \"actions\": ["
        "  {\"name\": \"arm\", \"pre\": {\"ammo\": {\">=\": 1}}, \"effects\": {\"armed\": true}},"
        "  {\"name\": \"hide\", \"pre\": {\"armed\": true}, \"effects\": {\"safe\": true}}],"
        " \"start\": {},"
        " \"goals\": [{\"name\": \"stay safe\", \"priority\": 3,"
        "              \"conditions\": {\"safe\": true, \"ammo\": {\">\": 0}}}]}";
    GoapWorldDef wdef = goap_world_def_default();
    GoapWorld *world = NULL;
    GoapDomainId d = GOAP_NULL_DOMAIN_ID;
    GoapFactId safe = GOAP_NULL_FACT_ID, armed = GOAP_NULL_FACT_ID;
    GoapVarId ammo = GOAP_NULL_VAR_ID;
    GoapAgentDef adef = goap_agent_def_default();
    GoapAgentId before = GOAP_NULL_AGENT_ID, after = GOAP_NULL_AGENT_ID;
    GoapGoalInfo ginfo;
    GoapAgentInfo info;
    GoapFactValue facts[2];
    GoapVarCondition vars[2];
    GoapGoalDef def = goap_goal_def_default();
    GoapFactValue want;
    char name[32];
    uint32_t count = 99, len = 99;
    ginfo.size = (uint32_t)sizeof ginfo;
    info.size = (uint32_t)sizeof info;
    CHECK_STATUS(goap_world_create(&wdef, &world), GOAP_STATUS_OK);
    CHECK_STATUS(goap_domain_load_json(world, json, len32(json), &d), GOAP_STATUS_OK);
    CHECK_STATUS(goap_domain_find_fact(world, d, "safe", 4, &safe), GOAP_STATUS_OK);
    CHECK_STATUS(goap_domain_find_fact(world, d, "armed", 5, &armed), GOAP_STATUS_OK);
    CHECK_STATUS(goap_domain_find_var(world, d, "ammo", 4, &ammo), GOAP_STATUS_OK);

    CHECK_STATUS(goap_domain_agent_goal_count(world, d, &count), GOAP_STATUS_OK);
    CHECK(count == 1);
    CHECK_STATUS(goap_domain_agent_goal_name(world, d, 0, name, sizeof name, &len), GOAP_STATUS_OK);
    CHECK(len == 9 && strcmp(name, "stay safe") == 0);
    CHECK_STATUS(goap_domain_agent_goal_info(world, d, 0, &ginfo), GOAP_STATUS_OK);
    CHECK(ginfo.priority == 3.0 && ginfo.fact_count == 1 && ginfo.var_count == 1);
    CHECK(ginfo.satisfied == 0 && ginfo.current == 0);
    CHECK_STATUS(goap_domain_agent_goal_conditions(world, d, 0, facts, 2, &count), GOAP_STATUS_OK);
    CHECK(count == 1 && goap_fact_id_equals(facts[0].fact, safe) && facts[0].value == 1);
    CHECK_STATUS(goap_domain_agent_goal_var_conditions(world, d, 0, vars, 2, &count), GOAP_STATUS_OK);
    CHECK(count == 1 && goap_var_id_equals(vars[0].var, ammo));
    CHECK(vars[0].op == GOAP_COMPARE_GT && vars[0].value == 0);

    /* Errors: out of range, too small, NULL, the null domain; nothing written. */
    count = 99;
    CHECK_STATUS(goap_domain_agent_goal_name(world, d, 1, name, sizeof name, &len), GOAP_STATUS_INVALID_ARGUMENT);
    CHECK_MESSAGE("index 1 is not below");
    CHECK_STATUS(goap_domain_agent_goal_name(world, d, 0, name, 4, &len), GOAP_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 9);
    CHECK_STATUS(goap_domain_agent_goal_conditions(world, d, 0, facts, 0, &count), GOAP_STATUS_BUFFER_TOO_SMALL);
    CHECK(count == 1);
    count = 99;
    CHECK_STATUS(goap_domain_agent_goal_count(world, GOAP_NULL_DOMAIN_ID, &count), GOAP_STATUS_UNKNOWN_DOMAIN);
    CHECK(count == 99);
    CHECK_STATUS(goap_domain_agent_goal_count(NULL, d, &count), GOAP_STATUS_NULL_POINTER);
    CHECK_STATUS(goap_domain_agent_goal_info(world, d, 0, NULL), GOAP_STATUS_NULL_POINTER);
    CHECK_STATUS(goap_domain_agent_goal_var_conditions(world, d, 5, vars, 2, &count), GOAP_STATUS_INVALID_ARGUMENT);

    /* Adding: agents created before keep their goals; agents created after get it. */
    adef.domain = d;
    CHECK_STATUS(goap_agent_create(world, &adef, &before), GOAP_STATUS_OK);
    want.fact = armed;
    want.value = 1;
    def.name = "be armed";
    def.name_len = 8;
    def.facts = &want;
    def.fact_count = 1;
    def.priority = 2.0;
    CHECK_STATUS(goap_domain_add_agent_goal(world, d, &def), GOAP_STATUS_OK);
    CHECK_STATUS(goap_domain_agent_goal_count(world, d, &count), GOAP_STATUS_OK);
    CHECK(count == 2);
    CHECK_STATUS(goap_agent_create(world, &adef, &after), GOAP_STATUS_OK);
    CHECK_STATUS(goap_agent_info(world, before, &info), GOAP_STATUS_OK);
    CHECK(info.goal_count == 1);
    CHECK_STATUS(goap_agent_info(world, after, &info), GOAP_STATUS_OK);
    CHECK(info.goal_count == 2);
    def.priority = NAN;
    CHECK_STATUS(goap_domain_add_agent_goal(world, d, &def), GOAP_STATUS_INVALID_ARGUMENT);
    CHECK_MESSAGE("priority");
    CHECK_STATUS(goap_domain_add_agent_goal(world, d, NULL), GOAP_STATUS_NULL_POINTER);
    CHECK_STATUS(goap_domain_agent_goal_count(world, d, &count), GOAP_STATUS_OK);
    CHECK(count == 2);
    goap_world_destroy(world);
}

/* Recurring goals: a file goal with a reset and a cooldown loops through step and report,
   GoapGoalInfo counts it and tells the cooldown left; a bad cooldown is refused. */
static void test_recurring_goals(void) {
    static const char *json =
        "{\"actions\": [{\"name\": \"walk\", \"effects\": {\"at_gate\": true}}],"
        " \"goals\": [{\"name\": \"patrol\", \"priority\": 1, \"conditions\": {\"at_gate\": true},"
        "              \"reset\": {\"at_gate\": false}, \"cooldown\": 2}]}";
    GoapWorldDef wdef = goap_world_def_default();
    GoapWorld *world = NULL;
    GoapDomainId d = GOAP_NULL_DOMAIN_ID;
    GoapFactId gate = GOAP_NULL_FACT_ID;
    GoapActionId walk = GOAP_NULL_ACTION_ID;
    GoapAgentDef adef = goap_agent_def_default();
    GoapAgentId agent = GOAP_NULL_AGENT_ID;
    GoapGoalId patrol = GOAP_NULL_GOAL_ID, untouched = {77};
    GoapGoalDef bad = goap_goal_def_default();
    GoapGoalInfo ginfo;
    GoapStep step;
    int32_t at_gate = 1;
    uint32_t round;
    ginfo.size = (uint32_t)sizeof ginfo;
    step.size = (uint32_t)sizeof step;
    CHECK_STATUS(goap_world_create(&wdef, &world), GOAP_STATUS_OK);
    CHECK_STATUS(goap_domain_load_json(world, json, len32(json), &d), GOAP_STATUS_OK);
    CHECK_STATUS(goap_domain_find_fact(world, d, "at_gate", 7, &gate), GOAP_STATUS_OK);
    CHECK_STATUS(goap_domain_find_action(world, d, "walk", 4, &walk), GOAP_STATUS_OK);
    adef.domain = d;
    CHECK_STATUS(goap_agent_create(world, &adef, &agent), GOAP_STATUS_OK);
    CHECK_STATUS(goap_agent_goal_at(world, agent, 0, &patrol), GOAP_STATUS_OK);
    for (round = 1; round <= 3; round++) {
        CHECK_STATUS(goap_agent_step(world, agent, 0.5, &step), GOAP_STATUS_OK);
        CHECK(step.kind == GOAP_STEP_KIND_START && goap_action_id_equals(step.action, walk));
        CHECK_STATUS(goap_agent_report(world, agent, GOAP_REPORT_SUCCEEDED), GOAP_STATUS_OK);
        CHECK_STATUS(goap_agent_step(world, agent, 0.5, &step), GOAP_STATUS_OK);
        CHECK(step.kind == GOAP_STEP_KIND_IDLE && goap_goal_id_is_null(step.goal));
        CHECK_STATUS(goap_agent_get_fact(world, agent, gate, &at_gate), GOAP_STATUS_OK);
        CHECK(at_gate == 0);
        CHECK_STATUS(goap_agent_goal_info(world, agent, patrol, &ginfo), GOAP_STATUS_OK);
        CHECK(ginfo.achieved == round && ginfo.ready_in == 2.0);
        CHECK_STATUS(goap_agent_step(world, agent, 1.5, &step), GOAP_STATUS_OK);
        CHECK(step.kind == GOAP_STEP_KIND_IDLE);
    }
    bad.cooldown = -1.0;
    CHECK_STATUS(goap_agent_add_goal(world, agent, &bad, &untouched), GOAP_STATUS_INVALID_ARGUMENT);
    CHECK_MESSAGE("cooldown");
    CHECK(untouched.bits == 77);
    goap_world_destroy(world);
}

/* goap_agents_set_fact / _set_var: one call, several agents, all checked first. */
static void test_agents_set_many(void) {
    static const char *json =
        "{\"vars\": {\"alarm\": {\"min\": 0, \"max\": 3}},"
        " \"actions\": [{\"name\": \"close\", \"pre\": {\"bell\": true}, \"effects\": {\"closed\": true}}]}";
    GoapWorldDef wdef = goap_world_def_default();
    GoapWorld *world = NULL;
    GoapDomainId d = GOAP_NULL_DOMAIN_ID;
    GoapFactId bell = GOAP_NULL_FACT_ID;
    GoapVarId alarm = GOAP_NULL_VAR_ID;
    GoapAgentDef adef = goap_agent_def_default();
    GoapAgentId agents[3];
    int32_t value = -1;
    int i;
    CHECK_STATUS(goap_world_create(&wdef, &world), GOAP_STATUS_OK);
    CHECK_STATUS(goap_domain_load_json(world, json, len32(json), &d), GOAP_STATUS_OK);
    CHECK_STATUS(goap_domain_find_fact(world, d, "bell", 4, &bell), GOAP_STATUS_OK);
    CHECK_STATUS(goap_domain_find_var(world, d, "alarm", 5, &alarm), GOAP_STATUS_OK);
    adef.domain = d;
    for (i = 0; i < 3; i++) CHECK_STATUS(goap_agent_create(world, &adef, &agents[i]), GOAP_STATUS_OK);
    CHECK_STATUS(goap_agents_set_fact(world, agents, 3, bell, 1), GOAP_STATUS_OK);
    CHECK_STATUS(goap_agents_set_var(world, agents, 3, alarm, 2), GOAP_STATUS_OK);
    for (i = 0; i < 3; i++) {
        CHECK_STATUS(goap_agent_get_fact(world, agents[i], bell, &value), GOAP_STATUS_OK);
        CHECK(value == 1);
        CHECK_STATUS(goap_agent_get_var(world, agents[i], alarm, &value), GOAP_STATUS_OK);
        CHECK(value == 2);
    }
    CHECK_STATUS(goap_agent_destroy(world, agents[1]), GOAP_STATUS_OK);
    CHECK_STATUS(goap_agents_set_fact(world, agents, 3, bell, 0), GOAP_STATUS_UNKNOWN_AGENT);
    CHECK_MESSAGE("agents[1]");
    CHECK_STATUS(goap_agent_get_fact(world, agents[0], bell, &value), GOAP_STATUS_OK);
    CHECK(value == 1); /* nothing written */
    CHECK_STATUS(goap_agents_set_var(world, agents, 1, alarm, 9), GOAP_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(goap_agents_set_fact(world, NULL, 1, bell, 1), GOAP_STATUS_NULL_POINTER);
    CHECK_STATUS(goap_agents_set_fact(world, NULL, 0, bell, 1), GOAP_STATUS_OK);
    goap_world_destroy(world);
}

/* Shared world facts: one write every agent of the domain reads; dependents counted. */
static void test_shared_facts(void) {
    static const char *json =
        "{\"vars\": {\"alarm\": {\"min\": 0, \"max\": 3}},"
        " \"actions\": [{\"name\": \"close\", \"pre\": {\"bell\": true}, \"effects\": {\"closed\": true}},"
        "               {\"name\": \"harvest\", \"effects\": {\"harvested\": true}}],"
        " \"goals\": [{\"name\": \"secure\", \"priority\": 1, \"conditions\": {\"closed\": true}}]}";
    GoapWorldDef wdef = goap_world_def_default();
    GoapWorld *world = NULL;
    GoapDomainId d = GOAP_NULL_DOMAIN_ID;
    GoapFactId bell = GOAP_NULL_FACT_ID;
    GoapVarId alarm = GOAP_NULL_VAR_ID;
    GoapAgentDef adef = goap_agent_def_default();
    GoapAgentId agents[2];
    GoapStep step;
    GoapSharedChange change;
    GoapFactValue facts[1];
    GoapVarValue vars[1];
    int32_t shared = -1, value = -1;
    int i;
    step.size = (uint32_t)sizeof step;
    change.size = (uint32_t)sizeof change;
    CHECK_STATUS(goap_world_create(&wdef, &world), GOAP_STATUS_OK);
    CHECK_STATUS(goap_domain_load_json(world, json, len32(json), &d), GOAP_STATUS_OK);
    CHECK_STATUS(goap_domain_find_fact(world, d, "bell", 4, &bell), GOAP_STATUS_OK);
    CHECK_STATUS(goap_domain_find_var(world, d, "alarm", 5, &alarm), GOAP_STATUS_OK);
    adef.domain = d;
    for (i = 0; i < 2; i++) {
        CHECK_STATUS(goap_agent_create(world, &adef, &agents[i]), GOAP_STATUS_OK);
        CHECK_STATUS(goap_agent_step(world, agents[i], 0.1, &step), GOAP_STATUS_OK);
        CHECK(step.kind == GOAP_STEP_KIND_NO_PLAN);
    }
    CHECK_STATUS(goap_domain_get_shared_fact(world, d, bell, &shared, &value), GOAP_STATUS_OK);
    CHECK(shared == 0 && value == 0);
    facts[0] = fv(bell, 1);
    vars[0].var = alarm;
    vars[0].value = 2;
    CHECK_STATUS(goap_domain_set_shared(world, d, facts, 1, vars, 1, &change), GOAP_STATUS_OK);
    CHECK(change.changed == 2 && change.reviewed == 2);
    for (i = 0; i < 2; i++) {
        CHECK_STATUS(goap_agent_get_fact(world, agents[i], bell, &value), GOAP_STATUS_OK);
        CHECK(value == 1);
        CHECK_STATUS(goap_agent_step(world, agents[i], 0.1, &step), GOAP_STATUS_OK);
        CHECK(step.kind == GOAP_STEP_KIND_START);
    }
    CHECK_STATUS(goap_domain_get_shared_var(world, d, alarm, &shared, &value), GOAP_STATUS_OK);
    CHECK(shared == 1 && value == 2);
    CHECK_STATUS(goap_domain_set_shared_var(world, d, alarm, 3, &change), GOAP_STATUS_OK);
    CHECK(change.changed == 1 && change.reviewed == 0); /* no goal depends on alarm */
    CHECK_STATUS(goap_domain_set_shared_var(world, d, alarm, 9, NULL), GOAP_STATUS_OUT_OF_RANGE);
    CHECK_MESSAGE("alarm");
    CHECK_STATUS(goap_domain_set_shared_fact(world, d, bell, 0, NULL), GOAP_STATUS_OK);
    CHECK_STATUS(goap_agent_step(world, agents[0], 0.1, &step), GOAP_STATUS_OK);
    CHECK(step.kind == GOAP_STEP_KIND_NO_PLAN); /* the plan needed the bell */
    goap_world_destroy(world);
}

/* A domain file's action templates: names, parameters, groundings, find by arguments. */
static void test_templates(void) {
    static const char *json =
        "{\"objects\": {\"place\": [\"mill\", \"well\"]},"
        " \"actions\": [{\"name\": \"go({from},{to})\", \"params\": {\"from\": \"place\", \"to\": \"place\"},"
        "   \"distinct\": [\"from\", \"to\"], \"effects\": {\"at({to})\": true}}]}";
    GoapWorldDef wdef = goap_world_def_default();
    GoapWorld *world = NULL;
    GoapDomainId d = GOAP_NULL_DOMAIN_ID;
    GoapTemplateInfo info;
    GoapActionId ids[4], found = {77}, well_mill = GOAP_NULL_ACTION_ID;
    GoapString args[2];
    char name[32];
    uint32_t count = 0, len = 0;
    info.size = (uint32_t)sizeof info;
    CHECK_STATUS(goap_world_create(&wdef, &world), GOAP_STATUS_OK);
    CHECK_STATUS(goap_domain_load_json(world, json, len32(json), &d), GOAP_STATUS_OK);
    CHECK_STATUS(goap_domain_template_count(world, d, &count), GOAP_STATUS_OK);
    CHECK(count == 1);
    CHECK_STATUS(goap_domain_template_name(world, d, 0, name, sizeof name, &len), GOAP_STATUS_OK);
    CHECK(strcmp(name, "go({from},{to})") == 0);
    CHECK_STATUS(goap_domain_template_info(world, d, 0, &info), GOAP_STATUS_OK);
    CHECK(info.param_count == 2 && info.grounding_count == 2);
    CHECK_STATUS(goap_domain_template_param_name(world, d, 0, 1, name, sizeof name, &len), GOAP_STATUS_OK);
    CHECK(strcmp(name, "to") == 0);
    CHECK_STATUS(goap_domain_template_groundings(world, d, 0, ids, 4, &count), GOAP_STATUS_OK);
    CHECK(count == 2);
    CHECK_STATUS(goap_domain_find_action(world, d, "go(well,mill)", 13, &well_mill), GOAP_STATUS_OK);
    CHECK(goap_action_id_equals(ids[1], well_mill));
    args[0].text = "well";
    args[0].len = 4;
    args[1].text = "mill";
    args[1].len = 4;
    CHECK_STATUS(goap_domain_template_find(world, d, 0, args, 2, &found), GOAP_STATUS_OK);
    CHECK(goap_action_id_equals(found, well_mill));
    args[1].text = "well";
    found.bits = 77;
    CHECK_STATUS(goap_domain_template_find(world, d, 0, args, 2, &found), GOAP_STATUS_NOT_FOUND);
    CHECK(found.bits == 77);
    CHECK_STATUS(goap_domain_template_find(world, d, 0, args, 1, &found), GOAP_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(goap_domain_template_name(world, d, 1, name, sizeof name, &len), GOAP_STATUS_INVALID_ARGUMENT);
    goap_world_destroy(world);
}

static GoapString str(const char *text) {
    GoapString s;
    s.text = text;
    s.len = len32(text);
    return s;
}

/* A template defined by calls: objects, then a template with "where" and a cost table. */
static void test_template_def(void) {
    static const char *json = "{\"actions\": [], \"start\": {\"road(mill,well)\": true}}";
    GoapWorldDef wdef = goap_world_def_default();
    GoapWorld *world = NULL;
    GoapDomainId d = GOAP_NULL_DOMAIN_ID;
    GoapString places[3], distinct[2];
    GoapTemplateParam params[2];
    GoapTemplateFact where[1], effects[1];
    GoapObjectCost cost[1];
    GoapTemplateDef def = goap_template_def_default();
    GoapActionId ids[4];
    char name[32];
    uint32_t index = 77, count = 0, len = 0;
    places[0] = str("mill");
    places[1] = str("bakery");
    places[2] = str("well");
    params[0].name = str("from");
    params[0].object_type = str("place");
    params[1].name = str("to");
    params[1].object_type = str("place");
    distinct[0] = str("from");
    distinct[1] = str("to");
    where[0].name = str("road({from},{to})");
    where[0].value = 1;
    effects[0].name = str("at({to})");
    effects[0].value = 1;
    cost[0].object = str("well");
    cost[0].cost = 3.0;
    def.name = str("go({from},{to})");
    def.params = params;
    def.param_count = 2;
    def.distinct = distinct;
    def.distinct_count = 2;
    def.where_facts = where;
    def.where_count = 1;
    def.effects = effects;
    def.effect_count = 1;
    def.cost_by_param = str("to");
    def.cost_by = cost;
    def.cost_by_count = 1;
    CHECK_STATUS(goap_world_create(&wdef, &world), GOAP_STATUS_OK);
    CHECK_STATUS(goap_domain_load_json(world, json, len32(json), &d), GOAP_STATUS_OK);
    CHECK_STATUS(goap_domain_add_template(world, d, &def, &index), GOAP_STATUS_INVALID_ARGUMENT);
    CHECK(index == 77);
    CHECK_STATUS(goap_domain_add_objects(world, d, str("place"), places, 3), GOAP_STATUS_OK);
    CHECK_STATUS(goap_domain_add_template(world, d, &def, &index), GOAP_STATUS_OK);
    CHECK(index == 0);
    CHECK_STATUS(goap_domain_template_groundings(world, d, 0, ids, 4, &count), GOAP_STATUS_OK);
    CHECK(count == 1);
    CHECK_STATUS(goap_domain_action_name(world, d, ids[0], name, sizeof name, &len), GOAP_STATUS_OK);
    CHECK(strcmp(name, "go(mill,well)") == 0);
    CHECK_STATUS(goap_domain_add_template(world, d, &def, &index), GOAP_STATUS_DUPLICATE_NAME);
    CHECK_STATUS(goap_domain_add_template(world, d, NULL, &index), GOAP_STATUS_NULL_POINTER);
    goap_world_destroy(world);
}

/* goap_validate_json: a file's warnings with positions, by the two-call protocol, and an
 * error as a diagnostic (not a failure). */
static void test_validate(void) {
    const char *lint =
        "{\"actions\": [\n"
        "  {\"name\": \"chop\", \"pre\": {\"has_ax\": true}}],\n"
        " \"goal\": {\"wood\": true}}";
    const char *bad = "{\"actions\": [\n  {\"name\": \"a\",}]}";
    GoapValidation result;
    GoapDiagnostic diagnostics[2];
    char messages[512];
    memset(&result, 0, sizeof result);
    result.size = sizeof result;
    CHECK_STATUS(goap_validate_json(lint, (uint32_t)strlen(lint), NULL, 0, NULL, 0, &result),
                 GOAP_STATUS_BUFFER_TOO_SMALL);
    CHECK(result.diagnostic_count == 2 && result.warning_count == 2 && result.error_count == 0);
    CHECK(result.message_bytes > 0 && result.message_bytes <= sizeof messages);
    memset(diagnostics, 0, sizeof diagnostics);
    diagnostics[0].size = sizeof diagnostics[0];
    CHECK_STATUS(goap_validate_json(lint, (uint32_t)strlen(lint), diagnostics, 2, messages,
                                    (uint32_t)sizeof messages, &result),
                 GOAP_STATUS_OK);
    CHECK(diagnostics[0].severity == GOAP_SEVERITY_WARNING);
    CHECK(diagnostics[0].line == 2 && diagnostics[0].column == 12);
    CHECK(strncmp(messages + diagnostics[0].message_start, "fact \"has_ax\"", 13) == 0);
    CHECK(messages[diagnostics[0].message_start + diagnostics[0].message_len] == '\0');
    CHECK(diagnostics[1].line == 3 && diagnostics[1].column == 2);
    CHECK(strstr(messages + diagnostics[1].message_start, "for goal") != NULL);

    CHECK_STATUS(goap_validate_json(bad, (uint32_t)strlen(bad), diagnostics, 2, messages,
                                    (uint32_t)sizeof messages, &result),
                 GOAP_STATUS_OK);
    CHECK(result.diagnostic_count == 1 && result.error_count == 1);
    CHECK(diagnostics[0].severity == GOAP_SEVERITY_ERROR);
    CHECK(diagnostics[0].line == 2 && diagnostics[0].column == 16);
    CHECK(strstr(messages, "trailing comma") != NULL);
    CHECK_STATUS(goap_validate_json(bad, 3, NULL, 0, NULL, 0, NULL), GOAP_STATUS_NULL_POINTER);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s KITCHEN_JSON\n", argv[0]);
        return 2;
    }
    CHECK((goap_version() >> 16) == GOAP_VERSION_MAJOR);
    CHECK(goap_version() == ((GOAP_VERSION_MAJOR << 16) | (GOAP_VERSION_MINOR << 8) | GOAP_VERSION_PATCH));
    CHECK(goap_version_string() != NULL && goap_version_string()[0] != '\0');
    CHECK(goap_last_error_length() == 0);

    test_kitchen_by_hand();
    test_errors();
    test_numeric();
    test_json(argv[1]);
    test_agents(argv[1]);
    test_step_budget(argv[1]);
    test_task_callbacks(argv[1]);
    test_introspection();
    test_id_helpers();
    test_goal_ids(argv[1]);
    test_domain_agent_goals();
    test_recurring_goals();
    test_agents_set_many();
    test_shared_facts();
    test_templates();
    test_template_def();
    test_validate();

    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
