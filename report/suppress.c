/*
 * suppress.c - NOLINT comments in the analysed sources, with clang-tidy's
 * syntax and meaning (docs/conventions.md, "clang-tidy"; clang-tidy's
 * NoLintDirectiveHandler):
 *
 *   NOLINT            the finding's own line
 *   NOLINTNEXTLINE    the line after the comment
 *   NOLINTBEGIN ... NOLINTEND   every position between the two comments
 *
 * Each may be followed at once - no blank - by "(glob,glob)": then only the
 * rules those globs match are suppressed ("NOLINT (x)" with a blank is a
 * plain NOLINT, as in clang-tidy; a "(" without ")" on the same line also
 * leaves the directive plain).  Globs are clang-tidy's ('*' is any run of
 * characters); negative globs ("-rule") are ignored, as clang-tidy ignores
 * them here.  The directive is recognised anywhere in a line, in any kind of
 * comment, as clang-tidy does; "NOLINTFOO" (more capitals after the
 * keyword) is not a directive.
 *
 * BEGIN and END pair like brackets, an END closing the innermost open BEGIN
 * only when both carry the same glob text.  An END that closes nothing and a
 * BEGIN never closed are findings of their own, vksync-nolint-unmatched
 * (clang-tidy's "unmatched 'NOLINTBEGIN' comment ..." error), which no
 * comment suppresses.  Unlike clang-tidy, which scans only files that have
 * diagnostics, every analysed input is scanned, so the error does not
 * depend on whether the file happens to have a finding.
 *
 * A finding is suppressed when its primary location - the later access -
 * is covered, or any call site on its call chain (vks_loc.caller: the
 * helper calls, and the vkCmdExecuteCommands of a secondary command buffer,
 * that led to it).  clang-tidy looks at the diagnostic's own line only, but
 * its diagnostics have no call chain; ours do, and a NOLINT where a helper
 * is called says "not here" for what that call records, which is what a
 * user of a helper expects (a NOLINT inside the helper still covers every
 * caller).  Notes and related locations do not matter.  Each file is read once (keyed by
 * its real path, so "./a.c" and "a.c" are one file).
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include "vksync/report.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "vksync/file.h"

typedef enum { NOLINT_LINE, NOLINT_NEXTLINE, NOLINT_BEGIN, NOLINT_END } nolint_kind;

/* A position in a file, 1-based; columns count bytes. */
typedef struct {
    unsigned line, col;
} text_pos;

typedef struct {
    nolint_kind kind;
    text_pos pos;
    const char *globs;  /* the text between the parentheses; NULL: every rule */
} nolint_directive;

typedef struct {
    text_pos begin, end;
    const char *globs;
} nolint_block;

typedef struct {
    const char *key;     /* real path, or the path as given */
    nolint_directive *directives;  /* NOLINT and NOLINTNEXTLINE only */
    size_t directive_count, directive_cap;
    nolint_block *blocks;
    size_t block_count, block_cap;
} nolint_file;

typedef struct {
    vks_arena *arena;
    nolint_file *files;
    size_t file_count, file_cap;
} nolint_cache;

static bool is_upper_or_lower(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

static bool pos_before(text_pos a, text_pos b)
{
    return a.line < b.line || (a.line == b.line && a.col < b.col);
}

static bool same_globs(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

/* GLOBS (a comma list) names RULE_ID; NULL names every rule. */
static bool globs_match(const char *globs, const char *rule_id)
{
    if (!globs)
        return true;
    const char *p = globs;
    for (;;) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        while (len && (*p == ' ' || *p == '\t')) {
            p++;
            len--;
        }
        while (len && (p[len - 1] == ' ' || p[len - 1] == '\t'))
            len--;
        if (len && *p != '-' && vks_glob_matches(p, len, rule_id))
            return true;
        if (!end)
            return false;
        p = end + 1;
    }
}

static void add_unmatched(vks_findings *findings, const char *path,
                          const nolint_directive *d)
{
    vks_loc loc = {.file = path, .line = d->pos.line, .col = d->pos.col};
    vks_finding_add(findings, VKS_RULE_VKSYNC_NOLINT_UNMATCHED, NULL, loc,
                    d->kind == NOLINT_BEGIN
                        ? "unmatched 'NOLINTBEGIN' comment without a subsequent "
                          "'NOLINTEND' comment"
                        : "unmatched 'NOLINTEND' comment without a previous "
                          "'NOLINTBEGIN' comment");
}

/*
 * Reads one directive at text[at] (which starts with "NOLINT"); returns the
 * offset to continue scanning from.  *found is false when the word is not a
 * directive.
 */
static size_t read_directive(vks_arena *arena, const char *text, size_t size,
                             size_t at, nolint_directive *d, bool *found)
{
    static const struct {
        const char *suffix;
        nolint_kind kind;
    } kinds[] = {{"", NOLINT_LINE}, {"NEXTLINE", NOLINT_NEXTLINE},
                 {"BEGIN", NOLINT_BEGIN}, {"END", NOLINT_END}};
    size_t word = at + strlen("NOLINT"), p = word;
    while (p < size && is_upper_or_lower(text[p]))
        p++;
    *found = false;
    for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++)
        if (strlen(kinds[k].suffix) == p - word &&
            memcmp(text + word, kinds[k].suffix, p - word) == 0) {
            d->kind = kinds[k].kind;
            *found = true;
        }
    if (!*found)
        return p;
    d->globs = NULL;
    if (p < size && text[p] == '(') {
        size_t close = p + 1;
        while (close < size && text[close] != ')' && text[close] != '\n')
            close++;
        if (close < size && text[close] == ')') {
            char *globs = vks_arena_alloc(arena, close - p);
            memcpy(globs, text + p + 1, close - p - 1);
            d->globs = globs;
            p = close + 1;
        }
    }
    return p;
}

/* Scans TEXT for directives: line directives are kept, BEGIN/END paired
   into blocks, the unmatched ones reported. */
static void scan_directives(nolint_cache *cache, nolint_file *file,
                            const char *path, const char *text, size_t size,
                            vks_findings *findings)
{
    nolint_directive *open = NULL;
    size_t open_count = 0, open_cap = 0;
    unsigned line = 1;
    size_t line_start = 0;
    for (size_t i = 0; i < size;) {
        if (text[i] == '\n') {
            line++;
            line_start = ++i;
            continue;
        }
        if (size - i < 6 || memcmp(text + i, "NOLINT", 6) != 0) {
            i++;
            continue;
        }
        nolint_directive d = {.pos = {line, (unsigned)(i - line_start + 1)}};
        bool found;
        i = read_directive(cache->arena, text, size, i, &d, &found);
        if (!found)
            continue;
        switch (d.kind) {
        case NOLINT_LINE:
        case NOLINT_NEXTLINE:
            VKS_PUSH(cache->arena, file->directives, file->directive_count,
                     file->directive_cap, d);
            break;
        case NOLINT_BEGIN:
            VKS_PUSH(cache->arena, open, open_count, open_cap, d);
            break;
        case NOLINT_END:
            /* Blocks nest: an END closes the innermost BEGIN, and only when
               it names the same rules (clang-tidy's formNoLintBlocks). */
            if (open_count && same_globs(open[open_count - 1].globs, d.globs)) {
                nolint_block block = {.begin = open[open_count - 1].pos,
                                      .end = d.pos, .globs = d.globs};
                open_count--;
                VKS_PUSH(cache->arena, file->blocks, file->block_count,
                         file->block_cap, block);
            } else
                add_unmatched(findings, path, &d);
            break;
        }
    }
    for (size_t b = 0; b < open_count; b++)
        add_unmatched(findings, path, &open[b]);
}

/* The file's directives, read (and its unmatched BEGIN/END reported) the
   first time it is asked for; NULL when PATH is NULL. */
static const nolint_file *nolint_file_of(nolint_cache *cache, const char *path,
                                         vks_findings *findings)
{
    if (!path)
        return NULL;
    char resolved[PATH_MAX];
    const char *key = realpath(path, resolved) ? resolved : path;
    for (size_t i = 0; i < cache->file_count; i++)
        if (strcmp(cache->files[i].key, key) == 0)
            return &cache->files[i];
    nolint_file file = {.key = vks_arena_strdup(cache->arena, key)};
    size_t size = 0;
    char *text;
    if (vks_read_file(path, &text, &size) == VKS_READ_OK)
        scan_directives(cache, &file, path, text, size, findings);
    free(text);
    VKS_PUSH(cache->arena, cache->files, cache->file_count, cache->file_cap, file);
    return &cache->files[cache->file_count - 1];
}

/* Whether FILE's directives cover rule ID at LOC (one frame). */
static bool nolint_covers(const nolint_file *file, const vks_loc *loc, const char *id)
{
    if (!file || loc->line == 0)
        return false;
    for (size_t i = 0; i < file->directive_count; i++) {
        const nolint_directive *d = &file->directives[i];
        unsigned covered = d->pos.line + (d->kind == NOLINT_NEXTLINE);
        if (covered == loc->line && globs_match(d->globs, id))
            return true;
    }
    text_pos at = {loc->line, loc->col ? loc->col : 1};
    for (size_t i = 0; i < file->block_count; i++) {
        const nolint_block *b = &file->blocks[i];
        if (pos_before(b->begin, at) && pos_before(at, b->end) &&
            globs_match(b->globs, id))
            return true;
    }
    return false;
}

size_t vks_suppress_nolint(vks_findings *findings, const char *const *files,
                           size_t file_count, const vks_report_options *options)
{
    nolint_cache cache = {.arena = findings->arena};
    for (size_t i = 0; i < file_count; i++)
        nolint_file_of(&cache, files[i], findings);
    /* Reading a finding's file may add unmatched findings: they are not
       suppressible, so the loop stops at the findings that came before. */
    size_t original = findings->count;
    for (size_t i = 0; i < original; i++)
        for (const vks_loc *at = &findings->items[i].loc; at; at = at->caller)
            nolint_file_of(&cache, at->file, findings);
    size_t suppressed = 0;
    for (size_t i = 0; i < original; i++) {
        vks_finding *f = &findings->items[i];
        if (f->rule == VKS_RULE_VKSYNC_NOLINT_UNMATCHED)
            continue;
        const char *id = vks_rule_get(f->rule)->id;
        bool covered = false;
        for (const vks_loc *at = &f->loc; at && !covered; at = at->caller)
            covered = nolint_covers(nolint_file_of(&cache, at->file, findings), at, id);
        if (!covered)
            continue;
        suppressed += vks_report_shows(f, options);
        f->suppressed = true;
    }
    return suppressed;
}
