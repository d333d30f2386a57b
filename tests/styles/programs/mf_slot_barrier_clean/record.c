// EXPECT: clean
// A program in two files sharing an extern struct (mf.h): main.c runs the
// frames and places the barriers, record.c (this file) records the passes
// into mf.cmd.  Each frame uploads the particles into its own slot of the
// particle buffer and snapshots that slot; main.c's barrier between the
// passes covers the frame's slot (mf_slot_barrier_raw's covers slot 0).
#include "mf.h"

void record_upload(void)
{
    VkBufferCopy region = {0, mf_slot_offset(mf.frame), MF_SLOT_BYTES};

    vkCmdCopyBuffer(mf.cmd, mf.staging, mf.particles, 1, &region);
}

void record_snapshot(void)
{
    VkBufferCopy region = {mf_slot_offset(mf.frame), 0, MF_SLOT_BYTES};
    VkBufferMemoryBarrier to_host = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_HOST_READ_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = mf.snapshot,
        .offset = 0,
        .size = MF_SLOT_BYTES,
    };

    vkCmdCopyBuffer(mf.cmd, mf.particles, mf.snapshot, 1, &region);
    vkCmdPipelineBarrier(mf.cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0,
                         0, NULL, 1, &to_host, 0, NULL);
}
