/*
 * commands_draw.c - the fixed-function accesses of draws (vertex/index
 * buffers, indirect buffers), query copies, secondary command buffers, and
 * the state commands that access no memory.
 *
 * Vertex and index buffer bindings are state of the command buffer being
 * recorded (fe_cmdbuf_state): vkCmdBind* records them, each draw reads
 * them.  What a shader does stays one unknown access until the SPIR-V pass
 * links it.
 */
#include <string.h>
#include <vulkan/vulkan_core.h>

#include "model.h"

void fe_model_no_access(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    (void)cx, (void)cmd, (void)call;
}

/*
 * vkCmdBeginConditionalRenderingEXT(cmd, pConditionalRenderingBegin): "If
 * the 32-bit value at offset in buffer memory is zero, then the rendering
 * commands are discarded" (Conditional Rendering,
 * VkConditionalRenderingBeginInfoEXT), read in its own stage with its own
 * access (VK_PIPELINE_STAGE_2_CONDITIONAL_RENDERING_BIT_EXT,
 * VK_ACCESS_2_CONDITIONAL_RENDERING_READ_BIT_EXT: Synchronization and Cache
 * Control, "Pipeline Stages" and "Access Types").  "Some implementations
 * may latch the value of the predicate upon beginning conditional rendering
 * while others may read it before every rendering command": the read is
 * the begin's; a write that must come before it comes before every one.
 */
void fe_model_begin_conditional_rendering(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val *info = fe_deref(cx, call->args[1], 0);
    if (!info) {
        vks_cmd_add_access(cx->program, cmd, vks_unknown_access());
        return;
    }
    fe_add_buffer_access(cx, cmd, fe_peek(cx, info, "buffer"), fe_peek(cx, info, "offset"),
                         fe_int(cx, 4), VK_PIPELINE_STAGE_2_CONDITIONAL_RENDERING_BIT_EXT,
                         VK_ACCESS_2_CONDITIONAL_RENDERING_READ_BIT_EXT);
}

enum { MAX_SECONDARIES = 64 }; /* vkCmdExecuteCommands: more are not followed */

/* ---- vertex and index buffers ---- */

static fe_cmdbuf_state *state_of(fe_ctx *cx)
{
    return cx->path.current ? cx->path.current->state : NULL;
}

/* vkCmdBindVertexBuffers(cmd, firstBinding, bindingCount, pBuffers,
   pOffsets) and vkCmdBindVertexBuffers2(..., pSizes, pStrides). */
void fe_model_bind_vertex_buffers(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    unsigned argc = call->argc;
    fe_cmdbuf_state *st = state_of(cx);
    if (!st)
        return;
    uint64_t first, count;
    if (!fe_known_int(args[1], &first) || !fe_known_int(args[2], &count) ||
        first + count > FE_MAX_VERTEX_BINDINGS) {
        /* Which bindings changed is unknown: every one is. */
        for (unsigned b = 0; b < FE_MAX_VERTEX_BINDINGS; b++)
            st->vertex[b].buffer = fe_unknown(cx);
        return;
    }
    fe_val *sizes = argc > 5 ? args[5] : NULL;
    for (uint64_t i = 0; i < count; i++) {
        fe_val *size = sizes ? fe_deref(cx, sizes, (int64_t)i) : NULL;
        if (sizes && !size && sizes->kind != VAL_INT)
            size = fe_unknown(cx); /* pSizes unknown, not NULL */
        st->vertex[first + i].buffer = fe_copy(cx, fe_deref(cx, args[3], (int64_t)i));
        st->vertex[first + i].offset = fe_copy(cx, fe_deref(cx, args[4], (int64_t)i));
        st->vertex[first + i].size = size ? fe_copy(cx, size) : fe_int(cx, VK_WHOLE_SIZE);
    }
}

static void bind_index(fe_ctx *cx, const fe_val *buffer, const fe_val *offset,
                       const fe_val *size, const fe_val *type)
{
    fe_cmdbuf_state *st = state_of(cx);
    if (!st)
        return;
    st->index.buffer = fe_copy(cx, buffer);
    st->index.offset = fe_copy(cx, offset);
    st->index.size = size ? fe_copy(cx, size) : fe_int(cx, VK_WHOLE_SIZE);
    uint64_t t;
    st->index_type = fe_known_int(type, &t) ? t : UINT64_MAX;
}

/* vkCmdBindIndexBuffer(cmd, buffer, offset, indexType) */
void fe_model_bind_index_buffer(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    bind_index(cx, args[1], args[2], NULL, args[3]);
}

/* vkCmdBindIndexBuffer2KHR(cmd, buffer, offset, size, indexType) */
void fe_model_bind_index_buffer2(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    uint64_t size;
    /* "If size is VK_WHOLE_SIZE ... or 0 ... the bound range extends to the
       end of the buffer" - 0 is the old default. */
    bool whole = fe_known_int(args[3], &size) && size == 0;
    bind_index(cx, args[1], args[2], whole ? NULL : args[3], args[4]);
}

/*
 * "VK_PIPELINE_STAGE_2_VERTEX_ATTRIBUTE_INPUT_BIT specifies the stage of
 * the pipeline where vertex buffers are consumed", read as
 * VK_ACCESS_2_VERTEX_ATTRIBUTE_READ_BIT.  Which bytes a draw fetches
 * depends on the pipeline's vertex input state, which the front end does
 * not read: each bound binding is taken as read over its bound range
 * [offset, offset + size), what the pipeline may fetch from.
 */
static void add_vertex_reads(fe_ctx *cx, vks_cmd *cmd, fe_cmdbuf_state *st)
{
    for (unsigned b = 0; b < FE_MAX_VERTEX_BINDINGS; b++)
        if (st->vertex[b].buffer)
            fe_add_buffer_access(cx, cmd, st->vertex[b].buffer, st->vertex[b].offset,
                                 st->vertex[b].size,
                                 VK_PIPELINE_STAGE_2_VERTEX_ATTRIBUTE_INPUT_BIT,
                                 VK_ACCESS_2_VERTEX_ATTRIBUTE_READ_BIT);
}

static uint64_t index_size(uint64_t type)
{
    switch (type) {
    case VK_INDEX_TYPE_UINT16: return 2;
    case VK_INDEX_TYPE_UINT32: return 4;
    case VK_INDEX_TYPE_UINT8_EXT: return 1;
    default: return 0;
    }
}

/* "VK_PIPELINE_STAGE_2_INDEX_INPUT_BIT specifies the stage of the pipeline
   where index buffers are consumed" (VK_ACCESS_2_INDEX_READ_BIT).  An
   indexed draw reads indexCount indices from firstIndex; an indirect one
   reads an unknown part of the bound range. */
static void add_index_read(fe_ctx *cx, vks_cmd *cmd, fe_cmdbuf_state *st,
                           const fe_val *first_index, const fe_val *index_count)
{
    if (!st->index.buffer) {
        vks_cmd_add_access(cx->program, cmd, vks_unknown_access());
        return;
    }
    uint64_t offset, first, count, size = index_size(st->index_type);
    vks_res_id res = fe_resource(cx, st->index.buffer, VKS_RES_BUFFER, cmd->loc);
    if (res == VKS_RES_UNKNOWN) {
        vks_cmd_add_access(cx->program, cmd, vks_unknown_access());
        return;
    }
    vks_region region = {.res = res, .range_known = false};
    if (first_index && size && fe_known_int(st->index.offset, &offset) &&
        fe_known_int(first_index, &first) && fe_known_int(index_count, &count)) {
        if (count == 0)
            return;
        region = vks_buffer_region(res, offset + first * size, count * size);
    } else if (!first_index) {
        region = fe_buffer_range(res, st->index.offset, st->index.size);
    }
    vks_cmd_add_access(cx->program, cmd,
                       vks_known_access(region, VK_PIPELINE_STAGE_2_INDEX_INPUT_BIT,
                                        VK_ACCESS_2_INDEX_READ_BIT));
}

/* Every draw: the bound vertex buffers, the attachments of the current
   subpass, and the shaders' descriptors (pipeline_link.c; unknown when the
   bound pipeline is not linked to SPIR-V given on the command line). */
static void add_draw_accesses(fe_ctx *cx, vks_cmd *cmd)
{
    cmd->uses_attachments = true;
    fe_cmdbuf_state *st = state_of(cx);
    if (st)
        add_vertex_reads(cx, cmd, st);
    fe_add_attachment_accesses(cx, cmd);
    if (cx->path.current)
        fe_link_draw(cx, cmd, cx->path.current->cmdbuf);
    else
        vks_cmd_add_access(cx->program, cmd, vks_unknown_access());
}

/* vkCmdDraw(cmd, vertexCount, instanceCount, firstVertex, firstInstance) */
void fe_model_draw(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    add_draw_accesses(cx, cmd);
}

/* vkCmdDrawIndexed(cmd, indexCount, instanceCount, firstIndex, vertexOffset,
   firstInstance) */
void fe_model_draw_indexed(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    fe_cmdbuf_state *st = state_of(cx);
    if (st)
        add_index_read(cx, cmd, st, args[3], args[1]);
    add_draw_accesses(cx, cmd);
}

static bool is_indexed(const vks_cmd *cmd)
{
    return strstr(cmd->name, "Indexed") != NULL;
}

/* "VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT specifies the stage of the
   pipeline where VkDrawIndirect* ... data structures are consumed"
   (VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT). */
static void add_indirect_read(fe_ctx *cx, vks_cmd *cmd, const fe_val *buffer,
                              vks_region region)
{
    vks_res_id res = fe_resource(cx, buffer, VKS_RES_BUFFER, cmd->loc);
    if (res == VKS_RES_UNKNOWN) {
        vks_cmd_add_access(cx->program, cmd, vks_unknown_access());
        return;
    }
    region.res = res;
    vks_cmd_add_access(cx->program, cmd,
                       vks_known_access(region, VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT,
                                        VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT));
}

/* vkCmdDraw(Indexed)Indirect(cmd, buffer, offset, drawCount, stride): reads
   drawCount structures `stride` bytes apart. */
void fe_model_draw_indirect(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    uint64_t record = is_indexed(cmd) ? sizeof(VkDrawIndexedIndirectCommand)
                                      : sizeof(VkDrawIndirectCommand);
    uint64_t offset, count, stride;
    bool known = fe_known_int(args[2], &offset) && fe_known_int(args[3], &count) &&
                 fe_known_int(args[4], &stride) && count <= UINT32_MAX &&
                 stride <= UINT32_MAX;
    if (!known)
        add_indirect_read(cx, cmd, args[1], (vks_region){.range_known = false});
    else if (count > 0) /* drawCount 0 reads nothing */
        add_indirect_read(cx, cmd, args[1],
                          vks_buffer_region(0, offset, (count - 1) * stride + record));
    fe_cmdbuf_state *st = state_of(cx);
    if (st && is_indexed(cmd))
        add_index_read(cx, cmd, st, NULL, NULL);
    add_draw_accesses(cx, cmd);
}

/* vkCmdDraw(Indexed)IndirectCount(cmd, buffer, offset, countBuffer,
   countBufferOffset, maxDrawCount, stride): the count is one uint32_t; how
   many structures are read depends on it, so that range stays unknown. */
void fe_model_draw_indirect_count(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    add_indirect_read(cx, cmd, args[1], (vks_region){.range_known = false});
    uint64_t count_offset;
    add_indirect_read(cx, cmd, args[3],
                      fe_known_int(args[4], &count_offset)
                          ? vks_buffer_region(0, count_offset, sizeof(uint32_t))
                          : (vks_region){.range_known = false});
    fe_cmdbuf_state *st = state_of(cx);
    if (st && is_indexed(cmd))
        add_index_read(cx, cmd, st, NULL, NULL);
    add_draw_accesses(cx, cmd);
}

/* ---- queries ---- */

/*
 * vkCmdCopyQueryPoolResults(cmd, queryPool, firstQuery, queryCount,
 * dstBuffer, dstOffset, stride, flags): "VK_PIPELINE_STAGE_2_COPY_BIT
 * specifies the execution of all copy commands, including
 * vkCmdCopyQueryPoolResults", writing with VK_ACCESS_2_TRANSFER_WRITE_BIT.
 * Each query writes at least one value (4 or 8 bytes, plus the
 * availability value): the range is the part certainly written; a pool of
 * pipeline statistics writes more per query.
 */
/*
 * How many values each query of a pool writes: "Occlusion queries ...
 * and timestamp queries store a single value"; a pipeline statistics
 * query "results in a single value per ... pipelineStatistics bit set"
 * ("Queries" chapter, Query Operation and Pipeline Statistics Queries).
 * Kept by the pool's handle, for vkCmdCopyQueryPoolResults; 0 (no entry)
 * for a type whose count is not modelled here.
 */
enum { MAX_QUERIES_APART = 64 };

void fe_note_query_pool(fe_ctx *cx, fe_val *const *args, unsigned argc)
{
    if (argc < 4)
        return;
    fe_val *info = fe_deref(cx, args[1], 0);
    fe_val *pool = fe_deref(cx, args[3], 0);
    const char *ident = pool ? fe_ident(pool) : NULL;
    uint64_t type, statistics = 0;
    if (!info || !ident || !fe_known_int(fe_peek(cx, info, "queryType"), &type))
        return;
    uint64_t values = 0;
    if (type == VK_QUERY_TYPE_OCCLUSION || type == VK_QUERY_TYPE_TIMESTAMP)
        values = 1;
    else if (type == VK_QUERY_TYPE_PIPELINE_STATISTICS &&
             fe_known_int(fe_peek(cx, info, "pipelineStatistics"), &statistics))
        values = (uint64_t)__builtin_popcountll(statistics);
    if (values)
        *fe_name_slot(cx, &cx->path.query_pools, ident, true) = (void *)(uintptr_t)values;
}

/* vkCmdCopyQueryPoolResults(cmd, pool, first, count, dst, offset, stride,
   flags): "results for each query are written ... at dstOffset + i *
   stride" ("Queries" chapter, vkCmdCopyQueryPoolResults) - each query's
   values, one more with VK_QUERY_RESULT_WITH_AVAILABILITY_BIT, and
   nothing between them: a write into the gaps of a wider stride is no
   hazard with it.  With the pool's type known (fe_note_query_pool) each
   query is a write of its own, up to MAX_QUERIES_APART of them; else one
   write from the first to the last query's first value, as before. */
void fe_model_copy_query_results(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    uint64_t count, offset, stride, flags;
    vks_res_id res = fe_resource(cx, args[4], VKS_RES_BUFFER, cmd->loc);
    if (res == VKS_RES_UNKNOWN) {
        vks_cmd_add_access(cx->program, cmd, vks_unknown_access());
        return;
    }
    vks_region region = {.res = res, .range_known = false};
    if (fe_known_int(args[3], &count) && fe_known_int(args[5], &offset) &&
        fe_known_int(args[6], &stride) && fe_known_int(args[7], &flags) &&
        count <= UINT32_MAX && stride <= UINT32_MAX) {
        if (count == 0)
            return;
        uint64_t value = flags & VK_QUERY_RESULT_64_BIT ? 8 : 4;
        const char *pool = fe_ident(args[1]);
        void **known = pool ? fe_name_slot(cx, &cx->path.query_pools, pool, false) : NULL;
        uint64_t values = known ? (uintptr_t)*known : 0;
        if (values && count <= MAX_QUERIES_APART) {
            uint64_t each = value * (values + (flags & VK_QUERY_RESULT_WITH_AVAILABILITY_BIT ? 1 : 0));
            for (uint64_t i = 0; i < count; i++)
                vks_cmd_add_access(
                    cx->program, cmd,
                    vks_known_access(vks_buffer_region(res, offset + i * stride, each),
                                     VK_PIPELINE_STAGE_2_COPY_BIT,
                                     VK_ACCESS_2_TRANSFER_WRITE_BIT));
            return;
        }
        if (flags & VK_QUERY_RESULT_WITH_AVAILABILITY_BIT)
            value *= 2;
        region = vks_buffer_region(res, offset, (count - 1) * stride + value);
    }
    vks_cmd_add_access(cx->program, cmd,
                       vks_known_access(region, VK_PIPELINE_STAGE_2_COPY_BIT,
                                        VK_ACCESS_2_TRANSFER_WRITE_BIT));
}

/* ---- secondary command buffers ---- */

/* vkCmdExecuteCommands(cmd, commandBufferCount, pCommandBuffers): one
   EXECUTE_COMMANDS per secondary, replaced by its commands once every
   recording function has run (fe_inline_secondaries). */
void fe_model_execute_commands(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    uint64_t n;
    vks_loc loc = cmd->loc;
    const char *name = cmd->name;
    if (!fe_known_int(args[1], &n) || n > MAX_SECONDARIES || !cx->path.current) {
        cmd->secondary = UINT32_MAX;
        return;
    }
    for (uint64_t i = 0; i < n; i++) {
        vks_cmd *c = i == 0 ? cmd
                            : vks_add_cmd(cx->program, cx->path.current->cmdbuf,
                                          VKS_CMD_EXECUTE_COMMANDS, name, loc);
        c->secondary = fe_defer_secondary(cx, fe_deref(cx, args[2], (int64_t)i), loc,
                                          cx->path.current->state);
    }
}

/* A vkCmdExecuteCommands operand, resolved after every file is analysed. */
typedef struct {
    fe_val *handle;
    vks_loc site;
    fe_cmdbuf_state primary; /* the primary's state when it executed it */
    /* The commands of the recording this path began on the handle, as
       they were when the primary executed it (recorded_on_path). */
    const vks_cmd *cmds;
    size_t cmd_count;
    bool recorded_on_path;
} fe_pending_secondary;

struct fe_secondaries {
    fe_pending_secondary *pending;
    size_t pending_count, pending_cap;
};

static fe_secondaries *secondaries_of(fe_ctx *cx)
{
    if (!cx->secondaries)
        cx->secondaries = vks_arena_alloc(cx->arena, sizeof *cx->secondaries);
    return cx->secondaries;
}

/* The primary's state as it is now, kept beyond the path (resolved after
   every file): its bound buffers and render pass. */
static fe_cmdbuf_state kept_state(fe_ctx *cx, const fe_cmdbuf_state *st)
{
    fe_cmdbuf_state kept = *st;
    for (unsigned i = 0; i < FE_MAX_VERTEX_BINDINGS; i++) {
        kept.vertex[i].buffer = fe_keep(cx, st->vertex[i].buffer, 0);
        kept.vertex[i].offset = fe_keep(cx, st->vertex[i].offset, 0);
        kept.vertex[i].size = fe_keep(cx, st->vertex[i].size, 0);
    }
    kept.index.buffer = fe_keep(cx, st->index.buffer, 0);
    kept.index.offset = fe_keep(cx, st->index.offset, 0);
    kept.index.size = fe_keep(cx, st->index.size, 0);
    kept.render_pass_info = fe_keep(cx, st->render_pass_info, 6);
    return kept;
}

/*
 * The recording of a secondary this path began, found by its handle's
 * identity while the path runs, when its index in the program is still
 * the one it was begun with.  Worker threads record one secondary each
 * at the same vkBeginCommandBuffer (threads.c: `workers[i].secondary`,
 * each over its own slice); found afterwards by where it was begun, every
 * execution was the first worker's secondary: the four slices were one,
 * four copies writing it with no barrier (a false write-after-write), and
 * the overlap of two slices was missed.
 */
static void recorded_on_path(fe_ctx *cx, const fe_val *handle, fe_pending_secondary *p)
{
    const char *ident = handle ? fe_ident(handle) : NULL;
    void **begun = ident ? fe_name_slot(cx, &cx->path.begun, ident, false) : NULL;
    const fe_recording *r = begun ? *begun : NULL;
    if (!r || r->cmdbuf >= cx->program->cmdbuf_count)
        return;
    const vks_cmdbuf *cb = &cx->program->cmdbufs[r->cmdbuf];
    p->cmds = cb->cmds;
    p->cmd_count = cb->cmd_count;
    p->recorded_on_path = true;
}

uint32_t fe_defer_secondary(fe_ctx *cx, const fe_val *handle, vks_loc site,
                            const fe_cmdbuf_state *primary)
{
    fe_secondaries *objs = secondaries_of(cx);
    fe_pending_secondary p = {.handle = fe_keep(cx, handle, 0), .site = site,
                              .primary = kept_state(cx, primary)};
    recorded_on_path(cx, handle, &p);
    VKS_PUSH(cx->arena, objs->pending, objs->pending_count, objs->pending_cap, p);
    return (uint32_t)(objs->pending_count - 1);
}

/* The location with `site` appended to its call chain: a command of a
   secondary command buffer shows where the primary executed it. */
static vks_loc executed_from(vks_arena *arena, vks_loc loc, const vks_loc *site)
{
    if (!loc.caller) {
        loc.caller = site;
        return loc;
    }
    vks_loc *caller = vks_arena_alloc(arena, sizeof *caller);
    *caller = executed_from(arena, *loc.caller, site);
    loc.caller = caller;
    return loc;
}

/*
 * A secondary command buffer executed inside a render pass instance
 * (VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT) draws into the
 * primary's current subpass: its draws get that subpass's attachment
 * accesses where it is executed.  The copy gets its own access array.
 */
static void add_inherited_attachments(fe_ctx *cx, vks_cmd *copy,
                                      const fe_cmdbuf_state *primary)
{
    vks_access *own = vks_arena_alloc(cx->arena, sizeof *own * (copy->access_count + 1));
    if (copy->access_count)
        memcpy(own, copy->accesses, sizeof *own * copy->access_count);
    copy->accesses = own;
    copy->access_cap = copy->access_count;
    fe_add_subpass_accesses(cx, copy, primary);
}

/* The recording a secondary handle names: the first command buffer begun
   at the vkBeginCommandBuffer that recorded it (paths that recorded the
   same commands were merged into one). */
static const vks_cmdbuf *secondary_recording(fe_ctx *cx, const fe_pending_secondary *p,
                                             size_t primary)
{
    const fe_object *o = fe_find_object(cx, FE_OBJ_RECORDING, p->handle);
    if (!o)
        return NULL;
    vks_loc begin = fe_object_loc(o);
    for (size_t i = 0; i < cx->program->cmdbuf_count; i++)
        if (i != primary && vks_loc_equal(&cx->program->cmdbufs[i].begin, &begin))
            return &cx->program->cmdbufs[i];
    return NULL;
}

/*
 * "vkCmdExecuteCommands ... the commands in each secondary command buffer
 * are ... executed as if they were recorded in the primary at that point"
 * (submission order: "command buffers ... executed by
 * vkCmdExecuteCommands ... in the order they are recorded"), so each
 * execution becomes the secondary's commands, in order.  A secondary whose
 * recording was not seen stays an EXECUTE_COMMANDS command, which the
 * engine treats as unknown.
 */
void fe_inline_secondaries(fe_ctx *cx)
{
    fe_secondaries *objs = secondaries_of(cx);
    vks_program *prog = cx->program;
    for (size_t c = 0; c < prog->cmdbuf_count; c++) {
        vks_cmdbuf *cb = &prog->cmdbufs[c];
        bool any = false;
        for (size_t i = 0; i < cb->cmd_count; i++)
            any |= cb->cmds[i].kind == VKS_CMD_EXECUTE_COMMANDS;
        if (!any)
            continue;
        vks_cmd *cmds = NULL;
        size_t count = 0, cap = 0;
        /* where each old command starts in the new list (path steps) */
        size_t *moved = vks_arena_alloc(prog->arena,
                                        sizeof *moved * (cb->cmd_count + 1));
        for (size_t i = 0; i < cb->cmd_count; i++) {
            vks_cmd *cmd = &cb->cmds[i];
            moved[i] = count;
            const vks_cmdbuf *sec = NULL;
            vks_cmdbuf on_path;
            if (cmd->kind == VKS_CMD_EXECUTE_COMMANDS && cmd->secondary < objs->pending_count) {
                const fe_pending_secondary *p = &objs->pending[cmd->secondary];
                if (p->recorded_on_path) {
                    on_path = (vks_cmdbuf){.cmds = (vks_cmd *)p->cmds, .cmd_count = p->cmd_count};
                    sec = &on_path;
                } else {
                    sec = secondary_recording(cx, p, c);
                }
            }
            if (!sec) {
                if (cmd->kind == VKS_CMD_EXECUTE_COMMANDS)
                    cmd->secondary = UINT32_MAX;
                VKS_PUSH(prog->arena, cmds, count, cap, *cmd);
                continue;
            }
            vks_loc *site = vks_arena_alloc(prog->arena, sizeof *site);
            *site = cmd->loc;
            const fe_pending_secondary *p = &objs->pending[cmd->secondary];
            for (size_t k = 0; k < sec->cmd_count; k++) {
                vks_cmd copy = sec->cmds[k];
                copy.loc = executed_from(prog->arena, copy.loc, site);
                if (p->primary.in_render_pass && copy.uses_attachments)
                    add_inherited_attachments(cx, &copy, &p->primary);
                if (copy.kind == VKS_CMD_EXECUTE_COMMANDS)
                    copy.secondary = UINT32_MAX; /* nested: not followed */
                VKS_PUSH(prog->arena, cmds, count, cap, copy);
            }
        }
        moved[cb->cmd_count] = count;
        for (size_t p = 0; p < cb->path_step_count; p++)
            if (cb->path_step_cmd[p] <= cb->cmd_count)
                cb->path_step_cmd[p] = moved[cb->path_step_cmd[p]];
        /* A fence wait's scope ends at an index of this stream. */
        for (size_t k = 0; k < count; k++)
            for (size_t b = 0; b < cmds[k].barrier_count; b++) {
                vks_barrier *fence_wait = &cmds[k].barriers[b];
                if (fence_wait->first_scope_limited &&
                    fence_wait->first_scope_end <= cb->cmd_count)
                    fence_wait->first_scope_end =
                        (uint32_t)moved[fence_wait->first_scope_end];
            }
        cb->cmds = cmds;
        cb->cmd_count = count;
        cb->cmd_cap = cap;
    }
}

