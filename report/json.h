/*
 * json.h - a small streaming JSON writer for the SARIF report.
 *
 * Private to report/.  It writes pretty-printed JSON (two-space indent) in
 * the order the calls are made, so the output is deterministic; it inserts
 * commas and indentation itself, and escapes strings per RFC 8259 section 7
 * (quotes, backslashes and control characters escaped; valid UTF-8 passes
 * through; an invalid UTF-8 byte becomes U+FFFD so the log stays valid JSON).
 */
#ifndef VKSYNC_REPORT_JSON_H
#define VKSYNC_REPORT_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define VKS_JSON_MAX_DEPTH 32

typedef struct {
    FILE *out;
    int depth;
    bool has_items[VKS_JSON_MAX_DEPTH]; /* a value was written at this depth */
    bool after_key;                     /* the next value completes a member */
} vks_json;

void vks_json_init(vks_json *j, FILE *out);
/* Ends the document with a newline. */
void vks_json_finish(vks_json *j);

void vks_json_object_begin(vks_json *j);
void vks_json_object_end(vks_json *j);
void vks_json_array_begin(vks_json *j);
void vks_json_array_end(vks_json *j);

/* Inside an object: the member name; the next value call is its value. */
void vks_json_key(vks_json *j, const char *key);

void vks_json_string(vks_json *j, const char *s);
void vks_json_uint(vks_json *j, uint64_t v);
void vks_json_int(vks_json *j, int64_t v);
void vks_json_bool(vks_json *j, bool v);

/* key + value in one call. */
void vks_json_member_string(vks_json *j, const char *key, const char *s);
void vks_json_member_uint(vks_json *j, const char *key, uint64_t v);
void vks_json_member_bool(vks_json *j, const char *key, bool v);
/* key + object_begin / array_begin. */
void vks_json_member_object(vks_json *j, const char *key);
void vks_json_member_array(vks_json *j, const char *key);

/* Writes s as the body of a JSON string (no surrounding quotes). */
void vks_json_write_escaped(FILE *out, const char *s);

#endif
