/*
 * spirv.c - the SPIR-V pass as a list of calls: load (checked), validate
 * (a note when spirv-val rejects the module; it is analysed anyway), build
 * control flow, trace pointers and variance, reflect descriptors, lint.
 *
 * Only spirv/ includes SPIRV-Tools and SPIRV-Cross (docs/design.md,
 * "Foreign types stay in their folder").
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vksync/file.h"

#include "module.h"

static bool has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

int vks_analyze_spirv_memory(const char *name, const void *data, size_t size,
                             bool is_text, const vks_spirv_options *options,
                             vks_arena *arena, vks_shader_summary **out,
                             vks_findings *findings, const char **error)
{
    static const vks_spirv_options defaults = {0};
    if (!options)
        options = &defaults;
    spv_module m = {.arena = arena};
    *out = NULL;
    if (spv_module_load(&m, name, data, size, is_text, error))
        return 2;
    uint32_t where;
    const char *invalid = spv_module_validate(&m, &where);
    spv_build_functions(&m);
    spv_compute_roots(&m);
    spv_compute_variance(&m);
    vks_shader_summary *summary = spv_reflect(&m);
    summary->valid = invalid == NULL;
    if (invalid && findings) {
        /* Decision: a module spirv-val rejects is still analysed (drivers and
           tools often see such modules, e.g. hand-written ones); the user is
           told once, as a note, and nothing is called proved because of it. */
        vks_loc loc = where != NO_INDEX ? m.insts[where].loc
                                        : (vks_loc){.file = m.path, .line = 1, .col = 1};
        vks_finding_add(findings, VKS_RULE_SHADER_MODULE_INVALID, NULL, loc,
                        vks_arena_printf(arena,
                                         "module does not pass spirv-val (Vulkan 1.3 rules): %s; analysed as it is",
                                         invalid));
    }
    if (findings)
        spv_lint(&m, summary, options, findings);
    *out = summary;
    return 0;
}

int vks_analyze_spirv_file(const char *path, const vks_spirv_options *options,
                           vks_arena *arena, vks_shader_summary **out,
                           vks_findings *findings, const char **error)
{
    *out = NULL;
    char *data;
    size_t size;
    switch (vks_read_file(path, &data, &size)) {
    case VKS_READ_OK:
        break;
    case VKS_READ_CANNOT_OPEN:
        *error = vks_arena_printf(arena, "%s: cannot open: %s", path, strerror(errno));
        return 2;
    case VKS_READ_NO_MEMORY:
        *error = vks_arena_printf(arena, "%s: out of memory reading the file", path);
        return 2;
    case VKS_READ_FAILED:
        *error = vks_arena_printf(arena, "%s: cannot read: %s", path, strerror(errno));
        return 2;
    }
    int status = vks_analyze_spirv_memory(path, data, size, has_suffix(path, ".spvasm"),
                                          options, arena, out, findings, error);
    free(data);
    return status;
}
