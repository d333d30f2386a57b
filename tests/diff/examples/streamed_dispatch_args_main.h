/* The main shared by secondary_bad_streamed_dispatch_args.c and
 * secondary_fixed_streamed_dispatch_args.c (README.md, 'Examples'): included after
 * the example, whose types and functions it uses. */

int main(int argc, char **argv)
{
    vkrt *rt = vkrt_init(argc, argv);
    Streamer s = {
        .device = rt->device,
        .staging = vkrt_buffer(rt, ARGS_BYTES),
        .dispatch_args = vkrt_buffer(rt, ARGS_BYTES),
        .uploads = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_SECONDARY),
        .cull_pipeline = vkrt_compute_pipeline(rt, "idle.comp", 0, NULL).pipeline,
    };
    VkDispatchIndirectCommand *args = vkrt_buffer_map(rt, s.staging);
    *args = (VkDispatchIndirectCommand){1, 1, 1};
    VkCommandBuffer cmd = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    record_uploads(&s);
    record_frame(&s, cmd);
    vkrt_submit_wait(rt, cmd);
    return vkrt_finish(rt);
}
