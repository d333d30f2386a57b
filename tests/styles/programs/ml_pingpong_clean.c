// EXPECT: clean
// A compute-graph executor as inference libraries write one (ml.h), with
// two ping-pong buffers for the intermediate tensors: each op writes the
// one its input is not in.  graph_compute() orders an op after the writes
// of its inputs, and after the reads of its output since the last barrier:
// the second branch's scale, which writes "ping" again, waits for the
// first branch's scale to finish reading it (ml_pingpong_war keeps no
// readers).
#include "ml.h"

#define N 256
#define TAPS 3

static void graph_compute(VkCommandBuffer cmd, struct ml *ml, struct ml_track *tr)
{
    for (int i = 0; i < ml->n_ops; i++) {
        const struct ml_op *op = &ml->ops[i];
        VkPipelineStageFlags written = 0;

        for (int s = 0; s < 2; s++)
            if (ml_pending(tr, op->src[s]))
                written |= tr->stage[op->src[s]];
        if (ml_reading(tr, op->dst))
            written |= VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT;
        if (written)
            ml_barrier(cmd, tr, written, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT);
        ml_reads(tr, op);
        ml_bind(cmd, ml, op);
        vkCmdDispatch(cmd, ml_groups(op), 1, 1);
        ml_wrote(tr, op->dst, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT);
    }
}

int main(void)
{
    struct ml ml;
    struct ml_track track;

    if (ml_init(&ml, 1 << 16) != 0) {
        fprintf(stderr, "ml: no Vulkan device\n");
        return 1;
    }
    int x = ml_tensor(&ml, "x", N);
    int w = ml_tensor(&ml, "edge.weight", TAPS);
    int y = ml_tensor(&ml, "y", N);
    int buf[2] = {ml_tensor(&ml, "ping", N), ml_tensor(&ml, "pong", N)};

    /* y = 0.5 * conv1d(x, edge) + 2 * x */
    ml_conv1d(&ml, x, w, buf[0]);
    ml_scale(&ml, buf[0], 0.5f, buf[1]);
    ml_scale(&ml, x, 2.0f, buf[0]);
    ml_add(&ml, buf[1], buf[0], y);

    for (int i = 0; i < N; i++)
        ml_data(&ml, x)[i] = (float)(i * i % 13);
    ml_data(&ml, w)[0] = -1.0f;
    ml_data(&ml, w)[1] = 0.0f;
    ml_data(&ml, w)[2] = 1.0f;

    VkCommandBuffer cmd = ml_begin(&ml);
    ml_track_init(&track);
    graph_compute(cmd, &ml, &track);
    ml_barrier(cmd, &track, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT);
    ml_run(&ml, cmd);
    printf("y[5] = %g\n", ml_data(&ml, y)[5]);
    return 0;
}
