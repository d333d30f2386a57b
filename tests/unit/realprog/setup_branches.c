/* Issue 11, cause 3: setup code full of branches that record nothing
   (a memory-type search, a queue-family search, validation-layer and
   debug-name switches, error checks that return), then one recording whose
   copy size is picked by a switch.  The recording's own branches are the
   only ones that should become paths. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan.h>

#define CHECK(expr)                                                           \
    do {                                                                      \
        VkResult res_ = (expr);                                               \
        if (res_ != VK_SUCCESS) {                                             \
            fprintf(stderr, "%s failed: %d\n", #expr, (int)res_);              \
            abort();                                                          \
        }                                                                     \
    } while (0)

struct gpu {
    VkPhysicalDevice phys;
    VkDevice dev;
    VkPhysicalDeviceMemoryProperties mem;
    uint32_t family;
    int validation;
    const char *label;
};

static int find_memory(const struct gpu *g, uint32_t bits, VkMemoryPropertyFlags want)
{
    for (uint32_t i = 0; i < g->mem.memoryTypeCount; i++) {
        if (!(bits & (1u << i)))
            continue;
        if ((g->mem.memoryTypes[i].propertyFlags & want) == want)
            return (int)i;
    }
    return -1;
}

static int pick_family(struct gpu *g)
{
    uint32_t count = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(g->phys, &count, NULL);
    VkQueueFamilyProperties props[16];
    if (count > 16)
        count = 16;
    vkGetPhysicalDeviceQueueFamilyProperties(g->phys, &count, props);
    for (uint32_t i = 0; i < count; i++)
        if (props[i].queueFlags & VK_QUEUE_TRANSFER_BIT) {
            g->family = i;
            return 1;
        }
    return 0;
}

static void configure(struct gpu *g, int argc, char **argv)
{
    g->validation = 0;
    g->label = "default";
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--validate") == 0)
            g->validation = 1;
        else if (strcmp(argv[i], "--label") == 0 && i + 1 < argc)
            g->label = argv[++i];
    }
    if (g->validation)
        printf("validation on (%s)\n", g->label);
}

static VkBuffer make_buffer(struct gpu *g, VkDeviceSize size)
{
    VkBufferCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = size,
        .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
    };
    VkBuffer buffer;
    CHECK(vkCreateBuffer(g->dev, &info, NULL, &buffer));
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(g->dev, buffer, &req);
    int type = find_memory(g, req.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    if (type < 0)
        type = find_memory(g, req.memoryTypeBits, 0);
    VkMemoryAllocateInfo alloc = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .allocationSize = req.size,
        .memoryTypeIndex = (uint32_t)type,
    };
    VkDeviceMemory memory;
    CHECK(vkAllocateMemory(g->dev, &alloc, NULL, &memory));
    CHECK(vkBindBufferMemory(g->dev, buffer, memory, 0));
    return buffer;
}

void upload(struct gpu *g, VkCommandBuffer cmd, int argc, char **argv, int quality)
{
    configure(g, argc, argv);
    if (!pick_family(g)) {
        fprintf(stderr, "no transfer queue\n");
        exit(1);
    }
    vkGetPhysicalDeviceMemoryProperties(g->phys, &g->mem);
    VkBuffer staging = make_buffer(g, 1 << 20);
    VkBuffer target = make_buffer(g, 1 << 20);

    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    CHECK(vkBeginCommandBuffer(cmd, &begin));
    vkCmdFillBuffer(cmd, staging, 0, VK_WHOLE_SIZE, 0);
#ifdef WITH_BARRIER
    VkMemoryBarrier2 barrier = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
        .srcStageMask = VK_PIPELINE_STAGE_2_CLEAR_BIT,
        .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
        .dstStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
        .dstAccessMask = VK_ACCESS_2_TRANSFER_READ_BIT,
    };
    VkDependencyInfo dep = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                            .memoryBarrierCount = 1, .pMemoryBarriers = &barrier};
    vkCmdPipelineBarrier2(cmd, &dep);
#endif
    VkDeviceSize bytes;
    switch (quality) {
    case 0: bytes = 4096; break;
    case 1: bytes = 65536; break;
    default: bytes = 1 << 20; break;
    }
    VkBufferCopy region = {.srcOffset = 0, .dstOffset = 0, .size = bytes};
    vkCmdCopyBuffer(cmd, staging, target, 1, &region);
    CHECK(vkEndCommandBuffer(cmd));
}
