/* The main shared by images_bad_mip_chain_upload.c and
 * images_fixed_mip_chain_upload.c (README.md, 'Examples'): included after
 * the example, whose types and functions it uses. */

int main(int argc, char **argv)
{
    vkrt *rt = vkrt_init(argc, argv);
    Texture t = {
        .device = rt->device,
        .texture = vkrt_image(rt, VK_FORMAT_R8G8B8A8_UNORM, TEXTURE_SIZE, TEXTURE_SIZE,
                              MIP_LEVELS, 1),
        .staging = vkrt_buffer(rt, TEXTURE_SIZE * TEXTURE_SIZE * 4),
    };
    VkCommandBuffer cmd = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    record_texture_upload(&t, cmd);
    vkrt_submit_wait(rt, cmd);
    return vkrt_finish(rt);
}
