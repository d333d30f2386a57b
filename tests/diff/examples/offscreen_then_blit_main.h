/* The main shared by dynamic_rendering_bad_offscreen_then_blit.c and
 * dynamic_rendering_fixed_offscreen_then_blit.c (README.md, 'Examples'): included after
 * the example, whose types and functions it uses. */

int main(int argc, char **argv)
{
    vkrt *rt = vkrt_init(argc, argv);
    const VkFormat format = VK_FORMAT_R16G16B16A16_SFLOAT;
    Frame f = {
        .device = rt->device,
        .target = vkrt_image(rt, format, WIDTH, HEIGHT, 1, 1),
        .swapchain_image = vkrt_image(rt, format, WIDTH, HEIGHT, 1, 1),
        .pipeline = vkrt_graphics_pipeline(rt, "solid.frag", 0, NULL, VK_NULL_HANDLE, format,
                                           false).pipeline,
        .vertices = vkrt_buffer(rt, 256),
        .vertex_count = 3,
    };
    f.target_view = vkrt_image_view(rt, f.target, format, VK_IMAGE_ASPECT_COLOR_BIT);
    VkCommandBuffer cmd = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    record_frame(&f, cmd);
    vkrt_submit_wait(rt, cmd);
    return vkrt_finish(rt);
}
