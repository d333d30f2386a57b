/*
 * mf.h - the state shared by the two files of the mf_ programs, as C
 * programs split themselves: main.c defines the one `struct mf_state mf;`,
 * owns the device and runs the frames; record.c records the passes into
 * the frame's command buffer, mf.cmd.  A user analyses them together:
 *
 *     vksync-lint main.c record.c -- -Iinclude
 *
 * The particle buffer has one slot per frame in flight; frame f uploads
 * into slot f % MF_SLOTS and snapshots that slot for the host.
 */
#ifndef MF_H
#define MF_H

#include "lite.h"

#define MF_PARTICLES 256
#define MF_SLOTS 2
#define MF_SLOT_BYTES (MF_PARTICLES * sizeof(float))

struct mf_state {
    struct lite vk;
    VkBuffer staging;           /* host-visible, one slot */
    VkBuffer particles;         /* MF_SLOTS slots */
    VkBuffer snapshot;          /* host-visible, one slot */
    float *staging_map;
    const float *snapshot_map;
    VkCommandBuffer cmd;        /* the frame being recorded */
    uint32_t frame;
};

extern struct mf_state mf;

/* record.c */
void record_upload(void);       /* staging -> this frame's slot */
void record_snapshot(void);     /* this frame's slot -> snapshot, for the host */

static inline VkDeviceSize mf_slot_offset(uint32_t frame)
{
    return (VkDeviceSize)(frame % MF_SLOTS) * MF_SLOT_BYTES;
}

#endif
