// EXPECT: clean
// Suballocation (suballoc.h): a 1 KiB ring of upload slots in one
// VkBuffer, written with vkCmdUpdateBuffer and copied into the mesh
// buffer in batches.  When the ring wraps (its wrap counter moved), the
// slots at the front may still be read by the previous batch's copies, so
// the program records an execution barrier from those copies to the
// update before reusing them: "a write-after-read hazard ... only requires
// an execution dependency" (Synchronization, Execution and Memory
// Dependencies).
#include "suballoc.h"

#define CHUNK 384
#define BATCHES 2
#define PER_BATCH 2

static uint32_t chunk_data[BATCHES * PER_BATCH][CHUNK / 4];

int main(void)
{
    struct lite vk;
    struct suballoc_ring ring;
    VkBuffer mesh;
    VkDeviceMemory mesh_mem;
    VkCommandBuffer cmd;

    if (lite_init(&vk) != 0)
        return 1;
    if (suballoc_ring_init(&vk, &ring, 1024,
                           VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT) != 0)
        return 1;
    VK_CHECK(lite_buffer(&vk, BATCHES * PER_BATCH * CHUNK,
                         VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_VERTEX_BUFFER_BIT,
                         &mesh, &mesh_mem));
    for (int c = 0; c < BATCHES * PER_BATCH; c++)
        for (int w = 0; w < CHUNK / 4; w++)
            chunk_data[c][w] = (uint32_t)(c * 1000 + w);

    VK_CHECK(lite_alloc(&vk, 1, &cmd));
    VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    VK_CHECK(vkBeginCommandBuffer(cmd, &bi));

    VkMemoryBarrier upload_done = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    int chunk = 0;
    for (int batch = 0; batch < BATCHES; batch++) {
        struct suballoc slot[PER_BATCH];
        int first = chunk;

        for (int i = 0; i < PER_BATCH; i++, chunk++) {
            uint32_t wraps = ring.wraps;
            slot[i] = suballoc_ring_alloc(&ring, CHUNK, 256);
            if (ring.wraps != wraps)
                vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                                     VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 0, NULL, 0, NULL);
            vkCmdUpdateBuffer(cmd, slot[i].buffer, slot[i].offset, slot[i].size, chunk_data[chunk]);
        }
        vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                             1, &upload_done, 0, NULL, 0, NULL);
        for (int i = 0; i < PER_BATCH; i++) {
            VkBufferCopy region = {
                .srcOffset = slot[i].offset,
                .dstOffset = (VkDeviceSize)(first + i) * CHUNK,
                .size = slot[i].size,
            };
            vkCmdCopyBuffer(cmd, slot[i].buffer, mesh, 1, &region);
        }
    }
    VK_CHECK(vkEndCommandBuffer(cmd));
    VK_CHECK(lite_submit(&vk, 1, &cmd));
    printf("ring wrapped %u time(s)\n", ring.wraps);
    return 0;
}
