// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 63
// GNU C as kernel-style C writes it (kstyle.h): statement-expression
// macros (VK_CHECK, MIN with __typeof__), __auto_type, likely/unlikely,
// and the program's tables in range designators with per-entry overrides,
// its steps classified by a switch with case ranges.  A buffer is filled,
// passed down a chain of copies, and copied into a readback buffer; before
// each step a barrier makes the previous step's output visible to the
// step's consumer stage and access from the tables.  Step 3 was a compute
// blur, replaced by a copy while the shader is rewritten: the tables'
// override for it still names the compute shader's stage and read, so the
// copy in step 3 is outside the barrier's second scope.
#include "kstyle.h"

#define STEPS 5
#define BYTES 2048u
#define CHUNK 4096u

enum step_kind { STEP_UPLOAD, STEP_CHAIN, STEP_READBACK };

static const VkPipelineStageFlags consumer_stage[STEPS] = {
    [1 ... STEPS - 1] = VK_PIPELINE_STAGE_TRANSFER_BIT,
    [3] = VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, /* the blur */
};
static const VkAccessFlags consumer_access[STEPS] = {
    [1 ... STEPS - 1] = VK_ACCESS_TRANSFER_READ_BIT,
    [3] = VK_ACCESS_SHADER_READ_BIT,
};

static enum step_kind step_kind(unsigned step)
{
    switch (step) {
    case 0:
        return STEP_UPLOAD;
    case 1 ... STEPS - 2:
        return STEP_CHAIN;
    default:
        return STEP_READBACK;
    }
}

#define BUFFER_BARRIER(cmd, buf, dst_stage, dst_access)                                                                \
    ({                                                                                                                 \
        VkBufferMemoryBarrier _b = {                                                                                   \
            .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,                                                          \
            .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,                                                             \
            .dstAccessMask = (dst_access),                                                                             \
            .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,                                                            \
            .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,                                                            \
            .buffer = (buf),                                                                                           \
            .size = VK_WHOLE_SIZE,                                                                                     \
        };                                                                                                             \
        vkCmdPipelineBarrier((cmd), VK_PIPELINE_STAGE_TRANSFER_BIT, (dst_stage), 0, 0, NULL, 1, &_b, 0, NULL);         \
    })

static void run_step(VkCommandBuffer cmd, unsigned step, const VkBuffer *chain, VkBuffer readback)
{
    const VkBufferCopy region = {.size = MIN(BYTES, CHUNK)};
    switch (step_kind(step)) {
    case STEP_UPLOAD:
        vkCmdFillBuffer(cmd, chain[0], 0, region.size, 0x01020304);
        break;
    case STEP_CHAIN:
        vkCmdCopyBuffer(cmd, chain[step - 1], chain[step], 1, &region);
        break;
    case STEP_READBACK:
        vkCmdCopyBuffer(cmd, chain[step - 1], readback, 1, &region);
        break;
    }
}

int main(void)
{
    struct kdev d;
    VkBuffer chain[STEPS - 1], readback;
    VkDeviceMemory chain_memory[STEPS - 1], readback_memory;
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    kdev_init(&d);
    for (unsigned i = 0; i < ARRAY_SIZE(chain); i++)
        VK_CHECK(lite_buffer(&d.vk, BYTES, usage, &chain[i], &chain_memory[i]));
    VK_CHECK(lite_buffer(&d.vk, BYTES, usage, &readback, &readback_memory));

    __auto_type cmd = d.cmd;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    VK_CHECK(vkBeginCommandBuffer(cmd, &begin));
    for (unsigned step = 0; step < STEPS; step++) {
        if (likely(step > 0))
            BUFFER_BARRIER(cmd, chain[step - 1], consumer_stage[step], consumer_access[step]);
        run_step(cmd, step, chain, readback);
    }
    BUFFER_BARRIER(cmd, readback, VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
    VK_CHECK(vkEndCommandBuffer(cmd));
    VK_CHECK(lite_submit(&d.vk, 1, &cmd));

    uint32_t *words;
    VK_CHECK(vkMapMemory(d.vk.device, readback_memory, 0, VK_WHOLE_SIZE, 0, (void **)&words));
    printf("%08x %08x\n", words[0], words[MAX(BYTES / 4, 1u) - 1]);
    return 0;
}
