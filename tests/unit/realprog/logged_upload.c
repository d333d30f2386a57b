/* An element in GStreamer's style that logs about itself between the
   frame's submission and the next upload: the logger is handed the
   element, which holds the device and the queue, and formats a message
   (`const gchar *format, ...`).  A function that formats text neither
   waits for the device nor records, so the rewrite of the mapped staging
   buffer before the fence wait is a host write racing the copy that reads
   it (host-access-before-wait), not a question left unknown behind a wait
   the analysis cannot see into.  With WITH_BARRIER the wait comes first. */
#include <stdint.h>
#include <string.h>
#include <vulkan/vulkan.h>

typedef char gchar;
typedef int gint;

typedef struct {
  VkDevice device;
  VkQueue queue;
  VkCommandBuffer cmd;
  VkFence fence;
  VkBuffer staging, texture_data;
  VkDeviceMemory staging_memory;
  void *mapped;
} UploadElement;

void upload_element_log (UploadElement * self, gint level, const gchar * format, ...);

#define FRAME_SIZE 16384

void
upload_element_push (UploadElement * self, const uint8_t * first, const uint8_t * second)
{
  VkCommandBufferBeginInfo begin = {
    .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
  };
  VkBufferCopy region = { 0, 0, FRAME_SIZE };
  VkSubmitInfo submit = {
    .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
    .commandBufferCount = 1,
    .pCommandBuffers = &self->cmd,
  };

  vkBindBufferMemory (self->device, self->staging, self->staging_memory, 0);
  vkMapMemory (self->device, self->staging_memory, 0, VK_WHOLE_SIZE, 0, &self->mapped);
  vkBeginCommandBuffer (self->cmd, &begin);
  vkCmdCopyBuffer (self->cmd, self->staging, self->texture_data, 1, &region);
  vkEndCommandBuffer (self->cmd);

  memcpy (self->mapped, first, FRAME_SIZE);
  vkQueueSubmit (self->queue, 1, &submit, self->fence);
  upload_element_log (self, 5, "submitted %d bytes", FRAME_SIZE);
#ifdef WITH_BARRIER
  vkWaitForFences (self->device, 1, &self->fence, VK_TRUE, UINT64_MAX);
  memcpy (self->mapped, second, FRAME_SIZE);
#else
  memcpy (self->mapped, second, FRAME_SIZE);
  vkWaitForFences (self->device, 1, &self->fence, VK_TRUE, UINT64_MAX);
#endif
}
