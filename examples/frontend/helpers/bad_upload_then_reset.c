/*
 * A frame's transfer pass written with helpers from another file
 * (gpu_helpers.c).  The vertex upload is followed by a barrier, but the
 * barrier is for the wrong buffer: it guards `scene->indirect`, while the
 * second upload writes `scene->vertices` again - write-after-write on the
 * vertices, reported in the helper with the call chain back to this file.
 * The fix is in fixed_upload_then_reset.c.
 */
#include "gpu_helpers.h"

void record_transfer_pass(VkCommandBuffer cmd, const Scene *scene)
{
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);

    upload_vertices(cmd, scene, 4096);
    buffer_barrier(cmd, scene->indirect,
                   VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                   VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
    reset_indirect(cmd, scene);
    upload_vertices(cmd, scene, 4096);

    vkEndCommandBuffer(cmd);
}
