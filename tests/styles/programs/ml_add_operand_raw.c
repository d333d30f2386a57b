// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 25
// A compute-graph executor as inference libraries write one (ml.h): tensors
// are ranges of one arena buffer, ops a topologically sorted array of
// kernel dispatches, and graph_compute() puts a barrier in front of an op
// whose input was written since the last barrier, from the tracking
// table's last writer of each tensor.  It looks at the first operand only,
// the activation: the second is taken for a weight, which no op writes.
// The residual add at the end breaks that rule: its second operand is the
// convolution's output, written by the op just before it, and the add
// reads it with no barrier in between.
#include "ml.h"

#define N 256
#define TAPS 5

static void graph_compute(VkCommandBuffer cmd, struct ml *ml, struct ml_track *tr)
{
    for (int i = 0; i < ml->n_ops; i++) {
        const struct ml_op *op = &ml->ops[i];
        int act = op->src[0];   /* src[1] is the op's weight */

        if (ml_pending(tr, act))
            ml_barrier(cmd, tr, tr->stage[act], VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT);
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
    int w = ml_tensor(&ml, "conv.weight", TAPS);
    int ping = ml_tensor(&ml, "ping", N);
    int pong = ml_tensor(&ml, "pong", N);
    int y = ml_tensor(&ml, "y", N);

    /* y = x + conv1d(0.5 * x, w) */
    ml_scale(&ml, x, 0.5f, ping);
    ml_conv1d(&ml, ping, w, pong);
    ml_add(&ml, x, pong, y);

    for (int i = 0; i < N; i++)
        ml_data(&ml, x)[i] = (float)(i % 17);
    for (int k = 0; k < TAPS; k++)
        ml_data(&ml, w)[k] = 1.0f / TAPS;

    VkCommandBuffer cmd = ml_begin(&ml);
    ml_track_init(&track);
    graph_compute(cmd, &ml, &track);
    ml_barrier(cmd, &track, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT);
    ml_run(&ml, cmd);
    printf("y[3] = %g\n", ml_data(&ml, y)[3]);
    return 0;
}
