/*
 * commands.c - what each Vulkan command-buffer entry point does, as IR:
 * which memory it accesses in which stage, and which barriers it records.
 *
 * This file: buffer fills and copies, dispatches and pipeline barriers.
 * Which entry point each model serves is the table in entry_points.def.
 */
#include <string.h>
#include <vulkan/vulkan_core.h>

#include "model.h"

/* ---- resources ---- */

vks_region fe_buffer_range(vks_res_id res, const fe_val *offset, const fe_val *size)
{
    uint64_t o, s;
    if (res != VKS_RES_UNKNOWN && fe_known_int(offset, &o) && fe_known_int(size, &s))
        return vks_buffer_region(res, o, s); /* VK_WHOLE_SIZE == VKS_WHOLE */
    return (vks_region){.res = res, .range_known = false};
}

void fe_add_buffer_access(fe_ctx *cx, vks_cmd *cmd, const fe_val *buffer,
                          const fe_val *offset, const fe_val *size,
                          uint64_t stage, uint64_t access)
{
    vks_res_id res = fe_resource(cx, buffer, VKS_RES_BUFFER, cmd->loc);
    if (res == VKS_RES_UNKNOWN) {
        vks_cmd_add_access(cx->program, cmd, vks_unknown_access());
        return;
    }
    vks_cmd_add_access(cx->program, cmd,
                       vks_known_access(fe_buffer_range(res, offset, size), stage,
                                        access));
}

static const fe_val *field(fe_ctx *cx, const fe_val *object, const char *name)
{
    return fe_peek(cx, object, name);
}

/* ---- action commands ---- */

/*
 * vkCmdFillBuffer / vkCmdUpdateBuffer(cmd, buffer, offset, size, ...).  The
 * spec lists both among the clear commands: "VK_PIPELINE_STAGE_2_CLEAR_BIT
 * specifies the execution of clear commands ... vkCmdFillBuffer and
 * vkCmdUpdateBuffer" and they write with VK_ACCESS_2_TRANSFER_WRITE_BIT.
 * (syncval files them under the COPY stage; masks that cover ALL_TRANSFER
 * or TRANSFER order both.)
 */
void fe_model_fill(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    fe_add_buffer_access(cx, cmd, args[1], args[2], args[3],
                      VK_PIPELINE_STAGE_2_CLEAR_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
}

static void copy_region(fe_ctx *cx, vks_cmd *cmd, const fe_val *src,
                        const fe_val *dst, const fe_val *region)
{
    const fe_val *size = region ? field(cx, region, "size") : NULL;
    fe_add_buffer_access(cx, cmd, src, region ? field(cx, region, "srcOffset") : NULL,
                      size, VK_PIPELINE_STAGE_2_COPY_BIT,
                      VK_ACCESS_2_TRANSFER_READ_BIT);
    fe_add_buffer_access(cx, cmd, dst, region ? field(cx, region, "dstOffset") : NULL,
                      size, VK_PIPELINE_STAGE_2_COPY_BIT,
                      VK_ACCESS_2_TRANSFER_WRITE_BIT);
}

/* Copy commands read their source and write their destination in the COPY
   stage with TRANSFER_READ / TRANSFER_WRITE ("Copy Commands"). */
static void copy_regions(fe_ctx *cx, vks_cmd *cmd, const fe_val *src,
                         const fe_val *dst, const fe_val *count, fe_val *regions)
{
    uint64_t n;
    if (!fe_known_int(count, &n) || n > 1024) {
        copy_region(cx, cmd, src, dst, NULL); /* the resources, not the ranges */
        return;
    }
    for (uint64_t i = 0; i < n; i++)
        copy_region(cx, cmd, src, dst, fe_deref(cx, regions, (int64_t)i));
}

void fe_model_copy_buffer(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    copy_regions(cx, cmd, args[1], args[2], args[3], args[4]);
}

void fe_model_copy_buffer2(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    fe_val *info = fe_deref(cx, args[1], 0);
    if (!info) {
        vks_cmd_add_access(cx->program, cmd, vks_unknown_access());
        return;
    }
    copy_regions(cx, cmd, field(cx, info, "srcBuffer"), field(cx, info, "dstBuffer"),
                 field(cx, info, "regionCount"),
                 fe_child(cx, info, "pRegions"));
}

/* The bound compute shader's accesses when the link to its SPIR-V can be
   made (pipeline_link.c), else one unknown access. */
void fe_model_dispatch(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    if (cx->path.current)
        fe_link_dispatch(cx, cmd, cx->path.current->cmdbuf);
    else
        vks_cmd_add_access(cx->program, cmd, vks_unknown_access());
}

/* "VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT specifies the stage of the pipeline
   where VkDrawIndirect* / VkDispatchIndirect* / VkTraceRaysIndirect* data
   structures are consumed", read as VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT. */
void fe_model_dispatch_indirect(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    fe_val *size = fe_int(cx, sizeof(VkDispatchIndirectCommand));
    fe_add_buffer_access(cx, cmd, args[1], args[2], size,
                      VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT,
                      VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT);
    fe_model_dispatch(cx, cmd, call);
}

/* ---- barriers ---- */

static vks_loc barrier_loc(const fe_val *b, const vks_cmd *cmd)
{
    return b && b->loc.file ? b->loc : cmd->loc;
}

/* A barrier struct the evaluator could not see: the engine takes unknown
   masks as "everything", the direction that cannot produce a finding. */
static void add_unknown_barrier(fe_ctx *cx, vks_cmd *cmd, vks_mask src_stages,
                                vks_mask dst_stages)
{
    vks_cmd_add_barrier(cx->program, cmd,
                        vks_global_barrier(src_stages, VKS_MASK_UNKNOWN, dst_stages,
                                           VKS_MASK_UNKNOWN, cmd->loc));
}

typedef enum { MEMORY_BARRIER, BUFFER_BARRIER, IMAGE_BARRIER } barrier_struct;

/* One Vk*MemoryBarrier(2) struct.  Sync1 structs have no stage masks of
   their own: they get the command's (stages_from_command). */
static void add_barrier_struct(fe_ctx *cx, vks_cmd *cmd, barrier_struct kind,
                               const fe_val *b, const vks_mask *stages_from_command)
{
    vks_mask src_stages = stages_from_command ? stages_from_command[0]
                                              : fe_mask(field(cx, b, "srcStageMask"));
    vks_mask dst_stages = stages_from_command ? stages_from_command[1]
                                              : fe_mask(field(cx, b, "dstStageMask"));
    vks_barrier bar = vks_global_barrier(src_stages,
                                         fe_mask(field(cx, b, "srcAccessMask")),
                                         dst_stages,
                                         fe_mask(field(cx, b, "dstAccessMask")),
                                         barrier_loc(b, cmd));
    if (kind == BUFFER_BARRIER) {
        vks_res_id res = fe_resource(cx, field(cx, b, "buffer"), VKS_RES_BUFFER,
                                     bar.loc);
        bar.kind = VKS_BARRIER_BUFFER;
        bar.region = fe_buffer_range(res, field(cx, b, "offset"), field(cx, b, "size"));
    } else if (kind == IMAGE_BARRIER) {
        vks_res_id res = fe_resource(cx, field(cx, b, "image"), VKS_RES_IMAGE,
                                     bar.loc);
        bar.kind = VKS_BARRIER_IMAGE;
        bar.region = fe_subresource_range(cx, res, field(cx, b, "subresourceRange"));
        bar.old_layout = fe_u32_or(field(cx, b, "oldLayout"), VKS_LAYOUT_UNKNOWN);
        bar.new_layout = fe_u32_or(field(cx, b, "newLayout"), VKS_LAYOUT_UNKNOWN);
    }
    if (kind != MEMORY_BARRIER) {
        bar.src_queue_family = fe_u32_or(field(cx, b, "srcQueueFamilyIndex"),
                                      VK_QUEUE_FAMILY_IGNORED);
        bar.dst_queue_family = fe_u32_or(field(cx, b, "dstQueueFamilyIndex"),
                                      VK_QUEUE_FAMILY_IGNORED);
    }
    vks_cmd_add_barrier(cx->program, cmd, bar);
}

static void add_barrier_array(fe_ctx *cx, vks_cmd *cmd, barrier_struct kind,
                              const fe_val *count, fe_val *array,
                              const vks_mask *stages_from_command)
{
    vks_mask src = stages_from_command ? stages_from_command[0] : VKS_MASK_UNKNOWN;
    vks_mask dst = stages_from_command ? stages_from_command[1] : VKS_MASK_UNKNOWN;
    uint64_t n;
    if (!fe_known_int(count, &n) || n > 1024) {
        add_unknown_barrier(cx, cmd, src, dst);
        return;
    }
    for (uint64_t i = 0; i < n; i++) {
        const fe_val *b = fe_deref(cx, array, (int64_t)i);
        if (b)
            add_barrier_struct(cx, cmd, kind, b, stages_from_command);
        else
            add_unknown_barrier(cx, cmd, src, dst);
    }
}

/*
 * vkCmdPipelineBarrier(cmd, srcStageMask, dstStageMask, dependencyFlags,
 * memoryBarrierCount, pMemoryBarriers, bufferMemoryBarrierCount, ...,
 * imageMemoryBarrierCount, ...), normalised to sync2 form (ir.h): every
 * struct gets the command's stage masks, and one more global barrier with
 * no accesses carries the execution dependency the command creates even
 * without any struct ("If vkCmdPipelineBarrier was recorded ... the first
 * synchronization scope includes all commands that occur earlier").
 */
void fe_add_sync1_barriers(fe_ctx *cx, vks_cmd *cmd, const vks_mask stages[2],
                           fe_val **counts_and_arrays)
{
    vks_barrier execution = vks_global_barrier(stages[0], VKS_MASK(0), stages[1],
                                               VKS_MASK(0), cmd->loc);
    execution.execution_part = true;
    vks_cmd_add_barrier(cx->program, cmd, execution);
    fe_val **a = counts_and_arrays;
    add_barrier_array(cx, cmd, MEMORY_BARRIER, a[0], a[1], stages);
    add_barrier_array(cx, cmd, BUFFER_BARRIER, a[2], a[3], stages);
    add_barrier_array(cx, cmd, IMAGE_BARRIER, a[4], a[5], stages);
}

void fe_model_barrier1(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    vks_mask stages[2] = {fe_mask(args[1]), fe_mask(args[2])};
    cmd->dependency_flags = fe_mask(args[3]);
    fe_add_sync1_barriers(cx, cmd, stages, args + 4);
}

void fe_add_dependency_info(fe_ctx *cx, vks_cmd *cmd, fe_val *info)
{
    if (!info) {
        cmd->dependency_flags = VKS_MASK_UNKNOWN;
        add_unknown_barrier(cx, cmd, VKS_MASK_UNKNOWN, VKS_MASK_UNKNOWN);
        return;
    }
    cmd->dependency_flags = fe_mask(field(cx, info, "dependencyFlags"));
    add_barrier_array(cx, cmd, MEMORY_BARRIER, field(cx, info, "memoryBarrierCount"),
                      fe_child(cx, info, "pMemoryBarriers"), NULL);
    add_barrier_array(cx, cmd, BUFFER_BARRIER,
                      field(cx, info, "bufferMemoryBarrierCount"),
                      fe_child(cx, info, "pBufferMemoryBarriers"), NULL);
    add_barrier_array(cx, cmd, IMAGE_BARRIER, field(cx, info, "imageMemoryBarrierCount"),
                      fe_child(cx, info, "pImageMemoryBarriers"), NULL);
}

/* vkCmdPipelineBarrier2(cmd, pDependencyInfo): each struct carries its own
   stage masks. */
void fe_model_barrier2(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    fe_add_dependency_info(cx, cmd, fe_deref(cx, args[1], 0));
}

