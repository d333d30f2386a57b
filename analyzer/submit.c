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
 * - vkQueueWaitIdle, vkDeviceWaitIdle and vkWaitForFences make every
 *   earlier submission complete, its writes available (the fence signal's
 *   first access scope), and the next vkQueueSubmit makes available writes
 *   visible to all device accesses ("Host Write Ordering Guarantees"): a
 *   full barrier.
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
    struct fe_stream *next;
} fe_stream;

struct fe_submit_state {
    fe_closed *closed;
    fe_stream *streams;
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
        vks_cmd cmd = sync_cmd(cx, VKS_CMD_UNKNOWN,
                               "vkQueueSubmit (recording not seen)", at);
        VKS_PUSH(cx->arena, cmd.accesses, cmd.access_count, cmd.access_cap,
                 vks_unknown_access());
        append(cx, s, cmd);
        return;
    }
    vks_cmdbuf *rec = &cx->program->cmdbufs[c->cmdbuf];
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
}

/* A host wait for earlier submissions (see the file comment): a full,
   known barrier in every stream of this path (vkDeviceWaitIdle,
   vkWaitForFences) or in the queue's own (vkQueueWaitIdle). */
static void host_wait(fe_ctx *cx, vks_loc at, const char *name,
                      const fe_val *queue)
{
    const char *only = queue ? fe_ident(queue) : NULL;
    for (fe_stream *s = state(cx)->streams; s; s = s->next) {
        if (queue && (!only || strcmp(only, s->queue) != 0))
            continue;
        vks_cmd cmd = sync_cmd(cx, VKS_CMD_BARRIER, name, at);
        uint64_t all = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
        uint64_t mem = VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT;
        vks_barrier b = vks_global_barrier(VKS_MASK(all), VKS_MASK(mem), VKS_MASK(all),
                                           VKS_MASK(mem), at);
        VKS_PUSH(cx->arena, cmd.barriers, cmd.barrier_count, cmd.barrier_cap, b);
        /* "An execution dependency is defined by waiting for a fence to
           become signaled ... The second synchronization scope includes the
           host operations of vkWaitForFences" (Fences): host accesses after
           it are ordered after the stream so far.  It makes nothing visible
           to the host ("the access scope of a memory dependency defined by a
           fence only includes device access"). */
        cmd.host_wait = true;
        append(cx, s, cmd);
        /* Every command before it has completed. */
        s->in_flight = 0;
    }
}

uint64_t fe_in_flight(fe_ctx *cx)
{
    uint64_t h = 0;
    if (!cx->path.submit)
        return 0;
    for (const fe_stream *s = cx->path.submit->streams; s; s = s->next) {
        if (!s->in_flight)
            continue;
        h = fe_hash_text(h ? h : FE_HASH_SEED, s->queue ? s->queue : "");
        h = fe_hash_bytes(h, &s->in_flight, sizeof s->in_flight);
    }
    return h;
}

void fe_host_unknown_wait(fe_ctx *cx, vks_loc at, const char *name)
{
    if (!cx->path.submit || fe_sandboxed_inert_effect(cx))
        return;
    for (fe_stream *s = cx->path.submit->streams; s; s = s->next) {
        /* No barriers: nothing known about the device; host_wait: host
           accesses after it are not checked against the work before it
           (engine/host_hazards.c counts them as unknown). */
        vks_cmd cmd = sync_cmd(cx, VKS_CMD_BARRIER,
                               vks_arena_printf(cx->arena, "%s (not analysed)", name), at);
        cmd.host_wait = true;
        append(cx, s, cmd);
    }
}

/* vkQueueSubmit (param 1: VkSubmitInfo) / vkQueueSubmit2 (2: VkSubmitInfo2). */
bool fe_model_queue_submit(fe_ctx *cx, const fe_call *call, int param)
{
    submit(cx, call->loc, call->args, stream_for(cx, call->args[0], call->loc),
           param == 2 ? &submit_info2 : &submit_info);
    return true;
}

/* vkQueueWaitIdle (FE_WAIT_ONE_QUEUE); vkDeviceWaitIdle, vkWaitForFences. */
bool fe_model_host_wait(fe_ctx *cx, const fe_call *call, int param)
{
    host_wait(cx, call->loc, call->name,
              param == FE_WAIT_ONE_QUEUE ? call->args[0] : NULL);
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
