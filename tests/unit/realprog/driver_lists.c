/* A GPU driver's upload queue, written the way drivers write C: pending
   uploads on an intrusive list walked by a foreach macro, a cache walked
   through a hash-table library's iterator, a spin lock made of the
   compiler's atomic builtins around both, a C11 reference count, a
   bit-mask walk.  The flush sums what is pending, then clears the staging
   area and copies it into the vertex buffer. */
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <vulkan/vulkan.h>

struct list_link {
    struct list_link *prev, *next;
};

#define link_owner(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))
#define list_each(type, pos, head, member)                                     \
    for (type *pos = link_owner((head)->next, type, member);                   \
         &pos->member != (head); pos = link_owner(pos->member.next, type, member))
#define bits_each(bit, mask)                                                   \
    for (uint32_t left_ = (mask), bit = 0; left_ != 0;                         \
         bit = (uint32_t)__builtin_ctz(left_), left_ &= left_ - 1)

struct table_entry {
    const void *key;
    void *data;
};
struct table; /* the hash-table library's */
struct table_entry *table_next(struct table *t, struct table_entry *after);
#define table_each(t, entry)                                                   \
    for (struct table_entry *entry = table_next(t, NULL); entry != NULL;       \
         entry = table_next(t, entry))

#define swap_acquire(p, v) __atomic_exchange_n((p), (v), __ATOMIC_ACQUIRE)

typedef struct {
    uint32_t state; /* 0 free, 1 held, 2 held with waiters */
} spinlock;

static inline void spin_lock(spinlock *lock)
{
    uint32_t was = swap_acquire(&lock->state, 1);
    while (was != 0)
        was = swap_acquire(&lock->state, 2);
}

static inline void spin_unlock(spinlock *lock)
{
    __atomic_store_n(&lock->state, 0, __ATOMIC_RELEASE);
}

struct upload {
    VkDeviceSize size;
    uint32_t dirty_planes;
    struct list_link link;
};

struct driver {
    VkCommandBuffer cmd;
    VkBuffer staging, vertices;
    spinlock lock;
    atomic_int users;
    struct list_link pending;
    struct table *cache;
};

VkDeviceSize flush_uploads(struct driver *drv)
{
    VkDeviceSize total = 0;
    unsigned planes = 0;
    atomic_fetch_add_explicit(&drv->users, 1, memory_order_relaxed);
    spin_lock(&drv->lock);
    list_each(struct upload, up, &drv->pending, link) {
        total += up->size;
        bits_each(plane, up->dirty_planes)
            planes |= 1u << plane;
    }
    table_each(drv->cache, entry)
        total += entry->data != NULL;
    spin_unlock(&drv->lock);

    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(drv->cmd, &begin);
    vkCmdFillBuffer(drv->cmd, drv->staging, 0, 4096, 0);
#ifdef WITH_BARRIER
    VkMemoryBarrier cleared = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                               .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                               .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT};
    vkCmdPipelineBarrier(drv->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &cleared, 0, NULL, 0, NULL);
#endif
    VkBufferCopy whole = {.size = 4096};
    vkCmdCopyBuffer(drv->cmd, drv->staging, drv->vertices, 1, &whole);
    vkEndCommandBuffer(drv->cmd);
    if (atomic_fetch_sub_explicit(&drv->users, 1, memory_order_release) == 1)
        atomic_thread_fence(memory_order_acquire);
    return total + planes;
}
