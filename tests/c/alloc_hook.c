/*
 * The allocator hook of include/goap.h (goap_set_allocator, goap_allocated_bytes), from C:
 * its own program, because the hook must be set before goap allocates anything. Valid C99
 * and C++17; built and run (also under valgrind) by tests/c_harness.rs:
 *
 *   gcc -std=c99 -Wall -Wextra -Wpedantic -Werror -Iinclude tests/c/alloc_hook.c \
 *       target/debug/libgoap.a -lpthread -ldl -lm -o alloc_hook
 *   ./alloc_hook examples/domains/village.json [no-realloc | misaligned-realloc]
 *
 * Sets a counting allocator first thing: it records every live block (pointer, size,
 * alignment) in a table, and checks that every block goap frees or resizes is a live one
 * with the size and alignment it was made with, that alignments are powers of two and
 * sizes non-zero. Then it checks that goap_allocated_bytes equals the bytes the host holds
 * at every point, that the hook cannot be set again, and that worlds (loaded domain, plan,
 * agents stepped, batches on the engine's job system and on the world's own threads) give
 * back all they allocated when destroyed. With "no-realloc" the allocator has no realloc
 * function, so goap resizes by alloc, copy and free. With "misaligned-realloc" its realloc
 * ignores alignment and returns blocks one byte off: goap must move each into an aligned
 * block from alloc (and free the misaligned one with its size and alignment).
 *
 * Prints "N passed, M failed" last; exits 1 when any check failed.
 */
#define _POSIX_C_SOURCE 200809L
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
        fprintf(stderr, "alloc_hook.c:%d: check failed: %s\n", line, what);
    }
}

static const char *last_error(void) {
    static char buf[2048];
    uint32_t len = 0;
    if (goap_last_error_message(buf, (uint32_t)sizeof buf, &len) != GOAP_STATUS_OK) buf[0] = '\0';
    return buf;
}

static void check_status(GoapStatus got, GoapStatus expected, const char *call, int line) {
    if (got == expected) {
        passed++;
    } else {
        failed++;
        fprintf(stderr, "alloc_hook.c:%d: %s returned %s, expected %s (last error: %s)\n", line, call,
                goap_status_name(got), goap_status_name(expected), last_error());
    }
}

#define CHECK_MESSAGE(needle) check_message((needle), __LINE__)
static void check_message(const char *needle, int line) {
    const char *msg = last_error();
    if (strstr(msg, needle) != NULL) {
        passed++;
    } else {
        failed++;
        fprintf(stderr, "alloc_hook.c:%d: last error \"%s\" lacks \"%s\"\n", line, msg, needle);
    }
}

/* ------------------------------------------------------------------ the counting allocator */

/* Every live block goap holds, in a chained hash table keyed by address. */
typedef struct Block {
    void *ptr;
    void *base; /* what malloc returned: ptr, or ptr - 1 for a misaligned realloc */
    uint64_t size, align;
    struct Block *next;
} Block;

#define BUCKETS 4096

typedef struct Counter {
    pthread_mutex_t lock;
    Block *buckets[BUCKETS];
    uint64_t bytes, blocks, allocs, reallocs, frees, misaligned;
    int errors; /* calls that broke the contract: reported by the checks below */
} Counter;

static Counter counter;

/* "misaligned-realloc": host_realloc returns blocks one byte off their alignment. */
static int misaligned_realloc = 0;

static size_t bucket_of(const void *ptr) {
    return (size_t)(((uintptr_t)ptr >> 4) % BUCKETS);
}

static void contract_error(const char *what, const void *ptr, uint64_t size, uint64_t align) {
    counter.errors++;
    fprintf(stderr, "alloc_hook.c: %s (ptr %p, size %llu, align %llu)\n", what, ptr,
            (unsigned long long)size, (unsigned long long)align);
}

/* Under counter.lock: records a block (base: what to pass to free). */
static void insert(void *ptr, void *base, uint64_t size, uint64_t align) {
    Block *b = (Block *)malloc(sizeof *b);
    size_t i = bucket_of(ptr);
    if (b == NULL) abort();
    b->ptr = ptr;
    b->base = base;
    b->size = size;
    b->align = align;
    b->next = counter.buckets[i];
    counter.buckets[i] = b;
    counter.bytes += size;
    counter.blocks++;
}

/* Under counter.lock: removes a block, which must be live with this size and alignment.
   Returns what to pass to free, or NULL (and leaves it) when it is not live so. */
static void *remove_block(void *ptr, uint64_t size, uint64_t align) {
    Block **at = &counter.buckets[bucket_of(ptr)];
    while (*at != NULL && (*at)->ptr != ptr) at = &(*at)->next;
    if (*at == NULL) {
        contract_error("goap freed or resized a block that is not live", ptr, size, align);
        return NULL;
    }
    if ((*at)->size != size || (*at)->align != align) {
        contract_error("goap freed or resized a block with another size or alignment", ptr, size,
                       align);
        return NULL;
    }
    {
        Block *b = *at;
        void *base = b->base;
        *at = b->next;
        free(b);
        counter.bytes -= size;
        counter.blocks--;
        return base;
    }
}

static int valid_layout(uint64_t size, uint64_t align, void *user_data) {
    return user_data == &counter && size > 0 && align > 0 && (align & (align - 1)) == 0;
}

static void *raw_alloc(uint64_t size, uint64_t align) {
    void *p = NULL;
    size_t a = align < sizeof(void *) ? sizeof(void *) : (size_t)align;
    if (posix_memalign(&p, a, (size_t)size) != 0) return NULL;
    return p;
}

static void *host_alloc(uint64_t size, uint64_t align, void *user_data) {
    void *p;
    if (!valid_layout(size, align, user_data)) {
        pthread_mutex_lock(&counter.lock);
        contract_error("alloc with a bad size, alignment or user_data", NULL, size, align);
        pthread_mutex_unlock(&counter.lock);
        return NULL;
    }
    p = raw_alloc(size, align);
    if (p == NULL) return NULL;
    pthread_mutex_lock(&counter.lock);
    if ((uintptr_t)p % align != 0) contract_error("misaligned block", p, size, align);
    counter.allocs++;
    insert(p, p, size, align);
    pthread_mutex_unlock(&counter.lock);
    return p;
}

static void *host_realloc(void *ptr, uint64_t old_size, uint64_t align, uint64_t new_size,
                          void *user_data) {
    void *p, *base, *old_base;
    if (!valid_layout(new_size, align, user_data) || old_size == 0) {
        pthread_mutex_lock(&counter.lock);
        contract_error("realloc with a bad size, alignment or user_data", ptr, new_size, align);
        pthread_mutex_unlock(&counter.lock);
        return NULL;
    }
    base = raw_alloc(new_size + (misaligned_realloc ? 1 : 0), align);
    if (base == NULL) return NULL;
    p = misaligned_realloc ? (void *)((char *)base + 1) : base;
    memcpy(p, ptr, (size_t)(old_size < new_size ? old_size : new_size));
    pthread_mutex_lock(&counter.lock);
    old_base = remove_block(ptr, old_size, align);
    counter.reallocs++;
    if (misaligned_realloc) counter.misaligned++;
    insert(p, base, new_size, align);
    pthread_mutex_unlock(&counter.lock);
    free(old_base); /* NULL (nothing) when goap passed a block that was not live */
    return p;
}

static void host_free(void *ptr, uint64_t size, uint64_t align, void *user_data) {
    void *base;
    pthread_mutex_lock(&counter.lock);
    if (user_data != &counter) contract_error("free with another user_data", ptr, size, align);
    base = remove_block(ptr, size, align);
    counter.frees++;
    pthread_mutex_unlock(&counter.lock);
    free(base);
}

static uint64_t host_bytes(void) {
    uint64_t bytes;
    pthread_mutex_lock(&counter.lock);
    bytes = counter.bytes;
    pthread_mutex_unlock(&counter.lock);
    return bytes;
}

/* goap_allocated_bytes and the host agree (no other thread calls goap meanwhile). */
#define CHECK_SAME() check_same(__LINE__)
static uint64_t check_same(int line) {
    uint64_t goap = goap_allocated_bytes(), host = host_bytes();
    if (goap == host) {
        passed++;
    } else {
        failed++;
        fprintf(stderr, "alloc_hook.c:%d: goap_allocated_bytes() is %llu, the host holds %llu\n",
                line, (unsigned long long)goap, (unsigned long long)host);
    }
    return host;
}

/* ------------------------------------------------------------------ an engine job system */

#define JOB_THREADS 3

typedef struct Job {
    GoapTaskCallback task;
    uint32_t count, min_range, next;
    void *task_context;
    pthread_mutex_t lock;
    pthread_t threads[JOB_THREADS];
    uint32_t indices[JOB_THREADS];
} Job;

typedef struct JobWorker {
    Job *job;
    uint32_t index;
} JobWorker;

static JobWorker job_workers[JOB_THREADS];
static int jobs_enqueued = 0;

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
    }
    return NULL;
}

static void *job_enqueue(GoapTaskCallback task, uint32_t item_count, uint32_t min_range,
                         void *task_context, void *user_context) {
    Job *job = (Job *)calloc(1, sizeof(Job));
    int i;
    (void)user_context;
    if (job == NULL) abort();
    job->task = task;
    job->count = item_count;
    job->min_range = min_range;
    job->task_context = task_context;
    pthread_mutex_init(&job->lock, NULL);
    jobs_enqueued++;
    for (i = 0; i < JOB_THREADS; i++) {
        job_workers[i].job = job;
        job_workers[i].index = (uint32_t)i;
        if (pthread_create(&job->threads[i], NULL, job_thread, &job_workers[i]) != 0) abort();
    }
    return job;
}

static void job_finish(void *user_task, void *user_context) {
    Job *job = (Job *)user_task;
    int i;
    (void)user_context;
    for (i = 0; i < JOB_THREADS; i++) pthread_join(job->threads[i], NULL);
    pthread_mutex_destroy(&job->lock);
    free(job);
}

/* ------------------------------------------------------------------ worlds */

static char *read_file(const char *path, uint32_t *len) {
    FILE *f = fopen(path, "rb");
    char *text;
    long n;
    if (f == NULL) return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    text = (char *)malloc((size_t)n + 1);
    if (text != NULL && fread(text, 1, (size_t)n, f) != (size_t)n) {
        free(text);
        text = NULL;
    }
    fclose(f);
    if (text != NULL) {
        text[n] = '\0';
        *len = (uint32_t)n;
    }
    return text;
}

#define AGENTS 24

/* A world (own_threads 1: 4 threads of its own; 0: batches on the job system above; -1:
   one thread, no job system) that loads the domain, plans its goal, creates agents, batch-plans and steps them,
   destroys one, and is destroyed. Returns the bytes goap held while it lived. */
static uint64_t world_cycle(const char *text, uint32_t len, int own_threads) {
    GoapWorldDef def = goap_world_def_default();
    GoapWorld *world = NULL;
    GoapDomainId d;
    GoapActionId plan[64];
    GoapPlanResult result;
    GoapAgentDef adef;
    GoapAgentId agents[AGENTS];
    GoapBatchStats stats;
    GoapStep step;
    uint64_t living;
    int i;
    if (own_threads < 0) {
        def.worker_threads = 1;
    } else if (own_threads) {
        def.worker_threads = 4;
    } else {
        def.worker_threads = JOB_THREADS;
        def.enqueue_task = job_enqueue;
        def.finish_task = job_finish;
    }
    CHECK_STATUS(goap_world_create(&def, &world), GOAP_STATUS_OK);
    if (world == NULL) return 0;
    CHECK_STATUS(goap_domain_load_json(world, text, len, &d), GOAP_STATUS_OK);
    memset(&result, 0, sizeof result);
    result.size = (uint32_t)sizeof result;
    CHECK_STATUS(goap_domain_plan(world, d, NULL, plan, 64, &result), GOAP_STATUS_OK);
    CHECK(result.outcome == GOAP_OUTCOME_FOUND && result.action_count > 0);
    adef = goap_agent_def_default();
    adef.domain = d;
    adef.plan_in_step = 0; /* planned by the batch */
    for (i = 0; i < AGENTS; i++) {
        CHECK_STATUS(goap_agent_create(world, &adef, &agents[i]), GOAP_STATUS_OK);
    }
    memset(&stats, 0, sizeof stats);
    stats.size = (uint32_t)sizeof stats;
    CHECK_STATUS(goap_world_plan_agents(world, NULL, &stats), GOAP_STATUS_OK);
    CHECK(stats.planned == AGENTS);
    for (i = 0; i < AGENTS; i++) {
        memset(&step, 0, sizeof step);
        step.size = (uint32_t)sizeof step;
        CHECK_STATUS(goap_agent_step(world, agents[i], 0.1, &step), GOAP_STATUS_OK);
        CHECK(step.kind == GOAP_STEP_KIND_START);
    }
    CHECK_STATUS(goap_agent_destroy(world, agents[0]), GOAP_STATUS_OK);
    /* The world's own workers may still free memory just after the batch returned. */
    living = own_threads ? goap_allocated_bytes() : CHECK_SAME();
    goap_world_destroy(world);
    return living;
}

int main(int argc, char **argv) {
    GoapAllocator allocator;
    uint32_t len = 0;
    char *text;
    uint64_t baseline, most = 0;
    int i, with_realloc = !(argc >= 3 && strcmp(argv[2], "no-realloc") == 0);
    if (argc < 2) {
        fprintf(stderr, "usage: %s VILLAGE_JSON [no-realloc | misaligned-realloc]\n", argv[0]);
        return 2;
    }
    misaligned_realloc = argc >= 3 && strcmp(argv[2], "misaligned-realloc") == 0;
    pthread_mutex_init(&counter.lock, NULL);

    /* First thing: no goap call has allocated yet. */
    memset(&allocator, 0, sizeof allocator);
    allocator.alloc = host_alloc;
    allocator.realloc = with_realloc ? host_realloc : NULL;
    allocator.free = host_free;
    allocator.user_data = &counter;
    CHECK_STATUS(goap_set_allocator(&allocator), GOAP_STATUS_OK);
    CHECK_SAME();

    /* Once set, never again; bad arguments are refused. */
    CHECK_STATUS(goap_set_allocator(&allocator), GOAP_STATUS_TOO_LATE);
    CHECK_MESSAGE("goap_set_allocator: an allocator was set already");
    CHECK(strcmp(goap_status_name(GOAP_STATUS_TOO_LATE), "GOAP_STATUS_TOO_LATE") == 0);
    CHECK_STATUS(goap_set_allocator(NULL), GOAP_STATUS_NULL_POINTER);
    CHECK_MESSAGE("argument `allocator` is NULL");
    allocator.free = NULL;
    CHECK_STATUS(goap_set_allocator(&allocator), GOAP_STATUS_NULL_POINTER);
    CHECK_MESSAGE("`allocator->free` is NULL");
    CHECK(counter.allocs > 0); /* the messages above went through the host */
    CHECK_SAME();

    text = read_file(argv[1], &len);
    CHECK(text != NULL);
    if (text == NULL) return 1;

    /* The thread's last error message is goap's until goap_clear_last_error frees it. */
    {
        uint64_t with_message = CHECK_SAME();
        CHECK(goap_last_error_length() > 0);
        goap_clear_last_error();
        CHECK(goap_last_error_length() == 0);
        CHECK(CHECK_SAME() < with_message);
    }

    /* A world used from one thread gives back exactly what it took, also after a failed
       call once its message is cleared. */
    baseline = CHECK_SAME();
    for (i = 0; i < 3; i++) {
        uint64_t living = world_cycle(text, len, -1);
        CHECK(living > baseline);
        CHECK(CHECK_SAME() == baseline);
    }
    {
        GoapDomainId none = GOAP_NULL_DOMAIN_ID;
        GoapWorldDef def = goap_world_def_default();
        GoapWorld *world = NULL;
        uint32_t count = 0;
        def.worker_threads = 1;
        CHECK_STATUS(goap_world_create(&def, &world), GOAP_STATUS_OK);
        CHECK_STATUS(goap_domain_fact_count(world, none, &count), GOAP_STATUS_UNKNOWN_DOMAIN);
        goap_world_destroy(world);
        CHECK(CHECK_SAME() > baseline);
        goap_clear_last_error();
        CHECK(CHECK_SAME() == baseline);
    }
    /* Worlds whose batches run on several threads (the engine's job threads, the world's
       own) may leave the thread libraries' process-wide state (goap_allocated_bytes):
       bounded, and not growing with each world. */
    for (i = 0; i < 3; i++) {
        uint64_t left;
        world_cycle(text, len, 0);
        left = CHECK_SAME() - baseline;
        if (left > most) most = left;
    }
    CHECK(jobs_enqueued >= 3);
    for (i = 0; i < 8; i++) {
        uint64_t left;
        world_cycle(text, len, 1);
        left = CHECK_SAME() - baseline;
        if (left > most) most = left;
    }
    CHECK(most <= 256 * 1024);
    free(text);

    CHECK(counter.errors == 0);
    CHECK(counter.frees > 0 && (with_realloc ? counter.reallocs > 0 : counter.reallocs == 0));
    /* Every misaligned block was moved and freed: none is live, and goap still counts
       exactly what the host holds. */
    CHECK(misaligned_realloc ? counter.misaligned > 0 : counter.misaligned == 0);
    CHECK_SAME();
    fprintf(stderr,
            "alloc_hook.c: %llu allocs, %llu reallocs, %llu frees through the host; %llu blocks "
            "(%llu bytes) live at the end; worlds with threads left up to %llu bytes\n",
            (unsigned long long)counter.allocs, (unsigned long long)counter.reallocs,
            (unsigned long long)counter.frees, (unsigned long long)counter.blocks,
            (unsigned long long)counter.bytes, (unsigned long long)most);
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
