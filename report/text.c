/*
 * text.c - the clang-tidy-style text report (docs/design.md, "Command
 * line"; docs/conventions.md, "clang-tidy").
 *
 *   path:line:col: error: message [rule-id]
 *     <source line>
 *       ^
 *   path:line:col: note: (1) message
 *     <source line>
 *       ^
 *
 * Notes are the counterexample's steps in execution order, numbered as GCC
 * -fanalyzer and the clang static analyzer number theirs; a note that is
 * not a step (another call site a vksync-incomplete finding is about) has
 * no number.  When a location
 * was recorded inside a helper function, the call chain follows it as
 * unnumbered "note: called from here" lines, innermost first (as clang's
 * "in instantiation of" notes).  Source lines come from the files
 * themselves; a file that cannot be read simply gets no source lines.
 */
#include "vksync/report.h"

#include "vksync/file.h"

#include <stdlib.h>
#include <string.h>

/* The most recently read source file: findings are sorted by file, so one
   entry is enough to read each file about once. */
typedef struct {
    char *path;
    char *text;     /* NULL when the file could not be read */
    size_t size;
    size_t *line_starts; /* offset of line n+1 at [n] */
    size_t line_count;
} source_cache;

static void source_cache_clear(source_cache *cache)
{
    free(cache->path);
    free(cache->text);
    free(cache->line_starts);
    *cache = (source_cache){0};
}

static void source_cache_load(source_cache *cache, const char *path)
{
    if (cache->path && strcmp(cache->path, path) == 0)
        return;
    source_cache_clear(cache);
    cache->path = strdup(path);
    if (vks_read_file(path, &cache->text, &cache->size) != VKS_READ_OK)
        return;
    size_t cap = 64;
    cache->line_starts = malloc(cap * sizeof *cache->line_starts);
    if (!cache->line_starts) {
        free(cache->text);
        cache->text = NULL;
        return;
    }
    cache->line_starts[cache->line_count++] = 0;
    for (size_t i = 0; i < cache->size; i++) {
        if (cache->text[i] != '\n' || i + 1 == cache->size)
            continue;
        if (cache->line_count == cap) {
            size_t *grown = realloc(cache->line_starts,
                                    2 * cap * sizeof *cache->line_starts);
            if (!grown)
                break;
            cache->line_starts = grown;
            cap *= 2;
        }
        cache->line_starts[cache->line_count++] = i + 1;
    }
}

/* The source line and a caret under col; nothing when the line is not
   available.  Tabs before the column are copied into the caret line so the
   caret lines up however the terminal expands them. */
static void print_source_line(FILE *out, source_cache *cache,
                              const vks_loc *loc)
{
    if (!loc->file || loc->line == 0)
        return;
    source_cache_load(cache, loc->file);
    if (!cache->text || loc->line > cache->line_count)
        return;
    const char *line = cache->text + cache->line_starts[loc->line - 1];
    const char *end = cache->text + cache->size;
    size_t len = 0;
    while (line + len < end && line[len] != '\n' && line[len] != '\r')
        len++;
    fprintf(out, "%.*s\n", (int)len, line);
    unsigned col = loc->col ? loc->col : 1;
    for (size_t i = 0; i + 1 < col; i++)
        fputc(i < len && line[i] == '\t' ? '\t' : ' ', out);
    fputs("^\n", out);
}

static void print_location_prefix(FILE *out, const vks_loc *loc)
{
    if (!loc->file)
        return;
    if (loc->line == 0)
        fprintf(out, "%s: ", loc->file);
    else
        fprintf(out, "%s:%u:%u: ", loc->file, loc->line, loc->col ? loc->col : 1);
}

static void print_call_chain(FILE *out, source_cache *cache, const vks_loc *loc)
{
    for (const vks_loc *call = loc->caller; call; call = call->caller) {
        print_location_prefix(out, call);
        fputs("note: called from here\n", out);
        print_source_line(out, cache, call);
    }
}

static void print_finding(FILE *out, source_cache *cache,
                          const vks_finding *f,
                          const vks_report_options *options)
{
    print_location_prefix(out, &f->loc);
    fprintf(out, "%s: %s [%s%s]\n",
            vks_level_name(vks_report_level(f, options)), f->message,
            vks_rule_get(f->rule)->id,
            vks_report_promoted(f, options) ? ",-warnings-as-errors" : "");
    print_source_line(out, cache, &f->loc);
    print_call_chain(out, cache, &f->loc);
    size_t step = 0;
    for (size_t n = 0; n < f->note_count; n++) {
        const vks_note *note = &f->notes[n];
        print_location_prefix(out, &note->loc);
        if (note->kind == VKS_NOTE_RELATED)
            fprintf(out, "note: %s\n", note->message);
        else
            fprintf(out, "note: (%zu) %s\n", ++step, note->message);
        print_source_line(out, cache, &note->loc);
        print_call_chain(out, cache, &note->loc);
    }
}

void vks_report_text(FILE *out, const vks_findings *findings,
                     const vks_report_options *options)
{
    source_cache cache = {0};
    for (size_t i = 0; i < findings->count; i++)
        if (vks_report_shows(&findings->items[i], options))
            print_finding(out, &cache, &findings->items[i], options);
    source_cache_clear(&cache);
}
