/* An init() that queries features and properties through out-parameters
   and exits when the device is too old, then a staging upload with no
   barrier between the fill and the copy (issue 11, cause 1). */
#include <stdio.h>
#include <stdlib.h>
#include <vulkan/vulkan.h>

#define VK_CHECK(x)                                                       \
    do {                                                                  \
        VkResult err_ = (x);                                              \
        if (err_ != VK_SUCCESS) {                                         \
            fprintf(stderr, "%s failed: %d\n", #x, (int)err_);            \
            exit(1);                                                      \
        }                                                                 \
    } while (0)

typedef struct {
    VkPhysicalDevice phys;
    VkDevice dev;
    VkPhysicalDeviceProperties props;
    VkCommandBuffer cmd;
} Context;

static void init(Context *c)
{
    VkPhysicalDeviceVulkan13Features f13 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
    VkPhysicalDeviceFeatures2 f2 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &f13};
    vkGetPhysicalDeviceFeatures2(c->phys, &f2);
    if (!f13.synchronization2) {
        fprintf(stderr, "synchronization2 is not supported\n");
        exit(1);
    }
    vkGetPhysicalDeviceProperties(c->phys, &c->props);
    if (c->props.apiVersion < VK_API_VERSION_1_3) {
        fprintf(stderr, "Vulkan 1.3 is required\n");
        exit(1);
    }
}

int main(void)
{
    Context ctx = {0};
    init(&ctx);

    VkBuffer staging, dst;
    VkBufferCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = 65536,
                             .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                      VK_BUFFER_USAGE_TRANSFER_DST_BIT};
    VK_CHECK(vkCreateBuffer(ctx.dev, &ci, NULL, &staging));
    VK_CHECK(vkCreateBuffer(ctx.dev, &ci, NULL, &dst));

    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    VK_CHECK(vkBeginCommandBuffer(ctx.cmd, &begin));
    vkCmdFillBuffer(ctx.cmd, staging, 0, 65536, 0);
#ifdef WITH_BARRIER
    VkMemoryBarrier2 mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
                           .srcStageMask = VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
                           .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
                           .dstStageMask = VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
                           .dstAccessMask = VK_ACCESS_2_TRANSFER_READ_BIT};
    VkDependencyInfo dep = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                            .memoryBarrierCount = 1, .pMemoryBarriers = &mb};
    vkCmdPipelineBarrier2(ctx.cmd, &dep);
#endif
    VkBufferCopy region = {0, 0, 65536};
    vkCmdCopyBuffer(ctx.cmd, staging, dst, 1, &region);
    VK_CHECK(vkEndCommandBuffer(ctx.cmd));
    return 0;
}
