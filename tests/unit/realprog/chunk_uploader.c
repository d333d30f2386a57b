/* A streaming uploader as a game engine writes one: every chunk is copied
   into the one shared scratch buffer by a command buffer of its own and
   submitted with its own fence; a chunk whose submission fails is logged
   and skipped, one that went in is waited for before the next chunk
   reuses the scratch buffer.  Without -DWITH_BARRIER the wait is left out
   (an "optimisation"), and the second chunk's copy overwrites the scratch
   buffer while the first chunk's may still be writing it. */
#include <stdio.h>
#include <vulkan/vulkan.h>

#define CHUNKS 2
#define CHUNK_BYTES 65536

struct chunk {
    VkCommandBuffer cmd;
    VkFence done;
    VkBuffer source;
};

static int record_chunk(struct chunk *c, VkBuffer scratch)
{
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    if (vkBeginCommandBuffer(c->cmd, &begin) != VK_SUCCESS)
        return -1;
    VkBufferCopy whole = {.srcOffset = 0, .dstOffset = 0, .size = CHUNK_BYTES};
    vkCmdCopyBuffer(c->cmd, c->source, scratch, 1, &whole);
    return vkEndCommandBuffer(c->cmd) == VK_SUCCESS ? 0 : -1;
}

void upload_chunks(VkDevice device, VkQueue queue, struct chunk chunks[CHUNKS],
                   VkBuffer scratch)
{
    for (int i = 0; i < CHUNKS; i++) {
        struct chunk *c = &chunks[i];
        if (record_chunk(c, scratch) != 0)
            continue;
        VkSubmitInfo submit = {
            .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
            .commandBufferCount = 1,
            .pCommandBuffers = &c->cmd,
        };
        VkResult res = vkQueueSubmit(queue, 1, &submit, c->done);
        if (res != VK_SUCCESS) {
            fprintf(stderr, "chunk %d: submit failed (%d), skipped\n", i, res);
            continue;
        }
#ifdef WITH_BARRIER
        vkWaitForFences(device, 1, &c->done, VK_TRUE, UINT64_MAX);
#endif
    }
}
