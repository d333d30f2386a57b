/*
 * fuzz_spirv.c - libFuzzer target: bytes as a SPIR-V binary -> the SPIR-V
 * reader and access summarizer (see fuzz_spirv_module.c).  The seed corpus
 * is compiled compute shaders, so mutations start from real modules.
 */
#include "fuzz_spirv_module.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_spirv_module(data, size, false);
    return 0;
}
