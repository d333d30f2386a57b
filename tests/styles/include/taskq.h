/*
 * taskq.h - a fixed ring of tasks, as a job system's single-threaded
 * fallback writes one.
 *
 * The frame code pushes tasks (what to do and on what) and a worker pops
 * them in order and records each into the command buffer:
 *
 *     static struct taskq q;                      // zeroed: empty
 *     taskq_push(&q, (struct task){.kind = TASK_FILL, .dst = buf, ...});
 *     ...
 *     struct task *t;
 *     while ((t = taskq_pop(&q)) != NULL)
 *         execute(t, cmd);                       // the program's switch
 *
 * The ring holds TASKQ_CAP - 1 tasks (one slot stays empty to tell a full
 * ring from an empty one); head and tail run modulo TASKQ_CAP, a power of
 * two, so `& TASKQ_MASK` wraps them.  A push to a full ring fails.
 */
#ifndef TASKQ_H
#define TASKQ_H

#include "lite.h"

#define TASKQ_CAP 8u
#define TASKQ_MASK (TASKQ_CAP - 1u)

enum task_kind {
    TASK_NONE,
    TASK_FILL,        /* dst, dst_offset, size, value */
    TASK_COPY,        /* src, src_offset -> dst, dst_offset, size */
    TASK_BARRIER,     /* src_stage/src_access -> dst_stage/dst_access, global */
    TASK_CLEAR_IMAGE, /* image, colour, in GENERAL */
    TASK_TRANSITION,  /* image, old_layout -> new_layout, stages and accesses */
    TASK_IMAGE_TO_BUFFER, /* image (TRANSFER_SRC_OPTIMAL) -> dst */
};

struct task {
    enum task_kind kind;
    VkBuffer src, dst;
    VkImage image;
    VkDeviceSize src_offset, dst_offset, size;
    uint32_t value;
    float colour[4];
    VkImageLayout old_layout, new_layout;
    VkPipelineStageFlags src_stage, dst_stage;
    VkAccessFlags src_access, dst_access;
    unsigned id; /* set by taskq_push: the task's number since start */
};

struct taskq {
    struct task ring[TASKQ_CAP];
    unsigned head; /* next to pop */
    unsigned tail; /* next free */
    unsigned pushed;
};

static inline int taskq_full(const struct taskq *q)
{
    return ((q->tail + 1u) & TASKQ_MASK) == q->head;
}

static inline int taskq_empty(const struct taskq *q)
{
    return q->head == q->tail;
}

/* Copies the task into the ring; 0, or -1 when the ring is full. */
static inline int taskq_push(struct taskq *q, struct task t)
{
    if (taskq_full(q)) {
        fprintf(stderr, "taskq: ring full, task %d dropped\n", (int)t.kind);
        return -1;
    }
    t.id = q->pushed++;
    q->ring[q->tail] = t;
    q->tail = (q->tail + 1u) & TASKQ_MASK;
    return 0;
}

/* The oldest task, or NULL: valid until it is pushed over. */
static inline struct task *taskq_pop(struct taskq *q)
{
    if (taskq_empty(q))
        return NULL;
    struct task *t = &q->ring[q->head];
    q->head = (q->head + 1u) & TASKQ_MASK;
    return t;
}

static inline unsigned taskq_count(const struct taskq *q)
{
    return (q->tail - q->head) & TASKQ_MASK;
}

#endif
