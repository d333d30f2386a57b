/*
 * commands_misc.c - events, the fixed-function accesses of draws
 * (vertex/index buffers, indirect buffers), query copies, secondary command
 * buffers, and the state commands that access no memory.
 *
 * Vertex and index buffer bindings are state of the command buffer being
 * recorded (fe_cmdbuf_state): vkCmdBind* records them, each draw reads
 * them.  What a shader does stays one unknown access until the SPIR-V pass
 * links it.
 */
#include <string.h>
#include <vulkan/vulkan_core.h>

#include "frontend_internal.h"

enum { MAX_EVENTS = 64 };

void fe_model_no_access(fe_ctx *cx, vks_cmd *cmd, CXCursor call, fe_val **args,
                        unsigned argc)
{
}

/* ---- events ---- */

static uint32_t event_of(fe_ctx *cx, const fe_val *handle)
{
    const char *name = handle && handle->kind == VAL_SYM && handle->spelling
                           ? handle->spelling
                           : "?";
    return vks_add_event(cx->program, name);
}

/* The first synchronization scope of a sync1 vkCmdSetEvent /
   vkCmdResetEvent(2): "the first synchronization scope includes all
   commands that occur earlier in submission order ... limited to the
   pipeline stages specified by stageMask"; no memory access (sync1 set has
   none of its own: the wait's barriers carry them). */
static void add_stage_scope(fe_ctx *cx, vks_cmd *cmd, const fe_val *stage_mask)
{
    vks_cmd_add_barrier(cx->program, cmd,
                        vks_global_barrier(fe_mask(stage_mask), VKS_MASK(0),
                                           VKS_MASK(0), VKS_MASK(0), cmd->loc));
}

/* vkCmdSetEvent(cmd, event, stageMask) */
void fe_model_set_event(fe_ctx *cx, vks_cmd *cmd, CXCursor call, fe_val **args,
                        unsigned argc)
{
    vks_cmd_add_event(cx->program, cmd, event_of(cx, args[1]));
    add_stage_scope(cx, cmd, args[2]);
}

/* vkCmdSetEvent2(cmd, event, pDependencyInfo): "the first synchronization
   scope and access scope are defined by the union of all the memory
   dependencies defined by pDependencyInfo". */
void fe_model_set_event2(fe_ctx *cx, vks_cmd *cmd, CXCursor call, fe_val **args,
                         unsigned argc)
{
    vks_cmd_add_event(cx->program, cmd, event_of(cx, args[1]));
    fe_add_dependency_info(cx, cmd, fe_deref(cx, args[2], 0));
}

/* vkCmdResetEvent(2)(cmd, event, stageMask) */
void fe_model_reset_event(fe_ctx *cx, vks_cmd *cmd, CXCursor call, fe_val **args,
                          unsigned argc)
{
    vks_cmd_add_event(cx->program, cmd, event_of(cx, args[1]));
    add_stage_scope(cx, cmd, args[2]);
}

/* The events a wait names; false when their number is unknown. */
static bool add_events(fe_ctx *cx, vks_cmd *cmd, const fe_val *count, fe_val *events,
                       uint64_t *n)
{
    if (!fe_known_int(count, n) || *n > MAX_EVENTS)
        return false;
    for (uint64_t i = 0; i < *n; i++)
        vks_cmd_add_event(cx->program, cmd,
                          event_of(cx, fe_deref(cx, events, (int64_t)i)));
    return true;
}

/* vkCmdWaitEvents(cmd, eventCount, pEvents, srcStageMask, dstStageMask,
   then the barrier arrays as vkCmdPipelineBarrier's). */
void fe_model_wait_events(fe_ctx *cx, vks_cmd *cmd, CXCursor call, fe_val **args,
                          unsigned argc)
{
    uint64_t n;
    add_events(cx, cmd, args[1], args[2], &n);
    vks_mask stages[2] = {fe_mask(args[3]), fe_mask(args[4])};
    fe_add_sync1_barriers(cx, cmd, stages, args + 5);
}

/* vkCmdWaitEvents2(cmd, eventCount, pEvents, pDependencyInfos): one
   dependency info per event, the same as its vkCmdSetEvent2's. */
void fe_model_wait_events2(fe_ctx *cx, vks_cmd *cmd, CXCursor call, fe_val **args,
                           unsigned argc)
{
    uint64_t n;
    if (!add_events(cx, cmd, args[1], args[2], &n)) {
        fe_add_dependency_info(cx, cmd, NULL);
        return;
    }
    for (uint64_t i = 0; i < n; i++)
        fe_add_dependency_info(cx, cmd, fe_deref(cx, args[3], (int64_t)i));
}

/* ---- vertex and index buffers ---- */

static fe_cmdbuf_state *state_of(fe_ctx *cx)
{
    return cx->current ? cx->current->state : NULL;
}

/* vkCmdBindVertexBuffers(cmd, firstBinding, bindingCount, pBuffers,
   pOffsets) and vkCmdBindVertexBuffers2(..., pSizes, pStrides). */
void fe_model_bind_vertex_buffers(fe_ctx *cx, vks_cmd *cmd, CXCursor call,
                                  fe_val **args, unsigned argc)
{
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
void fe_model_bind_index_buffer(fe_ctx *cx, vks_cmd *cmd, CXCursor call,
                                fe_val **args, unsigned argc)
{
    bind_index(cx, args[1], args[2], NULL, args[3]);
}

/* vkCmdBindIndexBuffer2KHR(cmd, buffer, offset, size, indexType) */
void fe_model_bind_index_buffer2(fe_ctx *cx, vks_cmd *cmd, CXCursor call,
                                 fe_val **args, unsigned argc)
{
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
    fe_cmdbuf_state *st = state_of(cx);
    if (st)
        add_vertex_reads(cx, cmd, st);
    fe_add_attachment_accesses(cx, cmd);
    if (cx->current)
        fe_link_draw(cx, cmd, cx->current->cmdbuf);
    else
        vks_cmd_add_access(cx->program, cmd, vks_unknown_access());
}

/* vkCmdDraw(cmd, vertexCount, instanceCount, firstVertex, firstInstance) */
void fe_model_draw(fe_ctx *cx, vks_cmd *cmd, CXCursor call, fe_val **args,
                   unsigned argc)
{
    add_draw_accesses(cx, cmd);
}

/* vkCmdDrawIndexed(cmd, indexCount, instanceCount, firstIndex, vertexOffset,
   firstInstance) */
void fe_model_draw_indexed(fe_ctx *cx, vks_cmd *cmd, CXCursor call, fe_val **args,
                           unsigned argc)
{
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
void fe_model_draw_indirect(fe_ctx *cx, vks_cmd *cmd, CXCursor call, fe_val **args,
                            unsigned argc)
{
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
void fe_model_draw_indirect_count(fe_ctx *cx, vks_cmd *cmd, CXCursor call,
                                  fe_val **args, unsigned argc)
{
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
void fe_model_copy_query_results(fe_ctx *cx, vks_cmd *cmd, CXCursor call,
                                 fe_val **args, unsigned argc)
{
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
void fe_model_execute_commands(fe_ctx *cx, vks_cmd *cmd, CXCursor call,
                               fe_val **args, unsigned argc)
{
    uint64_t n;
    vks_loc loc = cmd->loc;
    const char *name = cmd->name;
    if (!fe_known_int(args[1], &n) || n > MAX_EVENTS || !cx->current) {
        cmd->secondary = UINT32_MAX;
        return;
    }
    for (uint64_t i = 0; i < n; i++) {
        vks_cmd *c = i == 0 ? cmd
                            : vks_add_cmd(cx->program, cx->current->cmdbuf,
                                          VKS_CMD_EXECUTE_COMMANDS, name, loc);
        c->secondary = fe_defer_secondary(cx, fe_deref(cx, args[2], (int64_t)i), loc,
                                          cx->current->state);
    }
}
