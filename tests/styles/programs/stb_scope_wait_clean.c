// EXPECT: clean
// An stb-style single-file library (gpux.h, GPUX_IMPLEMENTATION defined
// here) with GLib-style scoped cleanup: `gpux_autoptr(T) p = ...` frees p
// when its scope ends, and freeing a submitted gpux_commands waits for its
// fence.  A mesh is uploaded in chunks through one small staging buffer:
// each chunk is written into the staging buffer by vkCmdUpdateBuffer and
// copied into its place in the mesh, one submission a chunk.  The chunk's
// commands are declared inside the loop body, so their cleanup at the end
// of each iteration waits for the chunk's copy before the next chunk's
// update overwrites the staging buffer.
#define GPUX_IMPLEMENTATION
#include "gpux.h"

#include <stdio.h>

#define CHUNK_BYTES 256
#define CHUNKS 4

static int upload_mesh(gpux_context *ctx, gpux_buffer *mesh)
{
    gpux_autoptr(gpux_buffer) staging =
        gpux_buffer_new(ctx, CHUNK_BYTES, VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT);
    if (!staging)
        return -1;

    for (uint32_t i = 0; i < CHUNKS; i++) {
        gpux_autoptr(gpux_commands) chunk = gpux_commands_begin(ctx);
        uint32_t words[CHUNK_BYTES / 4];

        if (!chunk)
            return -1;
        for (uint32_t w = 0; w < CHUNK_BYTES / 4; w++)
            words[w] = i * 1000u + w;
        vkCmdUpdateBuffer(chunk->cmd, staging->handle, 0, CHUNK_BYTES, words);
        VkMemoryBarrier staged = {
            .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
            .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
            .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
        };
        vkCmdPipelineBarrier(chunk->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1,
                             &staged, 0, NULL, 0, NULL);
        VkBufferCopy region = {.srcOffset = 0, .dstOffset = (VkDeviceSize)i * CHUNK_BYTES, .size = CHUNK_BYTES};
        vkCmdCopyBuffer(chunk->cmd, staging->handle, mesh->handle, 1, &region);
        if (gpux_commands_submit(chunk) != 0)
            return -1;
    } /* chunk: waited for and freed here */
    return 0;
}

int main(void)
{
    gpux_context ctx;
    if (gpux_init(&ctx) != 0)
        return 1;
    gpux_buffer *mesh = gpux_buffer_new(&ctx, CHUNKS * CHUNK_BYTES, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
    int rc = mesh && upload_mesh(&ctx, mesh) == 0 ? 0 : 1;
    printf("mesh uploaded in %d chunks: %s\n", CHUNKS, rc ? "failed" : "ok");
    if (mesh)
        gpux_buffer_free(mesh);
    gpux_shutdown(&ctx);
    return rc;
}
