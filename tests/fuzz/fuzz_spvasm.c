/*
 * fuzz_spvasm.c - libFuzzer target: bytes as SPIR-V assembly (.spvasm) ->
 * assembled by SPIRV-Tools -> the same pass as .spv (fuzz_spirv_module.c).
 * The text need not be NUL-terminated: the pass gets a size.
 */
#include "fuzz_spirv_module.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_spirv_module(data, size, true);
    return 0;
}
