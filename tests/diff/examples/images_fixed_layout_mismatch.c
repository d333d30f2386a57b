// EXPECT: clean
// examples/images/fixed_layout_mismatch.c run for real (README.md,
// 'Examples').  (Its bad twin is not run: a wrong oldLayout is invalid
// Vulkan, which the layer reports as a VUID, not a hazard.)
#include "vkrt.h"
#include "../../../examples/images/fixed_layout_mismatch.c"

int main(int argc, char **argv)
{
    vkrt *rt = vkrt_init(argc, argv);
    VkBuffer staging = vkrt_buffer(rt, 256 * 256 * 4);
    VkImage texture = vkrt_image(rt, VK_FORMAT_R8G8B8A8_UNORM, 256, 256, 1, 1);
    VkCommandBuffer cmd = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    record_texture_upload(cmd, staging, texture);
    vkrt_submit_wait(rt, cmd);
    return vkrt_finish(rt);
}
