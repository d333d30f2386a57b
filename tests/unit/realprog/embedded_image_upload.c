/* An image compiled into the program as a byte array (xxd -i, or vkcube's
   lunarg.ppm.h), too large to be held value by value: its PPM header is
   parsed at start-up, then its pixels are copied into mapped staging
   memory and uploaded when they loaded.  The loader is asked twice, the
   way vkcube asks: a size query with no destination, then the load into
   the mapping.  The header is the program's own: one path, on which the
   upload is recorded and read back with no barrier (RAW). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan.h>

#define PX4 0x80, 0x40, 0x20, 0xff
#define PX16 PX4, PX4, PX4, PX4
#define PX64 PX16, PX16, PX16, PX16
#define PX256 PX64, PX64, PX64, PX64
#define ROW PX256, PX256

static unsigned char logo_ppm[] = {
    'P', '6', '\n', '6', '4', ' ', '3', '2', '\n', '2', '5', '5', '\n',
    ROW, ROW, ROW, ROW, ROW, ROW, ROW, ROW, ROW, ROW, ROW, ROW
};
static unsigned int logo_ppm_len = sizeof logo_ppm;

static int
load_logo (unsigned char *dst, int *width, int *height)
{
  const char *p = (const char *) logo_ppm;
  if ((const unsigned char *) p >= logo_ppm + logo_ppm_len || strncmp (p, "P6\n", 3))
    return 0;
  while (strncmp (p++, "\n", 1))
    ;
  sscanf (p, "%d %d", width, height);
  if (dst == NULL)
    return 2; /* the size only */
  while (strncmp (p++, "\n", 1))
    ;
  if (strncmp (p, "255\n", 4))
    return 0;
  memcpy (dst, p + 4, 64);
  return 1;
}

int
main (void)
{
  VkInstanceCreateInfo ici = { VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO };
  VkInstance instance;
  if (vkCreateInstance (&ici, NULL, &instance) != VK_SUCCESS)
    return 1;
  uint32_t count = 1;
  VkPhysicalDevice gpu;
  vkEnumeratePhysicalDevices (instance, &count, &gpu);
  float priority = 1.0f;
  VkDeviceQueueCreateInfo qci = { VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO, NULL, 0, 0, 1, &priority };
  VkDeviceCreateInfo dci = { VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, NULL, 0, 1, &qci };
  VkDevice device;
  if (vkCreateDevice (gpu, &dci, NULL, &device) != VK_SUCCESS)
    return 1;
  VkQueue queue;
  vkGetDeviceQueue (device, 0, 0, &queue);

  int width, height;
  if (load_logo (NULL, &width, &height) != 2)
    {
      fprintf (stderr, "logo: not a PPM\n");
      return 1;
    }

  VkBufferCreateInfo bci = { VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO };
  bci.size = 65536;
  bci.usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  VkBuffer staging, pixels, readback;
  vkCreateBuffer (device, &bci, NULL, &staging);
  vkCreateBuffer (device, &bci, NULL, &pixels);
  vkCreateBuffer (device, &bci, NULL, &readback);
  VkMemoryAllocateInfo mai = { VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, NULL, 196608, 0 };
  VkDeviceMemory memory;
  vkAllocateMemory (device, &mai, NULL, &memory);
  vkBindBufferMemory (device, staging, memory, 0);
  vkBindBufferMemory (device, pixels, memory, 65536);
  vkBindBufferMemory (device, readback, memory, 131072);
  void *mapped;
  vkMapMemory (device, memory, 0, 65536, 0, &mapped);
  int loaded = load_logo (mapped, &width, &height) == 1;
  if (!loaded)
    fprintf (stderr, "logo: bad maximum value\n");
  vkUnmapMemory (device, memory);

  VkCommandPoolCreateInfo pci = { VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO };
  VkCommandPool pool;
  vkCreateCommandPool (device, &pci, NULL, &pool);
  VkCommandBufferAllocateInfo cai = { VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, NULL, pool,
                                      VK_COMMAND_BUFFER_LEVEL_PRIMARY, 1 };
  VkCommandBuffer cmd;
  vkAllocateCommandBuffers (device, &cai, &cmd);
  VkCommandBufferBeginInfo begin = { VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO };
  vkBeginCommandBuffer (cmd, &begin);
  VkBufferCopy region = { 0, 0, 65536 };
  if (loaded)
    vkCmdCopyBuffer (cmd, staging, pixels, 1, &region);
#ifdef WITH_BARRIER
  VkMemoryBarrier mb = { VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, VK_ACCESS_TRANSFER_WRITE_BIT,
                         VK_ACCESS_TRANSFER_READ_BIT };
  vkCmdPipelineBarrier (cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb,
                        0, NULL, 0, NULL);
#endif
  vkCmdCopyBuffer (cmd, pixels, readback, 1, &region);
  vkEndCommandBuffer (cmd);
  VkSubmitInfo submit = { VK_STRUCTURE_TYPE_SUBMIT_INFO };
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &cmd;
  vkQueueSubmit (queue, 1, &submit, VK_NULL_HANDLE);
  vkQueueWaitIdle (queue);
  return 0;
}
