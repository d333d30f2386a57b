/*
 * passcb.h - a frame as an array of pass callbacks, each with its user
 * data behind a `void *`:
 *
 *     struct frame frame;
 *     frame_init(&frame);
 *     frame_add(&frame, "upload", record_upload, &upload);
 *     frame_add(&frame, "readback", record_readback, &readback);
 *     frame.between = my_barrier;  frame.between_user = &sync;  // optional
 *     frame_record(&frame, cmd);
 *
 * frame_record() calls the passes in the order they were added; when the
 * frame has a `between` callback it is called between two passes (and
 * never before the first), which is where an application that does not
 * track its resources puts a barrier.  A pass may also be a barrier of its
 * own, registered like any other.
 */
#ifndef PASSCB_H
#define PASSCB_H

#include "lite.h"

#define FRAME_MAX_PASSES 16

struct pass {
    void (*record)(VkCommandBuffer cmd, void *user);
    void *user;
    const char *name;
};

struct frame {
    struct pass passes[FRAME_MAX_PASSES];
    unsigned count;
    void (*between)(VkCommandBuffer cmd, void *user);
    void *between_user;
};

static void frame_init(struct frame *frame)
{
    memset(frame, 0, sizeof *frame);
}

static void frame_add(struct frame *frame, const char *name,
                      void (*record)(VkCommandBuffer, void *), void *user)
{
    if (frame->count == FRAME_MAX_PASSES) {
        fprintf(stderr, "frame_add: too many passes, %s dropped\n", name);
        return;
    }
    frame->passes[frame->count].record = record;
    frame->passes[frame->count].user = user;
    frame->passes[frame->count].name = name;
    frame->count++;
}

static void frame_record(struct frame *frame, VkCommandBuffer cmd)
{
    for (unsigned i = 0; i < frame->count; i++) {
        struct pass *pass = &frame->passes[i];

        if (i > 0 && frame->between)
            frame->between(cmd, frame->between_user);
        pass->record(cmd, pass->user);
    }
}

#endif
