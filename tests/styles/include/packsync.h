/*
 * packsync.h - barrier descriptions packed into integers, as renderers that
 * keep their resource states in compact tables do: a state is one uint32_t
 * holding three small indices, each looked up in an array of the real
 * Vulkan values when a barrier is recorded,
 *
 *     bits  0- 7  stage index   -> pack_stages[]
 *     bits  8-15  access index  -> pack_access[]
 *     bits 16-23  layout index  -> pack_layouts[]   (0 for buffers)
 *
 *     static const uint32_t upload = PACK(PS_TRANSFER, PA_TRANSFER_WRITE, PL_TRANSFER_DST);
 *
 * The unpacking (shifts, masks, the lookups, the barrier itself) is each
 * program's own.  Also the setup the programs share: pack_init() makes the
 * device, pack_buffer() / pack_image() the resources (on lite.h).
 */
#ifndef PACKSYNC_H
#define PACKSYNC_H

#include "lite.h"

#define PACK(s, a, l) ((uint32_t)(s) | (uint32_t)(a) << 8 | (uint32_t)(l) << 16)
#define PACK_FIELD 0xffu

enum pack_stage { PS_TOP, PS_TRANSFER, PS_COMPUTE, PS_HOST, PS_COUNT };
enum pack_access { PA_NONE, PA_TRANSFER_READ, PA_TRANSFER_WRITE, PA_SHADER_READ, PA_HOST_READ, PA_COUNT };
enum pack_layout { PL_UNDEFINED, PL_GENERAL, PL_TRANSFER_DST, PL_TRANSFER_SRC, PL_COUNT };

static const VkPipelineStageFlags pack_stages[PS_COUNT] = {
    [PS_TOP] = VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
    [PS_TRANSFER] = VK_PIPELINE_STAGE_TRANSFER_BIT,
    [PS_COMPUTE] = VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
    [PS_HOST] = VK_PIPELINE_STAGE_HOST_BIT,
};

static const VkAccessFlags pack_access[PA_COUNT] = {
    [PA_NONE] = 0,
    [PA_TRANSFER_READ] = VK_ACCESS_TRANSFER_READ_BIT,
    [PA_TRANSFER_WRITE] = VK_ACCESS_TRANSFER_WRITE_BIT,
    [PA_SHADER_READ] = VK_ACCESS_SHADER_READ_BIT,
    [PA_HOST_READ] = VK_ACCESS_HOST_READ_BIT,
};

static const VkImageLayout pack_layouts[PL_COUNT] = {
    [PL_UNDEFINED] = VK_IMAGE_LAYOUT_UNDEFINED,
    [PL_GENERAL] = VK_IMAGE_LAYOUT_GENERAL,
    [PL_TRANSFER_DST] = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
    [PL_TRANSFER_SRC] = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
};

struct pack_ctx {
    struct lite vk;
    VkCommandBuffer cmd;
};

static inline int pack_init(struct pack_ctx *c)
{
    if (lite_init(&c->vk) != 0 || lite_alloc(&c->vk, 1, &c->cmd) != VK_SUCCESS)
        return -1;
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    return vkBeginCommandBuffer(c->cmd, &begin) == VK_SUCCESS ? 0 : -1;
}

static inline int pack_finish(struct pack_ctx *c)
{
    if (vkEndCommandBuffer(c->cmd) != VK_SUCCESS)
        return -1;
    return lite_submit(&c->vk, 1, &c->cmd) == VK_SUCCESS ? 0 : -1;
}

#endif
