/*
 * Fixed twin of bad_upload_then_reset.c: the barrier between the two
 * uploads guards `scene->vertices`, the buffer both write.  Silent.
 */
#include "gpu_helpers.h"

void record_transfer_pass(VkCommandBuffer cmd, const Scene *scene)
{
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);

    upload_vertices(cmd, scene, 4096);
    buffer_barrier(cmd, scene->vertices,
                   VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                   VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
    reset_indirect(cmd, scene);
    upload_vertices(cmd, scene, 4096);

    vkEndCommandBuffer(cmd);
}
