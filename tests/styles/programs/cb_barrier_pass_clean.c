// EXPECT: clean
// Passes as callbacks (passcb.h): each pass is a function taking the
// command buffer and a `void *` to its own parameters, registered in the
// frame's pass array and called in order by frame_record().  The upload
// pass copies the staged particles into the particle buffer, the readback
// pass copies them on for the host.  A barrier pass of its own sits
// between them: its user data names the particle buffer, and it records a
// buffer barrier on it from the upload's write to the readback's read.
#include "passcb.h"

#define PARTICLE_BYTES 2048

struct upload_pass {
    VkBuffer staging;
    VkBuffer particles;
};

struct readback_pass {
    VkBuffer particles;
    VkBuffer host_copy;
    VkDeviceSize size;
};

static void record_upload(VkCommandBuffer cmd, void *user)
{
    struct upload_pass *up = (struct upload_pass *)user;
    VkBufferCopy region = {0, 0, PARTICLE_BYTES};
    vkCmdCopyBuffer(cmd, up->staging, up->particles, 1, &region);
}

static void record_readback(VkCommandBuffer cmd, void *user)
{
    const struct readback_pass *rb = user;
    VkBufferCopy region = {.srcOffset = 0, .dstOffset = 0, .size = rb->size};
    vkCmdCopyBuffer(cmd, rb->particles, rb->host_copy, 1, &region);
}

/* A barrier pass: a buffer barrier from the transfer write to the
   transfer read of one buffer, the buffer its user data names. */
struct buffer_sync {
    VkBuffer buffer;
    VkDeviceSize size;
};

static void record_barrier(VkCommandBuffer cmd, void *user)
{
    struct buffer_sync *sync = (struct buffer_sync *)user;
    VkBufferMemoryBarrier barrier = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = sync->buffer,
        .offset = 0,
        .size = sync->size,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 0, NULL, 1, &barrier, 0, NULL);
}

int main(void)
{
    struct lite ctx;
    struct frame frame;
    VkBuffer staging, particles, host_copy;
    VkDeviceMemory memory[3];
    VkCommandBuffer cmd;
    const VkBufferUsageFlags usage =
        VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (lite_init(&ctx) != 0)
        return 1;
    if (lite_buffer(&ctx, PARTICLE_BYTES, usage, &staging, &memory[0]) != VK_SUCCESS ||
        lite_buffer(&ctx, PARTICLE_BYTES, usage, &particles, &memory[1]) != VK_SUCCESS ||
        lite_buffer(&ctx, PARTICLE_BYTES, usage, &host_copy, &memory[2]) != VK_SUCCESS)
        return 1;

    struct upload_pass upload = {staging, particles};
    struct readback_pass readback = {particles, host_copy, PARTICLE_BYTES};
    frame_init(&frame);
    frame_add(&frame, "upload", record_upload, &upload);
    struct buffer_sync upload_done = {particles, PARTICLE_BYTES};
    frame_add(&frame, "upload done", record_barrier, &upload_done);
    frame_add(&frame, "readback", record_readback, &readback);

    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin);
    frame_record(&frame, cmd);
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    printf("%u passes\n", frame.count);
    return 0;
}
