/* fuzz_spirv_module.h - shared body of fuzz_spirv.c and fuzz_spvasm.c. */
#ifndef VKSYNC_FUZZ_SPIRV_MODULE_H
#define VKSYNC_FUZZ_SPIRV_MODULE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

void fuzz_spirv_module(const uint8_t *data, size_t size, bool is_text);

#endif
