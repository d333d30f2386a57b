/*
 * sarif.c - one SARIF 2.1.0 log (docs/design.md, "SARIF";
 * docs/conventions.md, "SARIF 2.1.0", lists what GitHub code scanning and
 * VS Code's SARIF viewer read).  The log validates against the official
 * OASIS schema (tests/sarif/run-sarif-schema.sh checks it with
 * tools/validate-sarif).
 *
 * Layout of the run:
 *   tool.driver       name, versions, informationUri, every rule of rules.def
 *   invocations[0]    executionSuccessful + one notification per input error
 *   originalUriBaseIds %SRCROOT% = the working directory as a file:// URI;
 *                     every path is given relative to it, as on the command line
 *   artifacts         the inputs
 *   results           one per finding shown
 *   properties        the statistics (pairs proved ordered, ...)
 * Nothing time-dependent is written: the same inputs give the same bytes.
 */
#include "vksync/report.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "json.h"

#define INFORMATION_URI "https://github.com/vksync-lint/vksync-lint"
#define SCHEMA_URI                                                             \
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/"      \
    "sarif-schema-2.1.0.json"
#define SRCROOT "%SRCROOT%"
/* GitHub code scanning accepts at most 10 locations per result. */
#define MAX_RELATED_LOCATIONS 10
/* ... and at most 10,000 thread-flow locations per result. */
#define MAX_THREAD_FLOW_LOCATIONS 10000

/* ---- URIs (RFC 3986): unreserved characters and '/' pass, all else is
   percent-encoded, so a path with blanks or '%' still gives a valid URI. */

static void write_uri_path(FILE *out, const char *path)
{
    for (const unsigned char *s = (const unsigned char *)path; *s; s++) {
        unsigned char c = *s;
        bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                     (c >= '0' && c <= '9') || strchr("-._~/", c);
        if (plain)
            fputc(c, out);
        else
            fprintf(out, "%%%02X", c);
    }
}

/* An artifactLocation for a path as given on the command line: relative
   paths (and absolute ones under the working directory) become relative
   URIs under %SRCROOT%; other absolute paths become file:// URIs. */
typedef struct {
    char *cwd; /* NULL if unknown */
} uri_context;

/* The path relative to the working directory (%SRCROOT%) when it is
   relative or lies under it ("./a.c" and "$PWD/a.c" both give "a.c"); an
   absolute path elsewhere is returned unchanged. */
static const char *srcroot_relative(const uri_context *ctx, const char *path)
{
    if (!path)
        return "";
    if (path[0] == '/') {
        size_t n = ctx->cwd ? strlen(ctx->cwd) : 0;
        if (n > 1 && strncmp(path, ctx->cwd, n) == 0 && path[n] == '/')
            path += n + 1;
        else
            return path;
    }
    while (path[0] == '.' && path[1] == '/')
        path += 2;
    return path;
}

/* Writes the members uri (and uriBaseId) into the current object. */
static void json_artifact_uri(vks_json *j, const uri_context *ctx,
                              const char *path)
{
    char *uri = NULL;
    size_t uri_size = 0;
    FILE *u = open_memstream(&uri, &uri_size);
    path = srcroot_relative(ctx, path);
    bool relative = path[0] != '/';
    if (!relative)
        fputs("file://", u);
    write_uri_path(u, path);
    fclose(u);
    vks_json_member_string(j, "uri", uri);
    if (relative)
        vks_json_member_string(j, "uriBaseId", SRCROOT);
    free(uri);
}

/* physicalLocation of loc; only the artifact when the line is unknown
   (SARIF regions are 1-based: startLine 0 is invalid). */
static void json_physical_location(vks_json *j, const uri_context *ctx,
                                   const vks_loc *loc)
{
    vks_json_member_object(j, "physicalLocation");
    vks_json_member_object(j, "artifactLocation");
    json_artifact_uri(j, ctx, loc->file);
    vks_json_object_end(j);
    if (loc->line > 0) {
        vks_json_member_object(j, "region");
        vks_json_member_uint(j, "startLine", loc->line);
        vks_json_member_uint(j, "startColumn", loc->col ? loc->col : 1);
        vks_json_object_end(j);
    }
    vks_json_object_end(j);
}

static void json_message(vks_json *j, const char *text)
{
    vks_json_member_object(j, "message");
    vks_json_member_string(j, "text", text);
    vks_json_object_end(j);
}

/* A location object: {id?, physicalLocation?, message?}.  id < 0: none. */
static void json_location(vks_json *j, const uri_context *ctx,
                          const vks_loc *loc, int id, const char *message)
{
    vks_json_object_begin(j);
    if (id >= 0) {
        vks_json_key(j, "id");
        vks_json_int(j, id);
    }
    if (loc->file)
        json_physical_location(j, ctx, loc);
    if (message)
        json_message(j, message);
    vks_json_object_end(j);
}

/* ---- tool.driver.rules */

/* "hazard-read-after-write" -> "HazardReadAfterWrite" (SARIF 3.49.7: a
   rule's name is a readable identifier, different from its id). */
static void write_camel_case(FILE *out, const char *id)
{
    bool upper = true;
    for (const char *s = id; *s; s++) {
        if (*s == '-' || *s == '_') {
            upper = true;
            continue;
        }
        fputc(upper && *s >= 'a' && *s <= 'z' ? *s - 'a' + 'A' : *s, out);
        upper = false;
    }
}

static void json_rule(vks_json *j, const vks_rule_info *rule)
{
    char *name = NULL, *full = NULL, *help_uri = NULL, *text = NULL,
         *markdown = NULL;
    size_t size;
    FILE *s = open_memstream(&name, &size);
    write_camel_case(s, rule->id);
    fclose(s);

    s = open_memstream(&help_uri, &size);
    fprintf(s, INFORMATION_URI "/blob/main/docs/checks/%s.md", rule->id);
    fclose(s);

    s = open_memstream(&full, &size);
    fprintf(s, "%s.", rule->summary);
    if (rule->syncval_hazard[0]) {
        /* syncval's message IDs spell the hazard with dashes:
           READ_AFTER_WRITE -> SYNC-HAZARD-READ-AFTER-WRITE. */
        fprintf(s, " The validation layer's synchronization validation "
                   "reports the same hazard at run time as %s "
                   "(SYNC-HAZARD-", rule->syncval_hazard);
        for (const char *c = rule->syncval_hazard; *c; c++)
            fputc(*c == '_' ? '-' : *c, s);
        fputs(").", s);
    }
    fclose(s);

    s = open_memstream(&text, &size);
    fprintf(s, "%s\n\nWhat it detects, why it is wrong (with the Vulkan "
               "specification's rule), a bad and a fixed example, and the "
               "check's limits: %s", full, help_uri);
    fclose(s);

    s = open_memstream(&markdown, &size);
    fprintf(s, "%s\n\nSee [docs/checks/%s.md](%s) for what it detects, why "
               "it is wrong (with the Vulkan specification's rule), a bad "
               "and a fixed example, and the check's limits.",
            full, rule->id, help_uri);
    fclose(s);

    vks_json_object_begin(j);
    vks_json_member_string(j, "id", rule->id);
    vks_json_member_string(j, "name", name);
    vks_json_member_object(j, "shortDescription");
    vks_json_member_string(j, "text", rule->summary);
    vks_json_object_end(j);
    vks_json_member_object(j, "fullDescription");
    vks_json_member_string(j, "text", full);
    vks_json_object_end(j);
    vks_json_member_object(j, "help");
    vks_json_member_string(j, "text", text);
    vks_json_member_string(j, "markdown", markdown);
    vks_json_object_end(j);
    vks_json_member_string(j, "helpUri", help_uri);
    vks_json_member_object(j, "defaultConfiguration");
    vks_json_member_string(j, "level", vks_level_name(rule->level));
    vks_json_object_end(j);
    if (rule->syncval_hazard[0]) {
        vks_json_member_object(j, "properties");
        vks_json_member_string(j, "syncvalHazard", rule->syncval_hazard);
        vks_json_object_end(j);
    }
    vks_json_object_end(j);
    free(name);
    free(full);
    free(help_uri);
    free(text);
    free(markdown);
}

static void json_driver(vks_json *j, const vks_report_options *options)
{
    const char *version = options->tool_version ? options->tool_version
                                                : "0.0.0";
    vks_json_member_object(j, "tool");
    vks_json_member_object(j, "driver");
    vks_json_member_string(j, "name", "vksync-lint");
    vks_json_member_string(j, "semanticVersion", version);
    vks_json_member_string(j, "version", version);
    vks_json_member_string(j, "informationUri", INFORMATION_URI);
    vks_json_member_array(j, "rules");
    for (int r = 0; r < VKS_RULE_COUNT; r++)
        json_rule(j, vks_rule_get((vks_rule)r));
    vks_json_array_end(j);
    vks_json_object_end(j);
    vks_json_object_end(j);
}

/* ---- results */

/* FNV-1a, 64 bits: a stable hash that does not depend on the platform. */
static uint64_t fnv1a(uint64_t h, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++)
        h = (h ^ *p) * 0x100000001b3ull;
    return (h ^ 0xff) * 0x100000001b3ull; /* field separator */
}

/* The same text with every run of digits replaced by '#', so a fingerprint
   survives the line numbers a message may quote moving. */
static uint64_t fnv1a_without_numbers(uint64_t h, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
        unsigned char c = *p;
        if (c >= '0' && c <= '9') {
            while (p[1] >= '0' && p[1] <= '9')
                p++;
            c = '#';
        }
        h = (h ^ c) * 0x100000001b3ull;
    }
    return (h ^ 0xff) * 0x100000001b3ull;
}

/* partialFingerprints "vksyncHash/v1": rule, file (as its %SRCROOT%
   relative URI path, so "./a.c" and "a.c" agree), message and the notes'
   kinds and messages, without line or column numbers, so an alert keeps its
   identity when code above it moves (docs/conventions.md, "SARIF 2.1.0"). */
static uint64_t finding_fingerprint(const uri_context *ctx,
                                    const vks_finding *f)
{
    uint64_t h = 0xcbf29ce484222325ull;
    h = fnv1a(h, vks_rule_get(f->rule)->id);
    h = fnv1a(h, srcroot_relative(ctx, f->loc.file));
    h = fnv1a_without_numbers(h, f->message);
    for (size_t n = 0; n < f->note_count; n++) {
        char kind[2] = {(char)('0' + f->notes[n].kind), 0};
        h = fnv1a(h, kind);
        h = fnv1a(h, srcroot_relative(ctx, f->notes[n].loc.file));
        h = fnv1a_without_numbers(h, f->notes[n].message);
    }
    return h;
}

/* relatedLocations: the earlier access first, then the synchronization
   commands (docs/design.md, "SARIF"), then other places the finding is
   about (unreached call sites), at most MAX_RELATED_LOCATIONS. */
static void json_related_locations(vks_json *j, const uri_context *ctx,
                                   const vks_finding *f)
{
    static const vks_note_kind order[] = {VKS_NOTE_EARLIER_ACCESS,
                                          VKS_NOTE_SYNC, VKS_NOTE_RELATED};
    int written = 0;
    for (size_t k = 0; k < sizeof order / sizeof order[0]; k++)
        for (size_t n = 0; n < f->note_count; n++) {
            const vks_note *note = &f->notes[n];
            if (note->kind != order[k] || !note->loc.file ||
                written == MAX_RELATED_LOCATIONS)
                continue;
            if (written == 0)
                vks_json_member_array(j, "relatedLocations");
            json_location(j, ctx, &note->loc, written, note->message);
            written++;
        }
    if (written)
        vks_json_array_end(j);
}

/* A stack object for a location recorded inside helper functions: the
   location itself, then each call site outwards (SARIF 3.44: frames are
   innermost first). */
static void json_stack(vks_json *j, const uri_context *ctx, const vks_loc *loc)
{
    vks_json_object_begin(j);
    vks_json_member_array(j, "frames");
    for (const vks_loc *frame = loc; frame; frame = frame->caller) {
        vks_json_object_begin(j);
        vks_json_key(j, "location");
        json_location(j, ctx, frame, -1, NULL);
        vks_json_object_end(j);
    }
    vks_json_array_end(j);
    vks_json_object_end(j);
}

static uint64_t call_depth(const vks_loc *loc)
{
    uint64_t depth = 0;
    for (const vks_loc *call = loc->caller; call; call = call->caller)
        depth++;
    return depth;
}

/* One step of the code flow; a step inside helpers carries its call stack
   and is nested one level per call, so viewers indent it. */
static void json_thread_flow_location(vks_json *j, const uri_context *ctx,
                                      const vks_loc *loc, const char *message,
                                      size_t order)
{
    vks_json_object_begin(j);
    vks_json_key(j, "location");
    json_location(j, ctx, loc, -1, message);
    if (loc->caller) {
        vks_json_key(j, "stack");
        json_stack(j, ctx, loc);
        vks_json_member_uint(j, "nestingLevel", call_depth(loc));
    }
    vks_json_member_uint(j, "executionOrder", order);
    vks_json_object_end(j);
}

/* codeFlows: ONE code flow with ONE linearised thread flow, because VS
   Code's SARIF viewer shows only the first thread flow of the first code
   flow: every note in order, then the finding itself. */
static void json_code_flow(vks_json *j, const uri_context *ctx,
                           const vks_finding *f)
{
    size_t steps = 0;
    for (size_t n = 0; n < f->note_count; n++)
        steps += f->notes[n].kind != VKS_NOTE_RELATED;
    if (steps == 0)
        return;
    vks_json_member_array(j, "codeFlows");
    vks_json_object_begin(j);
    vks_json_member_array(j, "threadFlows");
    vks_json_object_begin(j);
    vks_json_member_array(j, "locations");
    if (steps > MAX_THREAD_FLOW_LOCATIONS - 1)
        steps = MAX_THREAD_FLOW_LOCATIONS - 1;
    size_t written = 0;
    for (size_t n = 0; n < f->note_count && written < steps; n++)
        if (f->notes[n].kind != VKS_NOTE_RELATED) {
            written++;
            json_thread_flow_location(j, ctx, &f->notes[n].loc,
                                      f->notes[n].message, written);
        }
    json_thread_flow_location(j, ctx, &f->loc, f->message, steps + 1);
    vks_json_array_end(j);
    vks_json_object_end(j);
    vks_json_array_end(j);
    vks_json_object_end(j);
    vks_json_array_end(j);
}

typedef struct {
    uint64_t hash;
    size_t seen;
} fingerprint_count;

static void json_result(vks_json *j, const uri_context *ctx,
                        const vks_finding *f, size_t occurrence,
                        uint64_t fingerprint,
                        const vks_report_options *options)
{
    vks_json_object_begin(j);
    vks_json_member_string(j, "ruleId", vks_rule_get(f->rule)->id);
    vks_json_member_uint(j, "ruleIndex", (uint64_t)f->rule);
    vks_json_member_string(j, "level",
                           vks_level_name(vks_report_level(f, options)));
    json_message(j, f->message);
    vks_json_member_array(j, "locations");
    json_location(j, ctx, &f->loc, -1, NULL);
    vks_json_array_end(j);
    json_related_locations(j, ctx, f);
    if (f->loc.caller) {
        vks_json_member_array(j, "stacks");
        json_stack(j, ctx, &f->loc);
        vks_json_array_end(j);
    }
    json_code_flow(j, ctx, f);

    /* GitHub's own fingerprints append ":N" to tell apart findings whose
       hash is the same; so does this one. */
    char fp[40];
    snprintf(fp, sizeof fp, "%016" PRIx64 ":%zu", fingerprint, occurrence);
    vks_json_member_object(j, "partialFingerprints");
    vks_json_member_string(j, "vksyncHash/v1", fp);
    vks_json_object_end(j);

    if (f->hazard || vks_report_promoted(f, options)) {
        vks_json_member_object(j, "properties");
        if (f->hazard)
            vks_json_member_string(j, "hazard", f->hazard);
        if (vks_report_promoted(f, options))
            vks_json_member_bool(j, "warningAsError", true);
        vks_json_object_end(j);
    }
    vks_json_object_end(j);
}

static void json_results(vks_json *j, const uri_context *ctx,
                         const vks_findings *findings,
                         const vks_report_options *options)
{
    fingerprint_count *seen = calloc(findings->count + 1, sizeof *seen);
    size_t distinct = 0;
    vks_json_member_array(j, "results");
    for (size_t i = 0; i < findings->count; i++) {
        const vks_finding *f = &findings->items[i];
        if (!vks_report_shows(f, options))
            continue;
        uint64_t hash = finding_fingerprint(ctx, f);
        size_t occurrence = 1;
        if (seen) {
            size_t k = 0;
            while (k < distinct && seen[k].hash != hash)
                k++;
            if (k == distinct)
                seen[distinct++] = (fingerprint_count){hash, 0};
            occurrence = ++seen[k].seen;
        }
        json_result(j, ctx, f, occurrence, hash, options);
    }
    vks_json_array_end(j);
    free(seen);
}

/* ---- the run */

static void json_invocation(vks_json *j, const vks_report_options *options)
{
    vks_json_member_array(j, "invocations");
    vks_json_object_begin(j);
    vks_json_member_bool(j, "executionSuccessful",
                         options->execution_successful);
    if (options->notification_count) {
        vks_json_member_array(j, "toolExecutionNotifications");
        for (size_t i = 0; i < options->notification_count; i++) {
            vks_json_object_begin(j);
            vks_json_member_string(j, "level", "error");
            json_message(j, options->notifications[i]);
            vks_json_object_end(j);
        }
        vks_json_array_end(j);
    }
    vks_json_object_end(j);
    vks_json_array_end(j);
}

static void json_original_uri_base_ids(vks_json *j, const uri_context *ctx)
{
    if (!ctx->cwd)
        return;
    char *uri = NULL;
    size_t size;
    FILE *u = open_memstream(&uri, &size);
    fputs("file://", u);
    write_uri_path(u, ctx->cwd);
    if (strcmp(ctx->cwd, "/") != 0)
        fputc('/', u); /* a base URI names a directory: it ends in '/' */
    fclose(u);
    vks_json_member_object(j, "originalUriBaseIds");
    vks_json_member_object(j, SRCROOT);
    vks_json_member_string(j, "uri", uri);
    vks_json_object_end(j);
    vks_json_object_end(j);
    free(uri);
}

static void json_artifacts(vks_json *j, const uri_context *ctx,
                           const vks_report_options *options)
{
    if (options->input_count == 0)
        return;
    vks_json_member_array(j, "artifacts");
    for (size_t i = 0; i < options->input_count; i++) {
        vks_json_object_begin(j);
        vks_json_member_object(j, "location");
        json_artifact_uri(j, ctx, options->inputs[i]);
        vks_json_object_end(j);
        vks_json_object_end(j);
    }
    vks_json_array_end(j);
}

static void json_statistics(vks_json *j, const vks_stats *stats)
{
    vks_json_member_object(j, "properties");
    vks_json_member_uint(j, "pairsProvedOrdered", stats->pairs_proved_ordered);
    vks_json_member_uint(j, "pathsExplored", stats->paths_explored);
    vks_json_member_uint(j, "unknownQuestions", stats->unknown_questions);
    /* What the unknown questions did not know, every reason named (0
       included), so that a consumer reads the same keys from every run. */
    vks_json_member_object(j, "unknownQuestionsByReason");
    for (int r = 0; r < VKS_UNKNOWN_REASON_COUNT; r++)
        vks_json_member_uint(j, vks_unknown_reason_key((vks_unknown_reason)r),
                             stats->unknown_by_reason[r]);
    vks_json_object_end(j);
    vks_json_member_uint(j, "incompleteAnalyses", stats->incomplete);
    vks_json_member_uint(j, "recordingCalls", stats->recording_calls);
    vks_json_member_uint(j, "recordingCallsReached", stats->recording_calls_reached);
    vks_json_object_end(j);
}

void vks_report_sarif(FILE *out, const vks_findings *findings,
                      const vks_stats *stats, const vks_report_options *options)
{
    uri_context ctx = {.cwd = getcwd(NULL, 0)};
    vks_json json;
    vks_json *j = &json;
    vks_json_init(j, out);
    vks_json_object_begin(j);
    vks_json_member_string(j, "$schema", SCHEMA_URI);
    vks_json_member_string(j, "version", "2.1.0");
    vks_json_member_array(j, "runs");
    vks_json_object_begin(j);
    json_driver(j, options);
    json_invocation(j, options);
    json_original_uri_base_ids(j, &ctx);
    json_artifacts(j, &ctx, options);
    json_results(j, &ctx, findings, options);
    json_statistics(j, stats);
    vks_json_object_end(j);
    vks_json_array_end(j);
    vks_json_object_end(j);
    vks_json_finish(j);
    free(ctx.cwd);
}
