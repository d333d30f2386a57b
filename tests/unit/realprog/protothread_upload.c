/* An upload written as a protothread (Adam Dunkels' pt.h: a switch on the
   line the task last yielded at, PT_YIELD's `case __LINE__:` inside a
   `do { } while (0)` - Duff's device), stepped once a frame.  The first
   step copies the staging buffer into the mesh and yields; the next frame
   resumes after the yield and reads the mesh back.  The frames are
   submitted one after the other, nothing waited for, so the read needs a
   barrier in its own frame. */
#include <vulkan/vulkan.h>

struct pt {
    unsigned short lc;
};

#define PT_BEGIN(pt) { char PT_YIELD_FLAG = 1; (void)PT_YIELD_FLAG; switch ((pt)->lc) { case 0:
#define PT_YIELD(pt)                  \
    do {                              \
        PT_YIELD_FLAG = 0;            \
        (pt)->lc = __LINE__;          \
        case __LINE__:                \
            if (PT_YIELD_FLAG == 0)   \
                return 1;             \
    } while (0)
#define PT_END(pt) } (pt)->lc = 0; return 0; }

struct upload {
    struct pt pt;
    VkBuffer staging, mesh, readback;
};

static int upload_step(struct upload *u, VkCommandBuffer cmd)
{
    PT_BEGIN(&u->pt);
    VkBufferCopy all = {0, 0, 4096};
    vkCmdCopyBuffer(cmd, u->staging, u->mesh, 1, &all);
    PT_YIELD(&u->pt);
#ifdef WITH_BARRIER
    VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, VK_ACCESS_TRANSFER_WRITE_BIT,
                          VK_ACCESS_TRANSFER_READ_BIT};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0,
                         NULL, 0, NULL);
#endif
    VkBufferCopy back = {0, 0, 4096};
    vkCmdCopyBuffer(cmd, u->mesh, u->readback, 1, &back);
    PT_END(&u->pt);
}

int main(void)
{
    VkDevice dev = VK_NULL_HANDLE; /* made by the platform layer (not shown) */
    VkQueue queue = VK_NULL_HANDLE;
    VkCommandPool pool = VK_NULL_HANDLE;
    VkCommandBuffer frames[4];
    static struct upload u;
    VkBufferCreateInfo bi = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = 4096,
                             .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT};
    vkCreateBuffer(dev, &bi, NULL, &u.staging);
    vkCreateBuffer(dev, &bi, NULL, &u.mesh);
    vkCreateBuffer(dev, &bi, NULL, &u.readback);
    VkCommandBufferAllocateInfo ai = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, NULL, pool,
                                      VK_COMMAND_BUFFER_LEVEL_PRIMARY, 4};
    vkAllocateCommandBuffers(dev, &ai, frames);
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    for (int n = 0; n < 4; n++) {
        vkBeginCommandBuffer(frames[n], &begin);
        int running = upload_step(&u, frames[n]);
        vkEndCommandBuffer(frames[n]);
        VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                           .commandBufferCount = 1,
                           .pCommandBuffers = &frames[n]};
        vkQueueSubmit(queue, 1, &si, VK_NULL_HANDLE);
        if (!running)
            break;
    }
    vkQueueWaitIdle(queue);
    return 0;
}
