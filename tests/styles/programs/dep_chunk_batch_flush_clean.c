// EXPECT: clean
// Synchronization2 barriers built with a builder (dep.h): dep_begin(),
// one dep_buffer() per barrier into the builder's fixed arrays, dep_emit()
// records them in one vkCmdPipelineBarrier2.  A terrain is streamed in
// five chunks: each is copied from the staging buffer into its own device
// buffer, one batch of barriers makes the five uploads visible, and each
// chunk is copied into the readback buffer.  The builder holds
// DEP_MAX_BUFFERS (4) buffer barriers, so the loop records the batch and
// starts a new one whenever the builder is full: the fifth chunk's barrier
// goes out in a second vkCmdPipelineBarrier2.
#include "lite.h"
#include "dep.h"

#define CHUNKS 5
#define CHUNK_HEIGHTS 256
#define CHUNK_BYTES (CHUNK_HEIGHTS * sizeof(uint16_t))

struct chunk {
    VkBuffer buffer;
    VkDeviceMemory memory;
};

struct terrain {
    VkBuffer staging, readback;
    VkDeviceMemory staging_memory, readback_memory;
    uint16_t *heights;      /* the mapped staging buffer */
    struct chunk chunks[CHUNKS];
};

static int terrain_create(struct lite *l, struct terrain *t)
{
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                     VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    if (lite_buffer(l, CHUNKS * CHUNK_BYTES, usage, &t->staging, &t->staging_memory) ||
        lite_buffer(l, CHUNKS * CHUNK_BYTES, usage, &t->readback, &t->readback_memory))
        return -1;
    for (int i = 0; i < CHUNKS; i++)
        if (lite_buffer(l, CHUNK_BYTES, usage, &t->chunks[i].buffer, &t->chunks[i].memory))
            return -1;
    if (vkMapMemory(l->device, t->staging_memory, 0, VK_WHOLE_SIZE, 0, (void **)&t->heights))
        return -1;
    for (int i = 0; i < CHUNKS * CHUNK_HEIGHTS; i++)
        t->heights[i] = (uint16_t)((i * 37) % 1024);
    return 0;
}

static void record_streaming(VkCommandBuffer cmd, const struct terrain *t)
{
    struct dep_builder deps;

    for (int i = 0; i < CHUNKS; i++) {
        VkBufferCopy upload = {.srcOffset = i * CHUNK_BYTES, .dstOffset = 0, .size = CHUNK_BYTES};
        vkCmdCopyBuffer(cmd, t->staging, t->chunks[i].buffer, 1, &upload);
    }

    dep_begin(&deps);
    for (int i = 0; i < CHUNKS; i++) {
        if (deps.buffer_count == DEP_MAX_BUFFERS) { /* full: record this batch */
            dep_emit(&deps, cmd);
            dep_begin(&deps);
        }
        dep_buffer(&deps, t->chunks[i].buffer, 0, VK_WHOLE_SIZE, DEP_COPY_WRITE, DEP_COPY_READ);
    }
    dep_emit(&deps, cmd);

    for (int i = 0; i < CHUNKS; i++) {
        VkBufferCopy readback = {.srcOffset = 0, .dstOffset = i * CHUNK_BYTES, .size = CHUNK_BYTES};
        vkCmdCopyBuffer(cmd, t->chunks[i].buffer, t->readback, 1, &readback);
    }

    dep_begin(&deps);
    dep_buffer(&deps, t->readback, 0, VK_WHOLE_SIZE, DEP_COPY_WRITE, DEP_HOST_READ);
    dep_emit(&deps, cmd);
}

int main(void)
{
    struct lite l;
    struct terrain terrain;
    VkCommandBuffer cmd;
    uint16_t *out;

    if (lite_init(&l) != 0 || terrain_create(&l, &terrain) != 0)
        return 1;
    if (lite_alloc(&l, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    if (vkBeginCommandBuffer(cmd, &begin) != VK_SUCCESS)
        return 1;
    record_streaming(cmd, &terrain);
    if (vkEndCommandBuffer(cmd) != VK_SUCCESS || lite_submit(&l, 1, &cmd) != VK_SUCCESS)
        return 1;

    if (vkMapMemory(l.device, terrain.readback_memory, 0, VK_WHOLE_SIZE, 0, (void **)&out))
        return 1;
    printf("chunk 4, height 0: %u\n", out[4 * CHUNK_HEIGHTS]);
    return 0;
}
