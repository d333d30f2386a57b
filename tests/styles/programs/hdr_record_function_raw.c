// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 19
// The upload is recorded by a function that is handed an open command
// buffer (it never begins or ends it).  It writes the mesh header into the
// staging buffer with vkCmdUpdateBuffer and copies the staging buffer out
// without a barrier in between.
#include "vkh.h"

typedef struct {
    uint32_t vertex_count;
    uint32_t index_count;
    float scale[2];
} mesh_header;

static void upload_mesh(VkCommandBuffer cmd, VkBuffer staging, VkBuffer vertices,
                        const mesh_header *header)
{
    vkCmdUpdateBuffer(cmd, staging, 0, sizeof *header, header);
    VkBufferCopy region = {.srcOffset = 0, .dstOffset = 0, .size = 4096};
    vkCmdCopyBuffer(cmd, staging, vertices, 1, &region);
}

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    vkh_context ctx;
    vkh_init(&ctx, "mesh-upload");

    VkBuffer staging, vertices;
    VkDeviceMemory staging_mem, vertices_mem;
    vkh_create_buffer(&ctx, 4096, VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                      VK_BUFFER_USAGE_TRANSFER_DST_BIT, &staging, &staging_mem);
    vkh_create_buffer(&ctx, 4096, VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                      VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &vertices, &vertices_mem);

    mesh_header header = {.vertex_count = 36, .index_count = 0, .scale = {1.0f, 1.0f}};
    VkCommandBuffer cmd = vkh_command_buffer(&ctx);
    vkh_begin(cmd);
    upload_mesh(cmd, staging, vertices, &header);
    vkh_end(cmd);
    vkh_submit_and_wait(&ctx, cmd);

    vkh_destroy_buffer(&ctx, vertices, vertices_mem);
    vkh_destroy_buffer(&ctx, staging, staging_mem);
    vkh_shutdown(&ctx);
    return 0;
}
