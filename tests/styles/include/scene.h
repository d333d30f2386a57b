/*
 * scene.h - a frame description in a JSON-like text, parsed at start-up
 * by a small recursive-descent parser into an array of passes that the
 * program's frame loop records.
 *
 *     { buffers: 3, bytes: 1024,
 *       passes: [ {op: fill, dst: 0, value: 7},
 *                 {op: barrier, from: transfer, to: transfer},
 *                 {op: copy, src: 0, dst: 1} ] }
 *
 * Keys and bare words are identifiers, values identifiers or unsigned
 * numbers (strtoul's: 0x... in hex); quotes are allowed around a word.
 * One function a construct (parse_scene, parse_passes, parse_pass), and
 * skip_value() recursing over whatever a key the parser does not know
 * holds.  A pass keeps its words (op, from, to) as text; the program maps
 * them to operations, stages and access masks with its own tables.
 * scene_parse() returns 0, or -1 with the offending offset in
 * scene->error_at.
 */
#ifndef SCENE_H
#define SCENE_H

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "lite.h"

#define SCENE_MAX_PASSES 16
#define SCENE_WORD 16

enum tok { TOK_EOF, TOK_WORD, TOK_NUMBER, TOK_PUNCT, TOK_ERROR };

struct lexer {
    const char *src, *p;
    enum tok kind;
    char word[SCENE_WORD];
    unsigned long number;
    char punct;
};

struct scene_pass {
    char op[SCENE_WORD];
    char from[SCENE_WORD], to[SCENE_WORD];
    int src, dst;
    unsigned long value;
};

struct scene {
    unsigned buffers;
    VkDeviceSize bytes;
    struct scene_pass passes[SCENE_MAX_PASSES];
    unsigned count;
    long error_at;
};

static enum tok lex(struct lexer *lx)
{
    while (isspace((unsigned char)*lx->p))
        lx->p++;
    if (*lx->p == '\0')
        return lx->kind = TOK_EOF;
    if (*lx->p == '"' || isalpha((unsigned char)*lx->p) || *lx->p == '_') {
        int quoted = *lx->p == '"';
        size_t n = 0;
        if (quoted)
            lx->p++;
        while (isalnum((unsigned char)*lx->p) || *lx->p == '_') {
            if (n + 1 < SCENE_WORD)
                lx->word[n++] = *lx->p;
            lx->p++;
        }
        lx->word[n] = '\0';
        if (quoted && *lx->p++ != '"')
            return lx->kind = TOK_ERROR;
        return lx->kind = TOK_WORD;
    }
    if (isdigit((unsigned char)*lx->p)) {
        char *end;
        lx->number = strtoul(lx->p, &end, 0);
        lx->p = end;
        return lx->kind = TOK_NUMBER;
    }
    lx->punct = *lx->p++;
    return lx->kind = TOK_PUNCT;
}

static int expect(struct lexer *lx, char c)
{
    if (lx->kind != TOK_PUNCT || lx->punct != c)
        return -1;
    lex(lx);
    return 0;
}

/* Any value, skipped: a word, a number, or an object or array of values
   (recursively) - keys the parser does not know are ignored. */
static int skip_value(struct lexer *lx)
{
    if (lx->kind == TOK_WORD || lx->kind == TOK_NUMBER) {
        lex(lx);
        return 0;
    }
    if (lx->kind != TOK_PUNCT || (lx->punct != '{' && lx->punct != '['))
        return -1;
    char close = lx->punct == '{' ? '}' : ']';
    lex(lx);
    while (!(lx->kind == TOK_PUNCT && lx->punct == close)) {
        if (close == '}') {
            if (lx->kind != TOK_WORD)
                return -1;
            lex(lx);
            if (expect(lx, ':') != 0)
                return -1;
        }
        if (skip_value(lx) != 0)
            return -1;
        if (lx->kind == TOK_PUNCT && lx->punct == ',')
            lex(lx);
    }
    lex(lx);
    return 0;
}

/* `key:` - the key copied into `key`, the lexer left on the value. */
static int parse_key(struct lexer *lx, char *key)
{
    if (lx->kind != TOK_WORD)
        return -1;
    strcpy(key, lx->word);
    lex(lx);
    return expect(lx, ':');
}

/* `{op: copy, src: 0, dst: 1}` */
static int parse_pass(struct lexer *lx, struct scene_pass *pass)
{
    char key[SCENE_WORD];

    memset(pass, 0, sizeof *pass);
    pass->src = pass->dst = -1;
    if (expect(lx, '{') != 0)
        return -1;
    while (lx->kind == TOK_WORD) {
        if (parse_key(lx, key) != 0)
            return -1;
        char *word = !strcmp(key, "op") ? pass->op
                   : !strcmp(key, "from") ? pass->from
                   : !strcmp(key, "to") ? pass->to : NULL;
        if (word && lx->kind == TOK_WORD)
            strcpy(word, lx->word);
        else if (!strcmp(key, "src") && lx->kind == TOK_NUMBER)
            pass->src = (int)lx->number;
        else if (!strcmp(key, "dst") && lx->kind == TOK_NUMBER)
            pass->dst = (int)lx->number;
        else if (!strcmp(key, "value") && lx->kind == TOK_NUMBER)
            pass->value = lx->number;
        else if (skip_value(lx) != 0)
            return -1;
        else
            goto skipped; /* the lexer is past it already */
        lex(lx);
skipped:
        if (lx->kind == TOK_PUNCT && lx->punct == ',')
            lex(lx);
    }
    return expect(lx, '}');
}

/* `[ pass, pass, ... ]` */
static int parse_passes(struct lexer *lx, struct scene *scene)
{
    if (expect(lx, '[') != 0)
        return -1;
    while (lx->kind == TOK_PUNCT && lx->punct == '{') {
        if (scene->count == SCENE_MAX_PASSES ||
            parse_pass(lx, &scene->passes[scene->count]) != 0)
            return -1;
        scene->count++;
        if (lx->kind == TOK_PUNCT && lx->punct == ',')
            lex(lx);
    }
    return expect(lx, ']');
}

/* `{ buffers: N, bytes: N, passes: [...] }` */
static int parse_scene(struct lexer *lx, struct scene *scene)
{
    char key[SCENE_WORD];

    if (expect(lx, '{') != 0)
        return -1;
    while (lx->kind == TOK_WORD) {
        if (parse_key(lx, key) != 0)
            return -1;
        if (!strcmp(key, "passes")) {
            if (parse_passes(lx, scene) != 0)
                return -1;
        } else if (lx->kind == TOK_NUMBER && !strcmp(key, "buffers")) {
            scene->buffers = (unsigned)lx->number;
            lex(lx);
        } else if (lx->kind == TOK_NUMBER && !strcmp(key, "bytes")) {
            scene->bytes = lx->number;
            lex(lx);
        } else if (skip_value(lx) != 0) {
            return -1;
        }
        if (lx->kind == TOK_PUNCT && lx->punct == ',')
            lex(lx);
    }
    return expect(lx, '}');
}

static int scene_parse(struct scene *scene, const char *text)
{
    struct lexer lx = {.src = text, .p = text};

    memset(scene, 0, sizeof *scene);
    lex(&lx);
    if (parse_scene(&lx, scene) != 0 || lx.kind != TOK_EOF) {
        scene->error_at = (long)(lx.p - lx.src);
        return -1;
    }
    return 0;
}

#endif
