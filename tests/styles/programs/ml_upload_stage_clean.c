// EXPECT: clean
// A compute-graph executor as inference libraries write one (ml.h), its
// weights uploaded in the graph's own command buffer: ml_upload() records
// a vkCmdUpdateBuffer and enters it in the tracking table as a TRANSFER
// write.  graph_compute() builds the barrier in front of an op from the
// stages of its pending inputs' last writes, so the convolution waits for
// the upload (ml_upload_stage_raw waits for the compute stage only).
#include "ml.h"

#define N 512
#define TAPS 7

static void graph_compute(VkCommandBuffer cmd, struct ml *ml, struct ml_track *tr)
{
    for (int i = 0; i < ml->n_ops; i++) {
        const struct ml_op *op = &ml->ops[i];

        VkPipelineStageFlags written = 0;

        for (int s = 0; s < 2; s++)
            if (ml_pending(tr, op->src[s]))
                written |= tr->stage[op->src[s]];
        if (written)
            ml_barrier(cmd, tr, written, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT);
        ml_bind(cmd, ml, op);
        vkCmdDispatch(cmd, ml_groups(op), 1, 1);
        ml_wrote(tr, op->dst, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT);
    }
}

int main(void)
{
    static const float smooth[TAPS] = {0.05f, 0.1f, 0.2f, 0.3f, 0.2f, 0.1f, 0.05f};
    struct ml ml;
    struct ml_track track;

    if (ml_init(&ml, 1 << 16) != 0) {
        fprintf(stderr, "ml: no Vulkan device\n");
        return 1;
    }
    int x = ml_tensor(&ml, "x", N);
    int w = ml_tensor(&ml, "smooth.weight", TAPS);
    int hidden = ml_tensor(&ml, "hidden", N);
    int y = ml_tensor(&ml, "y", N);

    /* y = 2 * conv1d(x, smooth) */
    ml_conv1d(&ml, x, w, hidden);
    ml_scale(&ml, hidden, 2.0f, y);

    for (int i = 0; i < N; i++)
        ml_data(&ml, x)[i] = (i / 8) % 2 ? 1.0f : -1.0f;

    VkCommandBuffer cmd = ml_begin(&ml);
    ml_track_init(&track);
    ml_upload(cmd, &ml, &track, w, smooth);
    graph_compute(cmd, &ml, &track);
    ml_barrier(cmd, &track, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT);
    ml_run(&ml, cmd);
    printf("y[8] = %g\n", ml_data(&ml, y)[8]);
    return 0;
}
