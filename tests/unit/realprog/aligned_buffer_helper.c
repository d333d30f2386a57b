/* A buffer helper in the style of GStreamer's gst_vulkan_buffer_memory_alloc:
   the memory requirements are checked before anything is bound, and a
   failure goes to a label that cleans up and returns NULL.  The caller
   falls back to clearing the target when it gets no scratch buffer. */
#include <stdio.h>
#include <stdlib.h>
#include <vulkan/vulkan.h>

typedef struct
{
  VkBuffer buffer;
  VkMemoryRequirements requirements;
  VkDeviceSize align;
} ScratchMemory;

static ScratchMemory *
scratch_memory_alloc (VkDevice device, VkDeviceSize size)
{
  ScratchMemory *mem = NULL;
  VkBuffer buffer = VK_NULL_HANDLE;
  VkBufferCreateInfo info = {
    .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
    .size = size,
    .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
  };

  if (vkCreateBuffer (device, &info, NULL, &buffer) != VK_SUCCESS)
    goto error;

  mem = calloc (1, sizeof *mem);
  vkGetBufferMemoryRequirements (device, buffer, &mem->requirements);
  if ((mem->requirements.alignment & (mem->requirements.alignment - 1)) != 0) {
    fprintf (stderr, "non-power-of-two memory alignment\n");
    goto error;
  }
  if (mem->requirements.memoryTypeBits == 0) {
    fprintf (stderr, "no memory type\n");
    goto error;
  }
  mem->align = mem->requirements.alignment - 1;
  mem->buffer = buffer;
  return mem;

error:
  if (buffer)
    vkDestroyBuffer (device, buffer, NULL);
  free (mem);
  return NULL;
}

void
scratch_resolve (VkDevice device, VkCommandBuffer cmd, VkBuffer target)
{
  ScratchMemory *scratch = scratch_memory_alloc (device, 4096);
  if (scratch == NULL) {
    vkCmdFillBuffer (cmd, target, 0, VK_WHOLE_SIZE, 0);
    return;
  }
  vkCmdFillBuffer (cmd, scratch->buffer, 0, 4096, 0x3f800000);
#ifdef WITH_BARRIER
  VkMemoryBarrier barrier = {
    .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
    .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
    .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
  };
  vkCmdPipelineBarrier (cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
      0, 1, &barrier, 0, NULL, 0, NULL);
#endif
  VkBufferCopy region = { 0, 0, 4096 };
  vkCmdCopyBuffer (cmd, scratch->buffer, target, 1, &region);
}
