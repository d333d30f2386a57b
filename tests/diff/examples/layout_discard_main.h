/* The main shared by images_bad_layout_discard.c and
 * images_fixed_layout_discard.c (README.md, 'Examples'): included after
 * the example, whose types and functions it uses. */

int main(int argc, char **argv)
{
    vkrt *rt = vkrt_init(argc, argv);
    VkBuffer staging = vkrt_buffer(rt, LUT_SIZE * LUT_SIZE * 4);
    VkImage lut = vkrt_image(rt, VK_FORMAT_R8G8B8A8_UNORM, LUT_SIZE, LUT_SIZE, 1, 1);
    VkBuffer checksum_input = vkrt_buffer(rt, LUT_SIZE * LUT_SIZE * 4);
    VkCommandBuffer cmd = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    record_lut_roundtrip(cmd, staging, lut, checksum_input);
    vkrt_submit_wait(rt, cmd);
    return vkrt_finish(rt);
}
