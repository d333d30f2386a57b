/*
 * vk_tables.h - the Vulkan facts the engine needs, as data (docs/design.md,
 * "Tables").
 *
 * The tables themselves are in engine/vk_tables.c, each row next to the
 * section of the Vulkan spec's "Synchronization and Cache Control" chapter
 * it encodes: stage names and logical
 * order per pipeline, meta-stage and meta-access expansion, which accesses
 * write.
 */
#ifndef VKSYNC_VK_TABLES_H
#define VKSYNC_VK_TABLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* "COPY", "TRANSFER_WRITE": the short spelling used in messages. */
const char *vks_stage_name(uint64_t single_stage_bit);
const char *vks_access_name(uint64_t single_access_bit);
const char *vks_layout_name(uint32_t layout);
/* "COPY|CLEAR" into buf (for messages); returns buf. */
char *vks_stage_mask_str(uint64_t mask, char *buf, size_t size);
char *vks_access_mask_str(uint64_t mask, char *buf, size_t size);

/* Meta flags (ALL_COMMANDS, ALL_GRAPHICS, ALL_TRANSFER, VERTEX_INPUT,
   PRE_RASTERIZATION_SHADERS) replaced by the single stages they mean. */
uint64_t vks_expand_stages(uint64_t mask);
/* Meta accesses (SHADER_READ, SHADER_WRITE, MEMORY_READ, MEMORY_WRITE)
   replaced by the single accesses they mean. */
uint64_t vks_expand_access(uint64_t mask);

/* First synchronization scope of a source stage mask: the expanded stages
   and every logically earlier stage.  Second scope of a destination mask:
   expanded stages and every logically later stage. */
uint64_t vks_first_scope_stages(uint64_t src_stage_mask);
uint64_t vks_second_scope_stages(uint64_t dst_stage_mask);

bool vks_access_is_write(uint64_t single_access_bit);

#endif
