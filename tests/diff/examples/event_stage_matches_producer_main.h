/* The main shared by events_bad_event_stage_matches_producer.c and
 * events_fixed_event_stage_matches_producer.c (README.md, 'Examples'): included after
 * the example, whose types and functions it uses. */

int main(int argc, char **argv)
{
    vkrt *rt = vkrt_init(argc, argv);
    Particles p = {
        .args_template = vkrt_buffer(rt, PARTICLE_ARGS_BYTES),
        .args = vkrt_buffer(rt, PARTICLE_ARGS_BYTES),
        .histogram = vkrt_buffer(rt, 4096),
        .args_ready = vkrt_event(rt),
        .simulate = vkrt_compute_pipeline(rt, "idle.comp", 0, NULL).pipeline,
    };
    VkDispatchIndirectCommand *args = vkrt_buffer_map(rt, p.args_template);
    *args = (VkDispatchIndirectCommand){1, 1, 1};
    VkCommandBuffer cmd = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    record_particles(&p, cmd);
    vkrt_submit_wait(rt, cmd);
    return vkrt_finish(rt);
}
