/* Buffers made by one helper that picks a memory type in a loop, as most
   Vulkan tutorials write it (issue 11, causes 7 and 5): each call makes
   its own buffer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan.h>

#define VK_CHECK(x)                                                       \
    do {                                                                  \
        if ((x) != VK_SUCCESS) {                                          \
            fprintf(stderr, "%s failed\n", #x);                           \
            exit(1);                                                      \
        }                                                                 \
    } while (0)

typedef struct {
    VkBuffer buffer;
    VkDeviceMemory memory;
    VkDeviceSize size;
} Res;

static VkDevice dev;
static VkPhysicalDevice phys;

static uint32_t find_memory_type(uint32_t bits, VkMemoryPropertyFlags want)
{
    VkPhysicalDeviceMemoryProperties mp;
    vkGetPhysicalDeviceMemoryProperties(phys, &mp);
    for (uint32_t i = 0; i < mp.memoryTypeCount; i++)
        if ((bits & (1u << i)) && (mp.memoryTypes[i].propertyFlags & want) == want)
            return i;
    fprintf(stderr, "no memory type\n");
    exit(1);
}

static void buffer_create(Res *b, VkDeviceSize n)
{
    memset(b, 0, sizeof *b);
    b->size = n;
    VkBufferCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = n,
                             .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                      VK_BUFFER_USAGE_TRANSFER_DST_BIT};
    VK_CHECK(vkCreateBuffer(dev, &ci, NULL, &b->buffer));
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(dev, b->buffer, &req);
    VkMemoryAllocateInfo ai = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .allocationSize = req.size,
        .memoryTypeIndex = find_memory_type(req.memoryTypeBits,
                                            VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT)};
    VK_CHECK(vkAllocateMemory(dev, &ai, NULL, &b->memory));
    VK_CHECK(vkBindBufferMemory(dev, b->buffer, b->memory, 0));
}

static void copy_whole(VkCommandBuffer cmd, const Res *src, const Res *dst)
{
    VkBufferCopy region = {.size = src->size};
    vkCmdCopyBuffer(cmd, src->buffer, dst->buffer, 1, &region);
}

int main(void)
{
    Res src = {0}, buf_a = {0}, buf_b = {0}, out_a = {0}, out_b = {0};
    buffer_create(&src, 1024);
    buffer_create(&buf_a, 1024);
    buffer_create(&buf_b, 1024);
    buffer_create(&out_a, 1024);
    buffer_create(&out_b, 1024);

    VkCommandBuffer cmd = VK_NULL_HANDLE;
    VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    VK_CHECK(vkBeginCommandBuffer(cmd, &bi));
    /* Two copies into two different buffers: no hazard. */
    copy_whole(cmd, &src, &buf_a);
    copy_whole(cmd, &src, &buf_b);
    /* A barrier on buf_a (and, in the fixed program, on buf_b). */
    VkBufferMemoryBarrier bb[2];
    for (int i = 0; i < 2; i++)
        bb[i] = (VkBufferMemoryBarrier){
            .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
            .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
            .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
            .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
            .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
            .buffer = i == 0 ? buf_a.buffer : buf_b.buffer,
            .size = VK_WHOLE_SIZE};
#ifdef WITH_BARRIER
    uint32_t barrier_count = 2;
#else
    uint32_t barrier_count = 1;
#endif
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, barrier_count,
                         bb, 0, NULL);
    copy_whole(cmd, &buf_a, &out_a);
    /* Without the second barrier, the copy into buf_b is not visible. */
    copy_whole(cmd, &buf_b, &out_b);
    VK_CHECK(vkEndCommandBuffer(cmd));
    return 0;
}
