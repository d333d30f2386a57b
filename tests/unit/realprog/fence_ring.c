/* A streaming uploader with two frames in flight, written as a ring of
   slots: each slot has its own command buffer and a fence created
   signalled, and frame N waits only for its own slot's fence - the
   submission of frame N-2 - before it refills the staging memory.  The
   staging buffer is shared by both slots, so frame N's memcpy rewrites
   bytes that frame N-1's copy, submitted and not waited for, may still be
   reading (host-access-before-wait).  With WITH_BARRIER each slot has its
   own staging buffer, the usual fix. */
#include <stdint.h>
#include <string.h>
#include <vulkan/vulkan.h>

enum { RING = 2, FRAMES = 4, CHUNK = 4096 };

typedef struct ring_slot {
    VkCommandBuffer cmd;
    VkFence done;
    VkBuffer staging;
    VkDeviceMemory memory;
    unsigned char *bytes;
} ring_slot;

typedef struct uploader {
    VkDevice dev;
    VkQueue queue;
    VkBuffer target;
    uint32_t host_visible_type;
    ring_slot slot[RING];
    unsigned next;
} uploader;

static VkBuffer new_staging(uploader *u, VkDeviceMemory *memory, unsigned char **bytes)
{
    VkBufferCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = CHUNK,
        .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
    };
    VkBuffer buffer;
    vkCreateBuffer(u->dev, &info, NULL, &buffer);
    VkMemoryAllocateInfo alloc = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .allocationSize = CHUNK,
        .memoryTypeIndex = u->host_visible_type,
    };
    vkAllocateMemory(u->dev, &alloc, NULL, memory);
    vkBindBufferMemory(u->dev, buffer, *memory, 0);
    vkMapMemory(u->dev, *memory, 0, VK_WHOLE_SIZE, 0, (void **)bytes);
    return buffer;
}

static void uploader_init(uploader *u)
{
    VkFenceCreateInfo signalled = {
        .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO,
        .flags = VK_FENCE_CREATE_SIGNALED_BIT,
    };
#ifndef WITH_BARRIER
    VkDeviceMemory shared_memory;
    unsigned char *shared_bytes;
    VkBuffer shared = new_staging(u, &shared_memory, &shared_bytes);
#endif
    for (unsigned i = 0; i < RING; i++) {
        ring_slot *s = &u->slot[i];
        vkCreateFence(u->dev, &signalled, NULL, &s->done);
#ifdef WITH_BARRIER
        s->staging = new_staging(u, &s->memory, &s->bytes);
#else
        s->staging = shared;
        s->memory = shared_memory;
        s->bytes = shared_bytes;
#endif
    }
    u->next = 0;
}

static void upload_frame(uploader *u, const unsigned char *data)
{
    ring_slot *s = &u->slot[u->next];
    u->next = (u->next + 1) % RING;

    vkWaitForFences(u->dev, 1, &s->done, VK_TRUE, UINT64_MAX);
    vkResetFences(u->dev, 1, &s->done);
    memcpy(s->bytes, data, CHUNK);

    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(s->cmd, &begin);
    VkBufferCopy whole = {.size = CHUNK};
    vkCmdCopyBuffer(s->cmd, s->staging, u->target, 1, &whole);
    VkMemoryBarrier2 done_copying = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
        .srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
        .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
        .dstStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
        .dstAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
    };
    VkDependencyInfo dep = {
        .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
        .memoryBarrierCount = 1,
        .pMemoryBarriers = &done_copying,
    };
    vkCmdPipelineBarrier2(s->cmd, &dep);
    vkEndCommandBuffer(s->cmd);

    VkCommandBufferSubmitInfo cb = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO,
        .commandBuffer = s->cmd,
    };
    VkSubmitInfo2 submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO_2,
        .commandBufferInfoCount = 1,
        .pCommandBufferInfos = &cb,
    };
    vkQueueSubmit2(u->queue, 1, &submit, s->done);
}

void uploader_run(uploader *u, const unsigned char (*chunks)[CHUNK])
{
    uploader_init(u);
    for (unsigned frame = 0; frame < FRAMES; frame++)
        upload_frame(u, chunks[frame]);
    vkDeviceWaitIdle(u->dev);
}
