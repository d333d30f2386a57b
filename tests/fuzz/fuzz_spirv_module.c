/*
 * fuzz_spirv_module.c - the body of the two SPIR-V fuzz targets: bytes ->
 * vks_analyze_spirv_memory (SPIRV-Tools' parser and validator, the access
 * summary, the memory-model lint) -> the summary's printed form and the
 * findings' text and SARIF reports, in memory.
 *
 * Oracles besides the sanitizers: the pass keeps its contract (0 with a
 * summary, or 2 with a one-line error naming the module; nothing else), and
 * the SARIF log of its findings is strict JSON.
 */
#include "fuzz_spirv_module.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "vksync/spirv.h"

static void contract_broken(const char *what, const char *error)
{
    fprintf(stderr, "fuzz: the SPIR-V pass broke its contract: %s (%s)\n", what,
            error ? error : "no error");
    __builtin_trap();
}

void fuzz_spirv_module(const uint8_t *data, size_t size, bool is_text)
{
    static const char name[] = "fuzz/module.spv";
    vks_arena *arena = vks_arena_new();
    vks_findings findings = {.arena = arena};
    vks_shader_summary *summary = NULL;
    const char *error = NULL;
    /* --workgroups=1 skips the Workgroup-versus-Device cases; odd sizes
       take that branch, even ones assume any number of workgroups. */
    vks_spirv_options options = {.workgroups = size & 1};
    int status = vks_analyze_spirv_memory(name, data, size, is_text, &options,
                                          arena, &summary, &findings, &error);
    if (status == 0) {
        if (!summary)
            contract_broken("status 0 without a summary", error);
        char *text = NULL;
        size_t text_size = 0;
        FILE *out = open_memstream(&text, &text_size);
        if (out) {
            vks_shader_summary_print(summary, out);
            fclose(out);
        }
        free(text);
    } else if (status == 2) {
        if (!error || strncmp(error, name, strlen(name)) != 0)
            contract_broken("status 2 without an error naming the module", error);
        if (strchr(error, '\n'))
            contract_broken("the error is more than one line", error);
    } else {
        contract_broken("a status other than 0 and 2", error);
    }

    vks_stats stats = {0};
    vks_report_options report;
    vks_report_options_init(&report);
    const char *inputs[] = {name};
    report.inputs = inputs;
    report.input_count = 1;
    fuzz_report(&findings, &stats, &report);
    vks_arena_free(arena);
}
