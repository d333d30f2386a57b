/*
 * submit.c - queue submissions: the command buffers a path submits to one
 * queue, checked as one stream in submission order.
 *
 * "Submission order ... is determined as follows: the order in which
 * vkQueueSubmit and vkQueueSubmit2 commands are executed on the host, for a
 * single queue ...; the order in which VkSubmitInfo structures are
 * specified in the pSubmits parameter ...; the order in which command
 * buffers are specified in the pCommandBuffers member" ("Implicit
 * Synchronization Guarantees", "Synchronization and Cache Control"
 * chapter).  Submission
 * order alone defines no dependency, so the commands of every command
 * buffer a path submits to a queue are appended, in that order, to one
 * vks_cmdbuf for the queue: a hazard between two command buffers, two
 * batches, two submissions or two submissions of the same command buffer is
 * then an ordinary hazard inside that stream.  The recordings submitted are
 * marked in_queue_stream, so the engine checks their commands once, in the
 * stream.
 *
 * Synchronization between submissions:
 * - a semaphore wait (pWaitDstStageMask / VkSemaphoreSubmitInfo.stageMask)
 *   is a global barrier from everything earlier in submission order (the
 *   signal's first scope: "all commands that occur earlier in submission
 *   order", first access scope "all memory access performed by the
 *   device") to the wait's stages (second access scope: the accesses of
 *   those stages);
 * - vkQueueWaitIdle and vkDeviceWaitIdle make every earlier submission
 *   complete, its writes available (the fence signal's first access
 *   scope), and the next vkQueueSubmit makes available writes visible to
 *   all device accesses ("Host Write Ordering Guarantees"): a full barrier;
 * - vkWaitForFences is that barrier for the submissions up to the one that
 *   signals the fence, and only those: "The first synchronization scope
 *   includes every batch submitted in the same queue submission command.
 *   Fence signal operations that are defined by vkQueueSubmit additionally
 *   include in the first synchronization scope all commands that occur
 *   earlier in submission order" ("Fences").  Waiting for frame N-2's
 *   fence does not complete frame N-1.  The barrier's first_scope_end is
 *   where that submission ends in the stream.  A fence created signalled
 *   and not submitted since orders nothing.  A fence whose signal this
 *   path did not see (made elsewhere, an unknown handle) is still taken
 *   as a wait for everything, so an unknown fence never produces a
 *   finding; a wait for any one of several waits for what all of them
 *   cover.
 * Limits (README): one stream per queue handle; different queues are not
 * checked against each other; a submitted command buffer whose recording
 * this path did not see becomes an unmodelled command (orders everything,
 * so nothing is reported across it).
 */
#include <string.h>
#include <vulkan/vulkan_core.h>

#include "model.h"

typedef struct fe_closed {
    const char *ident;   /* the command buffer handle's identity */
    uint32_t cmdbuf;
    struct fe_closed *next;
} fe_closed;

typedef struct fe_stream {
    const char *queue;   /* the queue handle's identity */
    fe_recording rec;    /* the stream as a recording (path steps) */
    bool host_writes;    /* host accesses since the last submission */
    /* The commands appended since the queue was last waited for, hashed
       (0: none): what may still be executing (fe_in_flight). */
    uint64_t in_flight;
    /* The first command of the stream not known to have completed. */
    uint32_t in_flight_from;
    /* A batch of it waited for a semaphore: work of another queue may be
       in what its fences' signals wait for. */
    bool waited_semaphores;
    struct fe_stream *next;
} fe_stream;

/* What a wait for a fence would wait for, as this path last left it. */
typedef struct fe_fence {
    const char *ident;      /* the fence handle's identity */
    /* The stream of the submission that signals it, and how many of its
       commands come up to the end of that submission; NULL: signalled
       with nothing to wait for (created signalled, not submitted since). */
    fe_stream *stream;
    uint32_t covered;
    bool waited_semaphores; /* that submission or an earlier one waited */
    struct fe_fence *next;
} fe_fence;

/*
 * "If vkQueueSubmit fails, it may return VK_ERROR_OUT_OF_HOST_MEMORY or
 * VK_ERROR_OUT_OF_DEVICE_MEMORY. If it does, the implementation must ensure
 * that the state and contents of any resources or synchronization
 * primitives referenced by the submitted command buffers and any
 * semaphores referenced by pSubmits is unaffected by the call or its
 * failure. If vkQueueSubmit fails in such a way that the implementation is
 * unable to make that guarantee, the implementation must return
 * VK_ERROR_DEVICE_LOST" ("Command Buffers" chapter, vkQueueSubmit): on the
 * way where a submission failed, nothing it submitted runs (and after a
 * lost device no later work does either).  Mesa's WSI-style loops test
 * each submission and `goto` the next item on failure; taken as made, the
 * failed submission's copy was paired with a later item's: a false
 * write-after-write.  So what a submission changed in its queue's stream is
 * kept aside until the path tests its result, and taken back on the way
 * where the path's facts leave it no success (fe_submission_failed) - as
 * long as nothing was appended to that stream since.
 */
typedef struct fe_retractable {
    const char *result;             /* the result's unknown name */
    struct fe_stream *stream;
    size_t cmd_count, seq_count;    /* the stream before the submission */
    size_t cmd_count_after;
    uint64_t in_flight;
    uint32_t in_flight_from;
    bool host_writes, waited_semaphores;
    const char *fence;              /* the fence it signals, or NULL */
    struct fe_fence *fence_before;  /* its entry before, NULL: it had none */
    uint32_t *marked;               /* recordings it put in the stream first */
    size_t marked_count, marked_cap;
    bool submitting;                /* the submission is being appended */
} fe_retractable;

struct fe_submit_state {
    fe_closed *closed;
    fe_stream *streams;
    fe_fence *fences;       /* newest first */
    fe_retractable *retractable; /* the latest submission, until tested */
};

static struct fe_submit_state *state(fe_ctx *cx)
{
    if (!cx->path.submit)
        cx->path.submit = vks_arena_alloc(cx->arena, sizeof *cx->path.submit);
    return cx->path.submit;
}

void fe_recording_closed(fe_ctx *cx, const char *ident, uint32_t cmdbuf)
{
    fe_closed *c = vks_arena_alloc(cx->arena, sizeof *c);
    c->ident = ident;
    c->cmdbuf = cmdbuf;
    c->next = state(cx)->closed; /* newest first: a re-recording wins */
    state(cx)->closed = c;
}

size_t fe_closed_recordings(fe_ctx *cx, const char ***idents, uint32_t **cmdbufs)
{
    size_t count = 0, cap = 0, cap2 = 0, count2 = 0;
    *idents = NULL;
    *cmdbufs = NULL;
    if (!cx->path.submit)
        return 0;
    for (const fe_closed *c = cx->path.submit->closed; c; c = c->next) {
        VKS_PUSH(fe_value_arena(cx), *idents, count, cap, c->ident);
        VKS_PUSH(fe_value_arena(cx), *cmdbufs, count2, cap2, c->cmdbuf);
    }
    return count;
}

static const fe_closed *closed_recording(fe_ctx *cx, const fe_val *handle)
{
    const char *ident = fe_ident(handle);
    if (!ident)
        return NULL;
    for (const fe_closed *c = state(cx)->closed; c; c = c->next)
        if (strcmp(c->ident, ident) == 0)
            return c;
    return NULL;
}

static fe_stream *stream_for(fe_ctx *cx, const fe_val *queue, vks_loc at)
{
    const char *ident = fe_ident(queue);
    if (!ident)
        ident = "?queue";
    for (fe_stream *s = state(cx)->streams; s; s = s->next)
        if (strcmp(s->queue, ident) == 0)
            return s;
    fe_stream *s = vks_arena_alloc(cx->arena, sizeof *s);
    s->queue = ident;
    const char *name = queue && queue->spelling ? queue->spelling : "queue";
    s->rec.ident = ident;
    s->rec.cmdbuf = vks_begin_cmdbuf(cx->program,
                                     vks_arena_printf(cx->arena, "submissions to %s", name),
                                     cx->root_function, at);
    s->next = state(cx)->streams;
    state(cx)->streams = s;
    return s;
}

static void append(fe_ctx *cx, fe_stream *s, vks_cmd cmd)
{
    size_t seq = ++cx->seq;
    s->in_flight = vks_cmd_hash(s->in_flight ? s->in_flight : FE_HASH_SEED, &cmd);
    VKS_PUSH(cx->arena, s->rec.cmd_seq, s->rec.cmd_seq_count, s->rec.cmd_seq_cap, seq);
    vks_cmdbuf *cb = &cx->program->cmdbufs[s->rec.cmdbuf];
    VKS_PUSH(cx->arena, cb->cmds, cb->cmd_count, cb->cmd_cap, cmd);
}

static vks_cmd sync_cmd(fe_ctx *cx, vks_cmd_kind kind, const char *name,
                        vks_loc at)
{
    return (vks_cmd){.kind = kind,
                     .name = vks_arena_strdup(cx->arena, name),
                     .loc = at,
                     .dependency_flags = VKS_MASK(0)};
}

/* A semaphore wait with stage mask `stages` (see the file comment). */
static void append_semaphore_wait(fe_ctx *cx, fe_stream *s, vks_loc at,
                                  vks_mask stages)
{
    s->waited_semaphores = true;
    vks_cmd cmd = sync_cmd(cx, VKS_CMD_BARRIER, "semaphore wait", at);
    vks_barrier b = vks_global_barrier(
        VKS_MASK(VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT),
        VKS_MASK(VK_ACCESS_2_MEMORY_WRITE_BIT), stages,
        VKS_MASK(VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT),
        at);
    VKS_PUSH(cx->arena, cmd.barriers, cmd.barrier_count, cmd.barrier_cap, b);
    append(cx, s, cmd);
}

static void append_command_buffer(fe_ctx *cx, fe_stream *s, vks_loc at,
                                  const fe_val *handle)
{
    const fe_closed *c = closed_recording(cx, handle);
    if (!c) {
        vks_cmd cmd = sync_cmd(cx, VKS_CMD_UNKNOWN, VKS_SUBMITTED_UNSEEN, at);
        VKS_PUSH(cx->arena, cmd.accesses, cmd.access_count, cmd.access_cap,
                 vks_unknown_access());
        append(cx, s, cmd);
        return;
    }
    vks_cmdbuf *rec = &cx->program->cmdbufs[c->cmdbuf];
    fe_retractable *r = state(cx)->retractable;
    if (r && r->submitting && r->stream == s && !rec->in_queue_stream)
        VKS_PUSH(fe_value_arena(cx), r->marked, r->marked_count, r->marked_cap, c->cmdbuf);
    rec->in_queue_stream = true;
    size_t n = rec->cmd_count;
    vks_loc *submitted_by = vks_arena_alloc(cx->arena, sizeof *submitted_by);
    *submitted_by = at;
    for (size_t i = 0; i < n; i++) {
        vks_cmd cmd = cx->program->cmdbufs[c->cmdbuf].cmds[i];
        cmd.submitted_by = submitted_by;
        append(cx, s, cmd);
    }
}

/*
 * "When batches of command buffers are submitted to a queue via a queue
 * submission command, it defines a memory dependency with prior host
 * operations, and execution of command buffers submitted to the queue. ...
 * The first access scope includes all host writes to mappable device
 * memory that are available to the host memory domain.  The second access
 * scope includes all memory access performed by the device" ("Host Write
 * Ordering Guarantees", "Synchronization and Cache Control" chapter).  Added
 * only when the
 * stream holds host accesses since the last submission, so streams without
 * any are unchanged.  Host writes to memory that is not host-coherent also
 * need vkFlushMappedMemoryRanges to be available; coherency is not
 * modelled (README).
 */
static void append_host_write_ordering(fe_ctx *cx, fe_stream *s, vks_loc at)
{
    if (!s->host_writes)
        return;
    s->host_writes = false;
    vks_cmd cmd = sync_cmd(cx, VKS_CMD_BARRIER, VKS_HOST_SUBMIT_ORDER, at);
    vks_barrier b = vks_global_barrier(
        VKS_MASK(VK_PIPELINE_STAGE_2_HOST_BIT), VKS_MASK(VK_ACCESS_2_HOST_WRITE_BIT),
        VKS_MASK(VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT),
        VKS_MASK(VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT),
        at);
    VKS_PUSH(cx->arena, cmd.barriers, cmd.barrier_count, cmd.barrier_cap, b);
    append(cx, s, cmd);
}

void fe_host_access_streams(fe_ctx *cx, vks_loc at, bool write,
                            const vks_access *accesses, size_t count)
{
    if (!cx->path.submit || !count || fe_sandboxed_effect(cx))
        return; /* nothing submitted yet on this path: nothing to race */
    for (fe_stream *s = cx->path.submit->streams; s; s = s->next) {
        vks_cmd cmd = sync_cmd(cx, VKS_CMD_ACTION, write ? VKS_HOST_WRITE : VKS_HOST_READ,
                               at);
        for (size_t i = 0; i < count; i++)
            VKS_PUSH(cx->arena, cmd.accesses, cmd.access_count, cmd.access_cap,
                     accesses[i]);
        append(cx, s, cmd);
        s->host_writes = true;
    }
}

static uint64_t count_of(const fe_val *v, uint64_t limit)
{
    uint64_t n;
    return fe_known_int(v, &n) && n <= limit ? n : UINT64_MAX;
}

/*
 * Where VkSubmitInfo and VkSubmitInfo2 keep the same things: the wait stage
 * masks (an array of masks, or an array of VkSemaphoreSubmitInfo with a
 * stageMask member) and the command buffers (an array of handles, or of
 * VkCommandBufferSubmitInfo with a commandBuffer member).
 */
typedef struct {
    const char *wait_count, *waits, *wait_member;  /* member NULL: the element */
    const char *cb_count, *cbs, *cb_member;
} batch_layout;

static const batch_layout submit_info = {
    "waitSemaphoreCount", "pWaitDstStageMask", NULL,
    "commandBufferCount", "pCommandBuffers", NULL};
static const batch_layout submit_info2 = {
    "waitSemaphoreInfoCount", "pWaitSemaphoreInfos", "stageMask",
    "commandBufferInfoCount", "pCommandBufferInfos", "commandBuffer"};

static const fe_val *element(fe_ctx *cx, fe_val *array, uint64_t i,
                             const char *member)
{
    fe_val *e = fe_deref(cx, array, (int64_t)i);
    return member ? fe_peek(cx, e, member) : e;
}

/* The fence's entry on this path, made when `add`; NULL when absent. */
static fe_fence *fence_entry(fe_ctx *cx, const char *ident, bool add)
{
    for (fe_fence *f = state(cx)->fences; f; f = f->next)
        if (strcmp(f->ident, ident) == 0)
            return f;
    if (!add)
        return NULL;
    fe_fence *f = vks_arena_alloc(cx->arena, sizeof *f);
    f->ident = ident;
    f->next = state(cx)->fences;
    state(cx)->fences = f;
    return f;
}

static void forget_fence(fe_ctx *cx, const char *ident)
{
    for (fe_fence **f = &state(cx)->fences; *f; f = &(*f)->next)
        if (strcmp((*f)->ident, ident) == 0) {
            *f = (*f)->next;
            return;
        }
}

/* The submission just appended to `s` signals `fence` when it completes. */
static void fence_signalled_by(fe_ctx *cx, const fe_val *fence, fe_stream *s)
{
    uint64_t null;
    if (fe_known_int(fence, &null) && null == 0)
        return; /* VK_NULL_HANDLE */
    const char *ident = fe_ident(fence);
    if (!ident)
        return; /* a wait for it is taken as a wait for everything */
    fe_fence *f = fence_entry(cx, ident, true);
    f->stream = s;
    f->covered = (uint32_t)cx->program->cmdbufs[s->rec.cmdbuf].cmd_count;
    f->waited_semaphores = s->waited_semaphores;
}

/* vkQueueSubmit / vkQueueSubmit2(queue, submitCount, pSubmits, fence): each
   batch's semaphore waits, then its command buffers, in order.  A count the
   evaluator cannot tell becomes an unknown wait or command buffer. */
static void submit(fe_ctx *cx, vks_loc at, fe_val **args, fe_stream *s,
                   const batch_layout *layout)
{
    append_host_write_ordering(cx, s, at);
    uint64_t batches = count_of(args[1], 64);
    if (batches == UINT64_MAX) {
        append_command_buffer(cx, s, at, NULL);
        fence_signalled_by(cx, args[3], s);
        return;
    }
    for (uint64_t i = 0; i < batches; i++) {
        fe_val *info = fe_deref(cx, args[2], (int64_t)i);
        uint64_t waits = count_of(fe_peek(cx, info, layout->wait_count), 64);
        fe_val *wait_array = (fe_val *)fe_peek(cx, info, layout->waits);
        if (waits == UINT64_MAX)
            append_semaphore_wait(cx, s, at, VKS_MASK_UNKNOWN);
        for (uint64_t w = 0; waits != UINT64_MAX && w < waits; w++)
            append_semaphore_wait(
                cx, s, at, fe_mask(element(cx, wait_array, w, layout->wait_member)));
        uint64_t cbs = count_of(fe_peek(cx, info, layout->cb_count), 64);
        fe_val *cb_array = (fe_val *)fe_peek(cx, info, layout->cbs);
        if (cbs == UINT64_MAX)
            append_command_buffer(cx, s, at, NULL);
        for (uint64_t j = 0; cbs != UINT64_MAX && j < cbs; j++)
            append_command_buffer(cx, s, at,
                                  element(cx, cb_array, j, layout->cb_member));
    }
    fence_signalled_by(cx, args[3], s);
}

/* The in-flight hash of the stream's commands from `from` on. */
static void recount_in_flight(fe_ctx *cx, fe_stream *s, uint32_t from)
{
    const vks_cmdbuf *cb = &cx->program->cmdbufs[s->rec.cmdbuf];
    s->in_flight_from = from;
    s->in_flight = 0;
    for (size_t i = from; i < cb->cmd_count; i++)
        s->in_flight = vks_cmd_hash(s->in_flight ? s->in_flight : FE_HASH_SEED, &cb->cmds[i]);
}

/* A host wait in one stream for its commands before `covered`, or for
   all of them (UINT32_MAX; see the file comment): a full, known barrier
   from those commands.  A fence wait that waits for nothing in flight is
   kept as a barrier that orders only what had completed, so that a
   finding across it names it. */
static void wait_in_stream(fe_ctx *cx, fe_stream *s, vks_loc at, const char *name,
                           uint32_t covered)
{
    uint32_t count = (uint32_t)cx->program->cmdbufs[s->rec.cmdbuf].cmd_count;
    bool everything = covered >= count;
    bool nothing_new = !everything && covered <= s->in_flight_from;
    if (nothing_new && s->in_flight_from >= count)
        return; /* nothing in flight, nothing to name */
    if (nothing_new)
        covered = s->in_flight_from;
    vks_cmd cmd = sync_cmd(cx, VKS_CMD_BARRIER, name, at);
    uint64_t all = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
    uint64_t mem = VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT;
    vks_barrier b = vks_global_barrier(VKS_MASK(all), VKS_MASK(mem), VKS_MASK(all),
                                       VKS_MASK(mem), at);
    b.first_scope_limited = !everything;
    b.first_scope_end = everything ? 0 : covered;
    VKS_PUSH(cx->arena, cmd.barriers, cmd.barrier_count, cmd.barrier_cap, b);
    /* "An execution dependency is defined by waiting for a fence to
       become signaled ... The second synchronization scope includes the
       host operations of vkWaitForFences" (Fences): host accesses after
       it are ordered after the work it waited for.  It makes nothing
       visible to the host ("the access scope of a memory dependency
       defined by a fence only includes device access"). */
    cmd.host_wait = true;
    uint64_t in_flight = s->in_flight;
    append(cx, s, cmd);
    if (everything) { /* nothing left in flight */
        s->in_flight = 0;
        s->in_flight_from = count + 1;
    } else if (nothing_new) { /* what is in flight did not change */
        s->in_flight = in_flight;
    } else { /* every command before `covered` has completed */
        recount_in_flight(cx, s, covered);
    }
}

/* A wait for every earlier submission in every stream of this path
   (vkDeviceWaitIdle, a fence whose signal the path did not see) or in
   the queue's own (vkQueueWaitIdle).  A queue that names none of the
   path's streams - a handle the path holds no name for (submissions to
   such a queue all go to one stream, "?queue": stream_for), or one it
   never submitted to under that name - may be any of them: it waits for
   all, so that it hides hazards rather than invents them.  The styles
   corpus's ring allocator stalls with `vkQueueWaitIdle (ring->queue)` on
   a queue from a vkGetDeviceQueue the path cannot name: the wait was
   matched to no stream, and the copies across it were a false
   write-after-write. */
static void host_wait(fe_ctx *cx, vks_loc at, const char *name,
                      const fe_val *queue)
{
    const char *only = queue ? fe_ident(queue) : NULL;
    bool named = false;
    for (fe_stream *s = state(cx)->streams; s && only && !named; s = s->next)
        named = strcmp(only, s->queue) == 0;
    for (fe_stream *s = state(cx)->streams; s; s = s->next) {
        if (queue && named && strcmp(only, s->queue) != 0)
            continue;
        wait_in_stream(cx, s, at, name, UINT32_MAX);
    }
}

/* A host wait that may or may not wait for the stream's work: host
   accesses after it are not checked against the work before it
   (engine/host_hazards.c counts them as unknown). */
static void unknown_wait(fe_ctx *cx, fe_stream *s, vks_loc at, const char *name)
{
    vks_cmd cmd = sync_cmd(cx, VKS_CMD_BARRIER,
                           vks_arena_printf(cx->arena, "%s (not analysed)", name), at);
    cmd.host_wait = true;
    append(cx, s, cmd);
}

/*
 * vkWaitForFences(device, fenceCount, pFences, waitAll, timeout): with
 * waitAll VK_TRUE (or one fence) each stream waits for the submissions up
 * to the latest one that signals a fence waited for; otherwise the wait
 * may return when any one fence is signalled ("If waitAll is VK_FALSE,
 * then the condition is that at least one of the fences in pFences is
 * signaled", "Fences"), so each stream waits only for what every fence
 * waited for covers there.  Where that submission or an earlier one
 * waited for a semaphore, the other queues' work it waited for is not
 * known: their streams get a wait that may or may not be one.  Any fence
 * this path did not see signalled: every stream waits for everything, as
 * before fences were told apart (an unknown never produces a finding).
 */
static void fence_wait(fe_ctx *cx, const fe_call *call)
{
    uint64_t count = count_of(call->args[1], 64), wait_all = 0;
    bool all = count == 1 || (fe_known_int(call->args[3], &wait_all) && wait_all != 0);
    if (count == UINT64_MAX || count == 0) {
        host_wait(cx, call->loc, call->name, NULL);
        return;
    }
    const fe_fence *waited[64];
    bool others_unknown = false;
    for (uint64_t i = 0; i < count; i++) {
        const char *ident = fe_ident(element(cx, call->args[2], i, NULL));
        waited[i] = ident ? fence_entry(cx, ident, false) : NULL;
        if (!waited[i]) {
            host_wait(cx, call->loc, call->name, NULL);
            return;
        }
        others_unknown |= waited[i]->waited_semaphores;
    }
    for (fe_stream *s = state(cx)->streams; s; s = s->next) {
        uint32_t covered = all ? 0 : UINT32_MAX;
        bool signalled_here = false;
        for (uint64_t i = 0; i < count; i++) {
            uint32_t here = waited[i]->stream == s ? waited[i]->covered : 0;
            signalled_here |= waited[i]->stream == s;
            covered = all ? (here > covered ? here : covered) : (here < covered ? here : covered);
        }
        if (!signalled_here && others_unknown && s->in_flight)
            unknown_wait(cx, s, call->loc, call->name);
        else
            wait_in_stream(cx, s, call->loc, call->name, covered);
    }
}

bool fe_path_submitted(const fe_ctx *cx)
{
    return cx->path.submit && cx->path.submit->streams;
}

typedef struct {
    fe_ctx *cx;
    fe_rename_fn *rename;
    void *data;
} renamer;

static const char *renamed(const renamer *r, const char *ident)
{
    return r && ident ? r->rename(r->data, ident) : ident;
}

static uint64_t hash_renamed_resource(void *data, uint64_t h, vks_res_id res)
{
    const renamer *r = data;
    const char *ident = res < r->cx->resource_ident_count ? r->cx->resource_idents[res] : NULL;
    if (!ident)
        return fe_hash_bytes(h, &res, sizeof res);
    return fe_hash_text(h, renamed(r, ident));
}

/* The commands of s still in flight, hashed with their objects renamed. */
static uint64_t stream_in_flight(fe_ctx *cx, const fe_stream *s, const renamer *r)
{
    if (!r)
        return s->in_flight;
    vks_res_namer namer = {hash_renamed_resource, (void *)r};
    const vks_cmdbuf *cb = &cx->program->cmdbufs[s->rec.cmdbuf];
    uint64_t h = FE_HASH_SEED;
    for (size_t i = s->in_flight_from; i < cb->cmd_count; i++)
        h = vks_cmd_hash_named(h, &cb->cmds[i], &namer);
    return h;
}

static uint64_t in_flight(fe_ctx *cx, const renamer *r)
{
    uint64_t h = 0;
    if (!cx->path.submit)
        return 0;
    for (const fe_stream *s = cx->path.submit->streams; s; s = s->next) {
        if (!s->in_flight)
            continue;
        uint64_t commands = stream_in_flight(cx, s, r);
        h = fe_hash_text(h ? h : FE_HASH_SEED, s->queue ? renamed(r, s->queue) : "");
        h = fe_hash_bytes(h, &commands, sizeof commands);
    }
    /* What a later fence wait would wait for among the commands in
       flight.  A fence whose work completed, one created signalled and
       one never seen all add nothing to wait for in flight, and are not
       told apart: a path covered by one that takes such a fence for a
       wait for everything (a fence never seen) has its later hazards
       hidden, never invented (vkcube: with them told apart, paths that
       recreate the fences in demo_resize did not merge, and demo_draw
       ended at the statement limit). */
    for (const fe_fence *f = cx->path.submit->fences; f; f = f->next) {
        uint64_t pending = f->stream && f->covered > f->stream->in_flight_from
                               ? f->covered - f->stream->in_flight_from
                               : 0;
        if (!pending)
            continue;
        h = fe_hash_text(h ? h : FE_HASH_SEED, renamed(r, f->ident));
        h = fe_hash_text(h, renamed(r, f->stream->queue));
        uint64_t fields[] = {pending, f->waited_semaphores};
        h = fe_hash_bytes(h, fields, sizeof fields);
    }
    return h;
}

uint64_t fe_in_flight(fe_ctx *cx)
{
    return in_flight(cx, NULL);
}

/*
 * merge.c compares states up to renaming: objects the same create call
 * made on other ways there, or made again (a swapchain rebuilt), are the
 * same object there when they sit in the same places.  The commands in
 * flight are part of the state, so they are compared the same way: each
 * resource they access, each fence and queue by the name rename gives it.
 * Hashed by resource id, vkcube-xcb's frames in flight after a rebuild
 * never equalled those before it, and each was a wait of its own.
 */
uint64_t fe_in_flight_renamed(fe_ctx *cx, fe_rename_fn *rename, void *data)
{
    renamer r = {cx, rename, data};
    return in_flight(cx, &r);
}

/* A cache's making way is running (fe_frame.waits_unseen). */
static bool waits_unseen(const fe_ctx *cx)
{
    for (const fe_frame *f = cx->path.frame; f; f = f->caller)
        if (f->waits_unseen)
            return true;
    return false;
}

void fe_host_unknown_wait(fe_ctx *cx, vks_loc at, const char *name)
{
    if (!cx->path.submit || fe_sandboxed_inert_effect(cx) || waits_unseen(cx))
        return;
    for (fe_stream *s = cx->path.submit->streams; s; s = s->next)
        unknown_wait(cx, s, at, name);
}

const char *fe_untested_submission_result(const fe_ctx *cx)
{
    const fe_retractable *r = cx->path.submit ? cx->path.submit->retractable : NULL;
    return r && !r->submitting ? r->result : NULL;
}

/* vkQueueSubmit (param 1: VkSubmitInfo) / vkQueueSubmit2 (2: VkSubmitInfo2).
   Its result is a named unknown, and what it appends is kept aside until
   the path tests that result (fe_retractable). */
bool fe_model_queue_submit(fe_ctx *cx, const fe_call *call, int param)
{
    fe_stream *s = stream_for(cx, call->args[0], call->loc);
    vks_arena *a = fe_value_arena(cx);
    fe_retractable *r = vks_arena_alloc(a, sizeof *r);
    *r = (fe_retractable){
        .stream = s,
        .cmd_count = cx->program->cmdbufs[s->rec.cmdbuf].cmd_count,
        .seq_count = s->rec.cmd_seq_count,
        .in_flight = s->in_flight,
        .in_flight_from = s->in_flight_from,
        .host_writes = s->host_writes,
        .waited_semaphores = s->waited_semaphores,
        .fence = call->argc > 3 ? fe_ident(call->args[3]) : NULL,
        .submitting = true,
    };
    if (r->fence) {
        const fe_fence *f = fence_entry(cx, r->fence, false);
        if (f) {
            r->fence_before = vks_arena_alloc(a, sizeof *r->fence_before);
            *r->fence_before = *f;
        }
    }
    state(cx)->retractable = r;
    submit(cx, call->loc, call->args, s, param == 2 ? &submit_info2 : &submit_info);
    r->submitting = false;
    r->cmd_count_after = cx->program->cmdbufs[s->rec.cmdbuf].cmd_count;
    /* named now, so that every copy of it (`res = vkQueueSubmit (...)`) is
       the one value a test of it is about (as eval_expr.c names a read) */
    fe_val *result = fe_unknown(cx);
    result->unknown_name = r->result = vks_arena_printf(cx->arena, "?r%u", ++cx->read_names);
    cx->model_result = result;
    return true;
}

/* The name of the unknown result of this path's latest submission while
   it can still be taken back (nothing appended to its queue since), or
   NULL. */
static const char *submission_result(const fe_ctx *cx)
{
    const fe_retractable *r = cx->path.submit ? cx->path.submit->retractable : NULL;
    if (!r || cx->program->cmdbufs[r->stream->rec.cmdbuf].cmd_count != r->cmd_count_after)
        return NULL; /* something was appended since: it stays made */
    return r->result;
}

static void submission_failed(fe_ctx *cx)
{
    if (!submission_result(cx))
        return;
    fe_retractable *r = cx->path.submit->retractable;
    cx->path.submit->retractable = NULL;
    fe_stream *s = r->stream;
    cx->program->cmdbufs[s->rec.cmdbuf].cmd_count = r->cmd_count;
    s->rec.cmd_seq_count = r->seq_count;
    s->in_flight = r->in_flight;
    s->in_flight_from = r->in_flight_from;
    s->host_writes = r->host_writes;
    s->waited_semaphores = r->waited_semaphores;
    if (r->fence) {
        fe_fence *f = fence_entry(cx, r->fence, false);
        if (f && r->fence_before) {
            f->stream = r->fence_before->stream;
            f->covered = r->fence_before->covered;
            f->waited_semaphores = r->fence_before->waited_semaphores;
        } else if (f) {
            forget_fence(cx, r->fence);
        }
    }
    for (size_t i = 0; i < r->marked_count; i++)
        cx->program->cmdbufs[r->marked[i]].in_queue_stream = false;
}

/* vkQueueWaitIdle (FE_WAIT_ONE_QUEUE); vkDeviceWaitIdle; vkWaitForFences
   (FE_WAIT_FENCES). */
bool fe_model_host_wait(fe_ctx *cx, const fe_call *call, int param)
{
    if (waits_unseen(cx))
        return true;
    if (param == FE_WAIT_FENCES && call->argc >= 4)
        fence_wait(cx, call);
    else
        host_wait(cx, call->loc, call->name,
                  param == FE_WAIT_ONE_QUEUE ? call->args[0] : NULL);
    return true;
}

/*
 * vkAcquireNextImageKHR(device, swapchain, timeout, semaphore, fence,
 * pImageIndex) (param 1) and vkAcquireNextImage2KHR(device, pAcquireInfo,
 * pImageIndex) (param 2, VkAcquireNextImageInfoKHR::fence): "fence is
 * VK_NULL_HANDLE or a fence to signal" (Window System Integration,
 * vkAcquireNextImageKHR) - the presentation engine signals it when the
 * image is available, not a queue when work submitted before completes.
 * A wait for it waits for nothing in flight, as for a fence created
 * signalled: work submitted before it is still running after it.  Taken as
 * any unknown fence, it ordered everything: a host write into mapped
 * memory after waiting for the acquire (Wine's dxgi swapchain) was "proved
 * ordered" with the fill still running.  The rest of the call (the image
 * index written) is any call's (returns false).
 */
const char *fe_acquire_fence(fe_ctx *cx, const fe_call *call, int param)
{
    if (call->argc < (param == 1 ? 5u : 2u))
        return NULL;
    const fe_val *fence = param == 1 ? call->args[4]
                                     : fe_peek(cx, fe_deref(cx, call->args[1], 0), "fence");
    return fence ? fe_ident(fence) : NULL;
}

bool fe_model_acquire_next_image(fe_ctx *cx, const fe_call *call, int param)
{
    const char *ident = fe_acquire_fence(cx, call, param);
    if (ident) {
        fe_fence *f = fence_entry(cx, ident, true);
        f->stream = NULL;
        f->covered = 0;
        f->waited_semaphores = false;
    }
    return false;
}

/* vkCreateFence(device, pCreateInfo, pAllocator, pFence): a fence created
   with VK_FENCE_CREATE_SIGNALED_BIT is signalled with nothing to wait
   for until a submission signals it ("Fences": "If flags contains
   VK_FENCE_CREATE_SIGNALED_BIT then the fence object is created in the
   signaled state"); one created unsignalled, or with flags the evaluator
   cannot tell, is waited for as an unknown fence. */
bool fe_model_create_fence(fe_ctx *cx, const fe_call *call, int param)
{
    (void)param;
    fe_model_create_object(cx, call, FE_OBJ_FENCE);
    const char *ident = fe_ident(fe_deref(cx, call->args[3], 0));
    if (!ident)
        return true;
    uint64_t flags;
    const fe_val *info = fe_deref(cx, call->args[1], 0);
    if (fe_known_int(fe_peek(cx, info, "flags"), &flags) &&
        (flags & VK_FENCE_CREATE_SIGNALED_BIT)) {
        fe_fence *f = fence_entry(cx, ident, true);
        f->stream = NULL;
        f->covered = 0;
        f->waited_semaphores = false;
    } else {
        forget_fence(cx, ident);
    }
    return true;
}

/* vkFreeCommandBuffers(device, pool, count, pCommandBuffers): a freed
   command buffer's handle is no longer valid ("Command Buffers" chapter,
   vkFreeCommandBuffers), so its recording can never be submitted again
   and is no longer part of what the path may do next (merge.c compares
   the recordings left). */
bool fe_model_free_command_buffers(fe_ctx *cx, const fe_call *call, int param)
{
    (void)param;
    if (cx->sandbox || !cx->path.submit)
        return true;
    uint64_t n = count_of(call->args[2], 64);
    for (uint64_t j = 0; n != UINT64_MAX && j < n; j++) {
        const char *ident = fe_ident(element(cx, call->args[3], j, NULL));
        if (ident)
            fe_forget_closed_recording(cx, ident);
    }
    return true;
}

void fe_forget_closed_recording(fe_ctx *cx, const char *ident)
{
    if (!cx->path.submit)
        return;
    for (fe_closed **c = &cx->path.submit->closed; *c;) {
        if (strcmp((*c)->ident, ident) == 0)
            *c = (*c)->next;
        else
            c = &(*c)->next;
    }
}

void fe_finish_queue_streams(fe_ctx *cx)
{
    if (!cx->path.submit)
        return;
    for (fe_stream *s = cx->path.submit->streams; s; s = s->next) {
        vks_end_cmdbuf(cx->program, s->rec.cmdbuf,
                       cx->program->cmdbufs[s->rec.cmdbuf].begin);
        fe_attach_path_steps(cx, &s->rec);
    }
    cx->path.submit = NULL;
}

/* A fact about the latest submission's result that leaves it no
   VK_SUCCESS (`if (res != VK_SUCCESS) goto next;`, its failing way): the
   submission failed there (fe_retractable).  Z3 is asked only when a fact
   names the result.  The decision is marked: the ways that go on past it
   hold the submission, what the failing way had checked they do not. */
void fe_submission_tested(fe_ctx *cx, vks_loc at, const fe_fact *facts, unsigned count,
                          bool from_decision)
{
    const char *result = cx->sandbox ? NULL : submission_result(cx);
    if (!result)
        return;
    bool tested = false;
    for (unsigned i = 0; i < count && !tested; i++)
        tested = fe_smt_mentions(facts[i].cond, result);
    if (!tested)
        return;
    vks_smt_expr *var = fe_smt_new(cx, VKS_SMT_VAR);
    var->name = result;
    if (fe_path_allows(cx, at, fe_smt_is(cx, var, 0), true))
        return;
    submission_failed(cx);
    fe_path_note(cx, at, "the submission failed on this way: nothing it submitted runs");
    if (from_decision && cx->path.decision_count > 0)
        cx->decisions[cx->path.decision_count - 1].submission_taken_back = true;
}
