/*
 * json.c - see json.h.  A streaming writer: no document tree is built, the
 * SARIF report calls these functions in output order.
 */
#include "json.h"

#include <inttypes.h>
#include <stdlib.h>

void vks_json_init(vks_json *j, FILE *out)
{
    *j = (vks_json){.out = out};
}

void vks_json_finish(vks_json *j)
{
    fputc('\n', j->out);
}

static void indent(vks_json *j)
{
    fputc('\n', j->out);
    for (int i = 0; i < j->depth; i++)
        fputs("  ", j->out);
}

/* Called before every value and every key: comma and indentation. */
static void before_item(vks_json *j)
{
    if (j->after_key) {
        j->after_key = false;
        return;
    }
    if (j->depth == 0)
        return;
    if (j->has_items[j->depth])
        fputc(',', j->out);
    j->has_items[j->depth] = true;
    indent(j);
}

static void open_container(vks_json *j, char bracket)
{
    before_item(j);
    fputc(bracket, j->out);
    /* SQLite-style invariant: the SARIF log nests far less than this. */
    if (j->depth + 1 >= VKS_JSON_MAX_DEPTH)
        abort();
    j->depth++;
    j->has_items[j->depth] = false;
}

static void close_container(vks_json *j, char bracket)
{
    bool had_items = j->has_items[j->depth];
    j->depth--;
    if (had_items)
        indent(j);
    fputc(bracket, j->out);
}

void vks_json_object_begin(vks_json *j) { open_container(j, '{'); }
void vks_json_object_end(vks_json *j) { close_container(j, '}'); }
void vks_json_array_begin(vks_json *j) { open_container(j, '['); }
void vks_json_array_end(vks_json *j) { close_container(j, ']'); }

void vks_json_key(vks_json *j, const char *key)
{
    before_item(j);
    fputc('"', j->out);
    vks_json_write_escaped(j->out, key);
    fputs("\": ", j->out);
    j->after_key = true;
}

/* Length of the valid UTF-8 sequence at s (RFC 3629 section 4: no overlong
   forms, no surrogates, nothing above U+10FFFF), or 0 if it is invalid. */
static int utf8_sequence_length(const unsigned char *s)
{
    unsigned char c = s[0];
    int len;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF)
        len = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0)
            lo = 0xA0;
        if (c == 0xED)
            hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0)
            lo = 0x90;
        if (c == 0xF4)
            hi = 0x8F;
    } else
        return 0;
    if (s[1] < lo || s[1] > hi)
        return 0;
    for (int i = 2; i < len; i++)
        if (s[i] < 0x80 || s[i] > 0xBF)
            return 0;
    return len;
}

void vks_json_write_escaped(FILE *out, const char *str)
{
    const unsigned char *s = (const unsigned char *)str;
    while (*s) {
        unsigned char c = *s;
        if (c == '"' || c == '\\') {
            fputc('\\', out);
            fputc(c, out);
            s++;
        } else if (c < 0x20) {
            switch (c) {
            case '\n': fputs("\\n", out); break;
            case '\r': fputs("\\r", out); break;
            case '\t': fputs("\\t", out); break;
            case '\b': fputs("\\b", out); break;
            case '\f': fputs("\\f", out); break;
            default: fprintf(out, "\\u%04x", c); break;
            }
            s++;
        } else if (c < 0x80) {
            fputc(c, out);
            s++;
        } else {
            int len = utf8_sequence_length(s);
            if (len == 0) {
                fputs("\\ufffd", out);
                s++;
            } else {
                fwrite(s, 1, (size_t)len, out);
                s += len;
            }
        }
    }
}

void vks_json_string(vks_json *j, const char *s)
{
    before_item(j);
    fputc('"', j->out);
    vks_json_write_escaped(j->out, s ? s : "");
    fputc('"', j->out);
}

void vks_json_uint(vks_json *j, uint64_t v)
{
    before_item(j);
    fprintf(j->out, "%" PRIu64, v);
}

void vks_json_int(vks_json *j, int64_t v)
{
    before_item(j);
    fprintf(j->out, "%" PRId64, v);
}

void vks_json_bool(vks_json *j, bool v)
{
    before_item(j);
    fputs(v ? "true" : "false", j->out);
}

void vks_json_member_string(vks_json *j, const char *key, const char *s)
{
    vks_json_key(j, key);
    vks_json_string(j, s);
}

void vks_json_member_uint(vks_json *j, const char *key, uint64_t v)
{
    vks_json_key(j, key);
    vks_json_uint(j, v);
}

void vks_json_member_bool(vks_json *j, const char *key, bool v)
{
    vks_json_key(j, key);
    vks_json_bool(j, v);
}

void vks_json_member_object(vks_json *j, const char *key)
{
    vks_json_key(j, key);
    vks_json_object_begin(j);
}

void vks_json_member_array(vks_json *j, const char *key)
{
    vks_json_key(j, key);
    vks_json_array_begin(j);
}
