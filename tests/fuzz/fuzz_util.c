/*
 * fuzz_util.c - oracles shared by the fuzz targets: the SARIF log is strict
 * JSON, and reporting never crashes.
 */
#include "fuzz_util.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * A strict JSON (RFC 8259) syntax check of the SARIF log: a reporter that
 * forgets to escape a quote, a control character or a byte that is not
 * UTF-8 in a name or a path would produce a log GitHub rejects.  The check is
 * a fuzzing oracle, so a failure stops the run (__builtin_trap).
 */
typedef struct {
    const unsigned char *p, *end;
    int depth;
} json_cursor;

static void json_ws(json_cursor *c)
{
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r'))
        c->p++;
}

static int json_lit(json_cursor *c, const char *lit)
{
    size_t n = strlen(lit);
    if ((size_t)(c->end - c->p) < n || memcmp(c->p, lit, n) != 0)
        return 0;
    c->p += n;
    return 1;
}

/* One UTF-8 sequence (no overlongs, no surrogates, at most U+10FFFF). */
static int json_utf8(json_cursor *c)
{
    unsigned char b = *c->p;
    int len = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3
            : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    if (len == 0 || c->end - c->p < len)
        return 0;
    uint32_t cp = len == 1 ? b : b & (0x7f >> len);
    for (int i = 1; i < len; i++) {
        if ((c->p[i] & 0xc0) != 0x80)
            return 0;
        cp = cp << 6 | (c->p[i] & 0x3f);
    }
    if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
        (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    c->p += len;
    return 1;
}

static int json_string(json_cursor *c)
{
    if (!json_lit(c, "\""))
        return 0;
    while (c->p < c->end && *c->p != '"') {
        if (*c->p < 0x20)
            return 0;
        if (*c->p == '\\') {
            c->p++;
            if (c->p >= c->end)
                return 0;
            if (*c->p == 'u') {
                for (int i = 1; i <= 4; i++)
                    if (c->p + i >= c->end || !strchr("0123456789abcdefABCDEF", c->p[i]) || !c->p[i])
                        return 0;
                c->p += 5;
            } else if (strchr("\"\\/bfnrt", *c->p) && *c->p) {
                c->p++;
            } else {
                return 0;
            }
        } else if (!json_utf8(c)) {
            return 0;
        }
    }
    return json_lit(c, "\"");
}

static int json_number(json_cursor *c)
{
    const unsigned char *start = c->p;
    json_lit(c, "-");
    if (json_lit(c, "0")) {
    } else if (c->p < c->end && *c->p >= '1' && *c->p <= '9') {
        while (c->p < c->end && *c->p >= '0' && *c->p <= '9')
            c->p++;
    } else {
        return 0;
    }
    if (json_lit(c, ".")) {
        if (c->p >= c->end || *c->p < '0' || *c->p > '9')
            return 0;
        while (c->p < c->end && *c->p >= '0' && *c->p <= '9')
            c->p++;
    }
    if (c->p < c->end && (*c->p == 'e' || *c->p == 'E')) {
        c->p++;
        if (!json_lit(c, "+"))
            json_lit(c, "-");
        if (c->p >= c->end || *c->p < '0' || *c->p > '9')
            return 0;
        while (c->p < c->end && *c->p >= '0' && *c->p <= '9')
            c->p++;
    }
    return c->p > start;
}

static int json_value(json_cursor *c)
{
    json_ws(c);
    if (c->p >= c->end || ++c->depth > 64)
        return 0;
    int ok;
    if (*c->p == '{' || *c->p == '[') {
        int object = *c->p == '{';
        char close = object ? '}' : ']';
        c->p++;
        json_ws(c);
        if (json_lit(c, object ? "}" : "]")) {
            c->depth--;
            return 1;
        }
        do {
            if (object) {
                json_ws(c);
                if (!json_string(c))
                    return 0;
                json_ws(c);
                if (!json_lit(c, ":"))
                    return 0;
            }
            if (!json_value(c))
                return 0;
            json_ws(c);
        } while (json_lit(c, ","));
        ok = c->p < c->end && *c->p++ == close;
    } else if (*c->p == '"') {
        ok = json_string(c);
    } else if (*c->p == 't' || *c->p == 'f' || *c->p == 'n') {
        ok = json_lit(c, "true") || json_lit(c, "false") || json_lit(c, "null");
    } else {
        ok = json_number(c);
    }
    c->depth--;
    return ok;
}

void fuzz_check_json(const char *text, size_t size)
{
    json_cursor c = {(const unsigned char *)text, (const unsigned char *)text + size, 0};
    int ok = json_value(&c);
    json_ws(&c);
    if (!ok || c.p != c.end) {
        fprintf(stderr, "fuzz: the SARIF log is not valid JSON at byte %zu\n",
                (size_t)(c.p - (const unsigned char *)text));
        fwrite(text, 1, size, stderr);
        __builtin_trap();
    }
}

void fuzz_report(vks_findings *findings, const vks_stats *stats,
                 const vks_report_options *options)
{
    vks_findings_sort(findings);
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    if (out) {
        vks_report_text(out, findings, options);
        fclose(out);
    }
    free(text);
    text = NULL;
    size = 0;
    out = open_memstream(&text, &size);
    if (out) {
        vks_report_sarif(out, findings, stats, options);
        fclose(out);
        fuzz_check_json(text, size);
    }
    free(text);
}
