/* The main of renderpass_{bad,fixed}_gbuffer_input_attachment.c (README.md,
 * 'Examples'): included after the example, whose types and functions it
 * uses.  The images are the runtime's (memory bound; the example's
 * create_targets is not called); the example creates the render pass and
 * the framebuffer.  Both pipelines draw a full-screen triangle with
 * solid.frag: the example binds no descriptor set, so the lighting shader
 * cannot read the input attachment (the layer sees the attachment accesses,
 * layout transitions and the copy). */

int main(int argc, char **argv)
{
    vkrt *rt = vkrt_init(argc, argv);
    const VkFormat format = VK_FORMAT_R8G8B8A8_UNORM;
    Deferred d = {
        .device = rt->device,
        .albedo = vkrt_image(rt, format, WIDTH, HEIGHT, 1, 1),
        .lit = vkrt_image(rt, format, WIDTH, HEIGHT, 1, 1),
        .thumbnail = vkrt_buffer(rt, WIDTH * HEIGHT * 4),
        .vertices = vkrt_buffer(rt, 256),
        .indices = vkrt_buffer(rt, 3 * sizeof(uint32_t)),
        .index_count = 3,
    };
    d.albedo_view = vkrt_image_view(rt, d.albedo, format, VK_IMAGE_ASPECT_COLOR_BIT);
    d.lit_view = vkrt_image_view(rt, d.lit, format, VK_IMAGE_ASPECT_COLOR_BIT);
    create_render_pass(&d);
    d.geometry_pipeline =
        vkrt_subpass_pipeline(rt, "solid.frag", 0, NULL, d.pass, 0, format, false).pipeline;
    d.lighting_pipeline =
        vkrt_subpass_pipeline(rt, "solid.frag", 0, NULL, d.pass, 1, format, false).pipeline;
    uint32_t *indices = vkrt_buffer_map(rt, d.indices);
    indices[0] = 0, indices[1] = 1, indices[2] = 2;
    VkCommandBuffer cmd = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    record_frame(&d, cmd);
    vkrt_submit_wait(rt, cmd);
    return vkrt_finish(rt);
}
