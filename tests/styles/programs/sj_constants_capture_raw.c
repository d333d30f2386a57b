// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 40
// setjmp/longjmp error handling (sj.h), libpng style: render_frame() arms
// app->on_error before it records, the helpers longjmp() back to it when a
// VkResult is not VK_SUCCESS, and the handler frees what the frame left.
// Each frame writes its constants into the device buffer with
// vkCmdUpdateBuffer and copies them into its slot of the capture buffer
// that the frame statistics are read from.  Inside the protected region
// the copy follows the update with no barrier: it reads the constants
// before the update's write is visible.
#include "sj.h"

#define FRAMES 2

struct constants {
    float time;
    float exposure;
    uint32_t frame;
    uint32_t pad;
};

struct scene {
    VkBuffer constants;         /* device: what the shaders would read */
    VkBuffer capture;           /* host-visible: one slot per frame */
    const struct constants *captured;
};

static int render_frame(struct sj_app *app, struct scene *scene, uint32_t frame)
{
    if (setjmp(app->on_error)) {
        fprintf(stderr, "frame %u: %s failed (%d)\n", frame, app->failed, app->result);
        sj_release(app);
        return -1;
    }

    struct constants c = {0.016f * (float)frame, 1.25f, frame, 0};
    VkBufferCopy slot = {0, frame * sizeof c, sizeof c};
    VkCommandBuffer cmd = sj_begin(app);

    vkCmdUpdateBuffer(cmd, scene->constants, 0, sizeof c, &c);
    vkCmdCopyBuffer(cmd, scene->constants, scene->capture, 1, &slot);
    sj_transfer_to_host(cmd);
    sj_submit(app);
    return 0;
}

int main(void)
{
    struct sj_app app;
    struct scene scene;

    if (setjmp(app.on_error)) {
        fprintf(stderr, "setup: %s failed (%d)\n", app.failed, app.result);
        return 1;
    }
    sj_init(&app);
    scene.constants = sj_buffer(&app, sizeof(struct constants),
                                VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT |
                                VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                VK_BUFFER_USAGE_TRANSFER_DST_BIT, NULL);
    scene.capture = sj_buffer(&app, FRAMES * sizeof(struct constants),
                              VK_BUFFER_USAGE_TRANSFER_DST_BIT, (void **)&scene.captured);

    for (uint32_t frame = 0; frame < FRAMES; frame++)
        if (render_frame(&app, &scene, frame) != 0)
            return 1;
    printf("frame 1: time %.3f\n", scene.captured[1].time);
    return 0;
}
