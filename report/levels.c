/*
 * levels.c - which findings are printed and at what level: --checks and
 * --warnings-as-errors, with clang-tidy's glob syntax (docs/conventions.md,
 * "clang-tidy").  Shared by both reporters and by main's exit status, so
 * the printed output and the exit status can never disagree.
 */
#include "vksync/report.h"

#include <string.h>

void vks_report_options_init(vks_report_options *options)
{
    *options = (vks_report_options){.execution_successful = true};
    for (int r = 0; r < VKS_RULE_COUNT; r++)
        options->enabled[r] = true;
}

/* '*' matches any run of characters (clang-tidy's GlobList). */
bool vks_glob_matches(const char *glob, size_t glob_len, const char *text)
{
    if (glob_len == 0)
        return *text == '\0';
    if (*glob == '*') {
        for (const char *t = text;; t++) {
            if (vks_glob_matches(glob + 1, glob_len - 1, t))
                return true;
            if (*t == '\0')
                return false;
        }
    }
    return *text == *glob && vks_glob_matches(glob + 1, glob_len - 1, text + 1);
}

static bool is_rule_id_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9') || c == '-' || c == '*' || c == '_' ||
           c == '.';
}

bool vks_apply_rule_globs(bool flags[VKS_RULE_COUNT], const char *globs,
                          const char **bad_glob)
{
    static char bad[128];
    const char *p = globs;
    for (;;) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        const char *g = p;
        while (len && (*g == ' ' || *g == '\t' || *g == '\n')) {
            g++;
            len--;
        }
        while (len && (g[len - 1] == ' ' || g[len - 1] == '\t' ||
                       g[len - 1] == '\n'))
            len--;
        bool value = true;
        if (len && *g == '-') {
            value = false;
            g++;
            len--;
        }
        bool valid = len > 0;
        for (size_t i = 0; i < len; i++)
            valid = valid && is_rule_id_char(g[i]);
        /* clang-tidy tolerates a trailing comma ("a,b,") and an empty list. */
        bool trailing_empty = len == 0 && value && end == NULL;
        if (!valid && !trailing_empty) {
            size_t n = (end ? (size_t)(end - p) : strlen(p));
            if (n >= sizeof bad)
                n = sizeof bad - 1;
            memcpy(bad, p, n);
            bad[n] = '\0';
            *bad_glob = bad;
            return false;
        }
        for (int r = 0; r < VKS_RULE_COUNT && len; r++)
            if (vks_glob_matches(g, len, vks_rule_get((vks_rule)r)->id))
                flags[r] = value;
        if (!end)
            return true;
        p = end + 1;
    }
}

bool vks_report_shows(const vks_finding *finding,
                      const vks_report_options *options)
{
    return finding->rule < VKS_RULE_COUNT && options->enabled[finding->rule] &&
           !finding->suppressed;
}

vks_level vks_report_level(const vks_finding *finding,
                           const vks_report_options *options)
{
    if (options->as_error[finding->rule])
        return VKS_LEVEL_ERROR;
    return vks_rule_get(finding->rule)->level;
}

bool vks_report_promoted(const vks_finding *finding,
                         const vks_report_options *options)
{
    return options->as_error[finding->rule] &&
           vks_rule_get(finding->rule)->level != VKS_LEVEL_ERROR;
}

const char *vks_level_name(vks_level level)
{
    switch (level) {
    case VKS_LEVEL_ERROR: return "error";
    case VKS_LEVEL_WARNING: return "warning";
    case VKS_LEVEL_NOTE: return "note";
    }
    return "error";
}

vks_report_counts vks_report_count(const vks_findings *findings,
                                   const vks_report_options *options)
{
    vks_report_counts counts = {0};
    for (size_t i = 0; i < findings->count; i++) {
        const vks_finding *f = &findings->items[i];
        if (!vks_report_shows(f, options))
            continue;
        switch (vks_report_level(f, options)) {
        case VKS_LEVEL_ERROR: counts.errors++; break;
        case VKS_LEVEL_WARNING: counts.warnings++; break;
        case VKS_LEVEL_NOTE: counts.notes++; break;
        }
    }
    return counts;
}
