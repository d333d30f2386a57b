// EXPECT: SYNC-HAZARD-WRITE-AFTER-WRITE at line 74
// A streaming ring allocator as engines write one: one big host-visible,
// persistently mapped buffer, sub-allocated front to back by offset
// (ring_alloc(&ring, size) returns the offset, wrapping to 0 when the
// request does not fit), frames in flight with a fence each.  Every frame
// the host writes a mesh's vertices and indices into its ring regions
// through the mapped pointer, copies them into the frame's device-local
// mesh buffer, and copies the mesh back into a third ring region for the
// host to read.  The index copy's destination offset counts the vertices
// in floats, not in vertices: it lands inside the vertex range the first
// copy writes, with no barrier between the two copies.
#include "lite.h"

#define FRAMES_IN_FLIGHT 2
#define FRAME_COUNT 4
#define VERTEX_COUNT 32
#define INDEX_COUNT 64
#define RING_ALIGN 256
#define FRAME_RING_BYTES 1280 /* three aligned allocations */
#define RING_SIZE (FRAMES_IN_FLIGHT * FRAME_RING_BYTES)

struct vertex {
    float x, y, z;
};

struct ring {
    VkBuffer buffer;
    VkDeviceMemory memory;
    uint8_t *map;
    VkDeviceSize size;
    VkDeviceSize head;
};

struct frame {
    VkCommandPool pool;
    VkCommandBuffer cmd;
    VkFence fence;
    VkBuffer mesh;
    VkDeviceMemory mesh_memory;
    VkDeviceSize readback;
};

static VkDeviceSize ring_alloc(struct ring *ring, VkDeviceSize size)
{
    VkDeviceSize offset = (ring->head + RING_ALIGN - 1) & ~(VkDeviceSize)(RING_ALIGN - 1);
    if (offset + size > ring->size)
        offset = 0; /* wrap */
    ring->head = offset + size;
    return offset;
}

static void ring_write(struct ring *ring, VkDeviceSize offset, const void *data, size_t size)
{
    memcpy(ring->map + offset, data, size);
}

static void record_frame(struct frame *f, struct ring *ring, VkDeviceSize vertices,
                         VkDeviceSize indices)
{
    const VkDeviceSize vertex_bytes = VERTEX_COUNT * sizeof(struct vertex);
    const VkDeviceSize index_bytes = INDEX_COUNT * sizeof(uint16_t);
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(f->cmd, &begin);
    VkBufferCopy vertex_copy = {.srcOffset = vertices, .dstOffset = 0, .size = vertex_bytes};
    vkCmdCopyBuffer(f->cmd, ring->buffer, f->mesh, 1, &vertex_copy);
    VkBufferCopy index_copy = {
        .srcOffset = indices,
        .dstOffset = VERTEX_COUNT * sizeof(float),
        .size = index_bytes,
    };
    vkCmdCopyBuffer(f->cmd, ring->buffer, f->mesh, 1, &index_copy);
    VkMemoryBarrier uploaded = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(f->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &uploaded, 0, NULL, 0, NULL);
    VkBufferCopy readback_copy = {
        .srcOffset = 0,
        .dstOffset = f->readback,
        .size = vertex_bytes + index_bytes,
    };
    vkCmdCopyBuffer(f->cmd, f->mesh, ring->buffer, 1, &readback_copy);
    VkMemoryBarrier to_host = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_HOST_READ_BIT,
    };
    vkCmdPipelineBarrier(f->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                         0, 1, &to_host, 0, NULL, 0, NULL);
    vkEndCommandBuffer(f->cmd);
}

int main(void)
{
    struct lite ctx;
    if (lite_init(&ctx) != 0)
        return 1;

    struct ring ring = {.size = RING_SIZE};
    lite_buffer(&ctx, ring.size,
                VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                &ring.buffer, &ring.memory);
    vkMapMemory(ctx.device, ring.memory, 0, VK_WHOLE_SIZE, 0, (void **)&ring.map);

    struct frame frames[FRAMES_IN_FLIGHT];
    for (uint32_t i = 0; i < FRAMES_IN_FLIGHT; i++) {
        VkCommandPoolCreateInfo pci = {
            .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
            .flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT,
            .queueFamilyIndex = ctx.family,
        };
        vkCreateCommandPool(ctx.device, &pci, NULL, &frames[i].pool);
        VkCommandBufferAllocateInfo cai = {
            .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
            .commandPool = frames[i].pool,
            .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
            .commandBufferCount = 1,
        };
        vkAllocateCommandBuffers(ctx.device, &cai, &frames[i].cmd);
        VkFenceCreateInfo fci = {
            .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO,
            .flags = VK_FENCE_CREATE_SIGNALED_BIT,
        };
        vkCreateFence(ctx.device, &fci, NULL, &frames[i].fence);
        lite_buffer(&ctx, 1024,
                    VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                    &frames[i].mesh, &frames[i].mesh_memory);
    }

    struct vertex vertices[VERTEX_COUNT];
    uint16_t indices[INDEX_COUNT];
    struct frame *f = NULL;
    for (uint32_t n = 0; n < FRAME_COUNT; n++) {
        f = &frames[n % FRAMES_IN_FLIGHT];
        vkWaitForFences(ctx.device, 1, &f->fence, VK_TRUE, UINT64_MAX);
        vkResetFences(ctx.device, 1, &f->fence);
        vkResetCommandPool(ctx.device, f->pool, 0);

        for (uint32_t i = 0; i < VERTEX_COUNT; i++)
            vertices[i] = (struct vertex){(float)i, (float)n, 0.0f};
        for (uint32_t i = 0; i < INDEX_COUNT; i++)
            indices[i] = (uint16_t)((i + n) % VERTEX_COUNT);
        VkDeviceSize vertex_offset = ring_alloc(&ring, sizeof vertices);
        ring_write(&ring, vertex_offset, vertices, sizeof vertices);
        VkDeviceSize index_offset = ring_alloc(&ring, sizeof indices);
        ring_write(&ring, index_offset, indices, sizeof indices);
        f->readback = ring_alloc(&ring, sizeof vertices + sizeof indices);

        record_frame(f, &ring, vertex_offset, index_offset);
        VkSubmitInfo si = {
            .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
            .commandBufferCount = 1,
            .pCommandBuffers = &f->cmd,
        };
        vkQueueSubmit(ctx.queue, 1, &si, f->fence);
    }
    vkDeviceWaitIdle(ctx.device);

    const struct vertex *last = (const struct vertex *)(ring.map + f->readback);
    printf("last frame: vertex 1 = (%g, %g)\n", last[1].x, last[1].y);
    return 0;
}
