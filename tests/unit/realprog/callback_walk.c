/* A frame loop in a toolkit's idiom: after submitting the upload it walks
   its list of pending items with the container library's foreach, handing
   it a callback of its own that only counts them, then refills the mapped
   staging buffer - before waiting for the fence, while the copy may still
   read it (host-access-before-wait).  The library is handed a function
   pointer: a callback it may make now.  What the callback can reach is
   its parameters and its body, neither of which leads to the device, so
   the foreach cannot wait for the copy; taken as a possible wait, the
   race was a question left unknown.  With WITH_BARRIER the fence wait
   comes before the refill.  The container library is declared here as its
   header declares it. */
#include <stdint.h>
#include <string.h>
#include <vulkan/vulkan.h>

typedef struct item_list item_list;
typedef void (*item_func)(void *item, void *user_data);
extern void item_list_foreach(item_list *list, item_func func, void *user_data);

#define UPLOAD_BYTES 8192

struct uploader {
    VkDevice device;
    VkQueue queue;
    VkCommandBuffer cmd;
    VkFence done;
    VkBuffer staging;
    VkBuffer vertices;
    VkDeviceMemory staging_memory;
    item_list *pending;
};

static void count_item(void *item, void *user_data)
{
    unsigned *count = user_data;
    if (item)
        (*count)++;
}

static void record(struct uploader *u)
{
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(u->cmd, &begin);
    VkBufferCopy all = {.size = UPLOAD_BYTES};
    vkCmdCopyBuffer(u->cmd, u->staging, u->vertices, 1, &all);
    vkEndCommandBuffer(u->cmd);
}

unsigned uploader_frame(struct uploader *u, const uint8_t first[UPLOAD_BYTES],
                        const uint8_t second[UPLOAD_BYTES])
{
    void *mapped;
    vkBindBufferMemory(u->device, u->staging, u->staging_memory, 0);
    vkMapMemory(u->device, u->staging_memory, 0, VK_WHOLE_SIZE, 0, &mapped);
    memcpy(mapped, first, UPLOAD_BYTES);
    record(u);
    VkSubmitInfo submit = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                           .commandBufferCount = 1,
                           .pCommandBuffers = &u->cmd};
    vkQueueSubmit(u->queue, 1, &submit, u->done);

    unsigned pending = 0;
    item_list_foreach(u->pending, count_item, &pending);
#ifdef WITH_BARRIER
    vkWaitForFences(u->device, 1, &u->done, VK_TRUE, UINT64_MAX);
    memcpy(mapped, second, UPLOAD_BYTES);
#else
    memcpy(mapped, second, UPLOAD_BYTES);
    vkWaitForFences(u->device, 1, &u->done, VK_TRUE, UINT64_MAX);
#endif
    return pending;
}
