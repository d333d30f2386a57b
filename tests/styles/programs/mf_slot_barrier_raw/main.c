/* The frames of mf_slot_barrier_raw: the expectations are in record.c. */
#include "mf.h"

#define FRAMES 2

struct mf_state mf;

static int setup(void)
{
    VkDeviceMemory memory;

    if (lite_init(&mf.vk) != 0)
        return -1;
    if (lite_buffer(&mf.vk, MF_SLOT_BYTES, VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                    &mf.staging, &memory) != VK_SUCCESS ||
        vkMapMemory(mf.vk.device, memory, 0, VK_WHOLE_SIZE, 0,
                    (void **)&mf.staging_map) != VK_SUCCESS)
        return -1;
    if (lite_buffer(&mf.vk, MF_SLOTS * MF_SLOT_BYTES, VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                    VK_BUFFER_USAGE_TRANSFER_DST_BIT, &mf.particles, &memory) != VK_SUCCESS)
        return -1;
    if (lite_buffer(&mf.vk, MF_SLOT_BYTES, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                    &mf.snapshot, &memory) != VK_SUCCESS ||
        vkMapMemory(mf.vk.device, memory, 0, VK_WHOLE_SIZE, 0,
                    (void **)&mf.snapshot_map) != VK_SUCCESS)
        return -1;
    return 0;
}

/* The upload's write, made visible to the snapshot's read. */
static void upload_barrier(void)
{
    VkBufferMemoryBarrier uploaded = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = mf.particles,
        .offset = 0,
        .size = MF_SLOT_BYTES,
    };
    vkCmdPipelineBarrier(mf.cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 0, NULL, 1, &uploaded, 0, NULL);
}

static int run_frame(void)
{
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };

    for (uint32_t i = 0; i < MF_PARTICLES; i++)
        mf.staging_map[i] = (float)(mf.frame * 1000 + i);
    if (lite_alloc(&mf.vk, 1, &mf.cmd) != VK_SUCCESS)
        return -1;
    vkBeginCommandBuffer(mf.cmd, &begin);
    record_upload();
    upload_barrier();
    record_snapshot();
    vkEndCommandBuffer(mf.cmd);
    if (lite_submit(&mf.vk, 1, &mf.cmd) != VK_SUCCESS)
        return -1;
    vkFreeCommandBuffers(mf.vk.device, mf.vk.pool, 1, &mf.cmd);
    return 0;
}

int main(void)
{
    if (setup() != 0) {
        fprintf(stderr, "no Vulkan device\n");
        return 1;
    }
    for (mf.frame = 0; mf.frame < FRAMES; mf.frame++) {
        if (run_frame() != 0)
            return 1;
        printf("frame %u: particle[7] = %g\n", mf.frame, mf.snapshot_map[7]);
    }
    return 0;
}
