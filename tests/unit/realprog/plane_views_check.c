/* A video filter in GStreamer's style: a gboolean helper per plane that
   creates the plane's view and returns FALSE when the format cannot be
   sampled, and a frame function that jumps to its error label when a
   helper fails: `if (!make_plane_view (self, i)) goto error;` inside the
   plane loop.  A plane that cannot be sampled adds nothing: the caller
   leaves the loop, logs and returns.  Searched without the value the
   helper returns, the caller's continuation was the whole loop (another
   view to create) and the recording after it, so the failing way was
   replayed from the frame's start only to be dropped. */
#include <stdio.h>
#include <vulkan/vulkan.h>

typedef int gboolean;
#define TRUE 1
#define FALSE 0

typedef struct {
    VkPhysicalDevice gpu;
    VkDevice device;
    VkImage planes[4];
    VkImageView views[4];
    int n_planes;
    VkBuffer staging, output;
} VideoFilter;

void filter_log (VideoFilter * self, const char *format, ...);

static gboolean
make_plane_view (VideoFilter * self, int i)
{
  VkFormatProperties props;
  vkGetPhysicalDeviceFormatProperties (self->gpu, VK_FORMAT_R8_UNORM, &props);
  if (!(props.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT)) {
    filter_log (self, "plane %d: format cannot be sampled", i);
    return FALSE;
  }
  VkImageViewCreateInfo info = {
    .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
    .image = self->planes[i],
    .viewType = VK_IMAGE_VIEW_TYPE_2D,
    .format = VK_FORMAT_R8_UNORM,
    .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
  };
  vkCreateImageView (self->device, &info, NULL, &self->views[i]);
  return TRUE;
}

gboolean
video_filter_frame (VideoFilter * self, VkCommandBuffer cmd)
{
  VkCommandBufferBeginInfo begin = {
    .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
  };
  vkBeginCommandBuffer (cmd, &begin);
  for (int i = 0; i < self->n_planes; i++) {
    if (!make_plane_view (self, i))
      goto error;
  }
  vkCmdFillBuffer (cmd, self->staging, 0, 4096, 0);
#ifdef WITH_BARRIER
  VkMemoryBarrier barrier = {
    .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
    .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
    .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
  };
  vkCmdPipelineBarrier (cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
      VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &barrier, 0, NULL, 0, NULL);
#endif
  VkBufferCopy region = { 0, 0, 4096 };
  vkCmdCopyBuffer (cmd, self->staging, self->output, 1, &region);
  vkEndCommandBuffer (cmd);
  return TRUE;

error:
  filter_log (self, "frame not filtered");
  return FALSE;
}
