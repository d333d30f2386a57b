/* A renderer in Gallium's shape: a query's result is resolved into a
   predicate buffer by a copy, then the draw state is set with Vulkan 1.3
   dynamic state and the work is made conditional on the predicate
   (VK_EXT_conditional_rendering).  The fixed program orders the copy
   before the predicate read with a barrier to the conditional-rendering
   stage; without it the predicate may be read before the copy wrote it. */
#include <vulkan/vulkan.h>

/* One 32-bit predicate per pass, at the start of its own buffer. */
struct predicate {
    VkBuffer buffer;
};

struct render_state {
    VkCullModeFlags cull;
    VkFrontFace front;
    VkBool32 depth_test;
};

static void resolve_predicate(VkCommandBuffer cmd, VkQueryPool pool, uint32_t query,
                              const struct predicate *p)
{
    vkCmdCopyQueryPoolResults(cmd, pool, query, 1, p->buffer, 0, sizeof(uint32_t),
                              VK_QUERY_RESULT_WAIT_BIT);
#ifdef WITH_BARRIER
    VkMemoryBarrier2 to_predicate = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
        .srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
        .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
        .dstStageMask = VK_PIPELINE_STAGE_2_CONDITIONAL_RENDERING_BIT_EXT,
        .dstAccessMask = VK_ACCESS_2_CONDITIONAL_RENDERING_READ_BIT_EXT,
    };
    VkDependencyInfo dep = {
        .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
        .memoryBarrierCount = 1,
        .pMemoryBarriers = &to_predicate,
    };
    vkCmdPipelineBarrier2(cmd, &dep);
#endif
}

static void apply_state(VkCommandBuffer cmd, const struct render_state *s)
{
    vkCmdSetCullMode(cmd, s->cull);
    vkCmdSetFrontFace(cmd, s->front);
    vkCmdSetDepthTestEnable(cmd, s->depth_test);
    vkCmdSetPrimitiveTopology(cmd, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST);
}

void render_if_visible(VkCommandBuffer cmd, VkQueryPool occlusion, const struct predicate *p,
                       const struct render_state *state)
{
    resolve_predicate(cmd, occlusion, 0, p);
    apply_state(cmd, state);
    VkConditionalRenderingBeginInfoEXT begin = {
        .sType = VK_STRUCTURE_TYPE_CONDITIONAL_RENDERING_BEGIN_INFO_EXT,
        .buffer = p->buffer,
        .offset = 0,
    };
    vkCmdBeginConditionalRenderingEXT(cmd, &begin);
    vkCmdEndConditionalRenderingEXT(cmd);
}
