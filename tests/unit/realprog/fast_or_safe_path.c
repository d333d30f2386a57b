/* A terse C style that picks one of two recording helpers with `?:`: the
   frame clears the particle buffer, then either copies it out (the fast
   path) or overwrites its head with fresh data (the safe path), and keeps
   the helper's result code.  Only one of the two runs; without the barrier
   after the clear, the copy reads and the update writes what the clear
   wrote. */
#include <stdint.h>
#include <vulkan/vulkan.h>

typedef struct { VkCommandBuffer cb; VkBuffer particles, readback; } frame_t;

extern int prefer_fast_path(void);
extern int frame_open(frame_t *f);

static int copy_out(frame_t *f)
{
    VkBufferCopy r = {0, 0, 1024};
    vkCmdCopyBuffer(f->cb, f->particles, f->readback, 1, &r);
    return 1;
}

static int refresh_head(frame_t *f)
{
    static const uint32_t head[4] = {1, 2, 3, 4};
    vkCmdUpdateBuffer(f->cb, f->particles, 0, sizeof head, head);
    return 2;
}

int main(void)
{
    frame_t f;
    if (frame_open(&f))
        return 1;
    VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(f.cb, &bi);
    vkCmdFillBuffer(f.cb, f.particles, 0, 1024, 0);
#ifdef WITH_BARRIER
    VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, VK_ACCESS_TRANSFER_WRITE_BIT,
                          VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT};
    vkCmdPipelineBarrier(f.cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         1, &mb, 0, NULL, 0, NULL);
#endif
    int used = prefer_fast_path() ? copy_out(&f) : refresh_head(&f);
    vkEndCommandBuffer(f.cb);
    return used == 0;
}
