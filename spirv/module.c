/*
 * module.c - loading a SPIR-V module safely: binary or assembly in, an
 * instruction table out.
 *
 * Nothing downstream may read a word that is not there or index a table
 * with an id at or above the module's bound, so this file checks, before
 * anything else looks at the words: the 5-word header and the magic
 * (either byte order), every instruction's word count against the words
 * left, and every id operand (typed by SPIRV-Tools' grammar through
 * spvBinaryParse) against the bound.  A module that fails these checks is
 * not analysed (exit status 2, one line naming the file); a module that
 * passes them but not spirv-val is analysed as it is (spirv.c adds a
 * shader-module-invalid note).
 */
#include "module.h"

#include <spirv-tools/libspirv.h>
#include <spirv/unified1/spirv.h>
#include <stdio.h>
#include <string.h>

/* SPIR-V 2.17 "Universal Limits": ids are below 4,194,303; a larger bound
   would also make the per-id tables absurdly large. */
#define MAX_ID_BOUND 0x3FFFFFu

static uint32_t swap32(uint32_t v)
{
    return (v >> 24) | ((v >> 8) & 0xff00u) | ((v << 8) & 0xff0000u) | (v << 24);
}

static void strip_newlines(char *s)
{
    for (; *s; s++)
        if (*s == '\n' || *s == '\r')
            *s = ' ';
}

static const char *diag_text(spv_module *m, spv_diagnostic diag)
{
    char *text = vks_arena_strdup(m->arena, diag && diag->error ? diag->error
                                                                : "unknown error");
    strip_newlines(text);
    size_t n = strlen(text);
    while (n && text[n - 1] == ' ')
        text[--n] = 0;
    return text;
}

/* ---- .spvasm: assemble with SPIRV-Tools, keep each instruction's line ---- */

/*
 * Lines of the instructions in assembly text: an instruction starts at each
 * token "Op[A-Z]..." outside comments and strings.  Used only when the
 * count matches the assembled module's instruction count.
 */
static unsigned *text_instruction_lines(vks_arena *arena, const char *text,
                                        size_t size, size_t *count)
{
    unsigned *lines = NULL;
    size_t n = 0, cap = 0;
    unsigned line = 1;
    bool in_string = false, in_comment = false;
    for (size_t i = 0; i < size; i++) {
        char c = text[i];
        if (c == '\n') {
            line++;
            in_comment = false;
            continue;
        }
        if (in_comment)
            continue;
        if (in_string) {
            if (c == '\\' && i + 1 < size)
                i++;
            else if (c == '"')
                in_string = false;
            continue;
        }
        if (c == '"') {
            in_string = true;
        } else if (c == ';') {
            in_comment = true;
        } else if (c == 'O' && i + 2 < size && text[i + 1] == 'p' &&
                   text[i + 2] >= 'A' && text[i + 2] <= 'Z' &&
                   (i == 0 || text[i - 1] == ' ' || text[i - 1] == '\t' ||
                    text[i - 1] == '\n' || text[i - 1] == '=')) {
            VKS_PUSH(arena, lines, n, cap, line);
            while (i + 1 < size && text[i + 1] != ' ' && text[i + 1] != '\t' &&
                   text[i + 1] != '\n')
                i++;
        }
    }
    *count = n;
    return lines;
}

static int assemble(spv_module *m, const char *text, size_t size,
                    uint32_t **words, size_t *nwords, const char **error)
{
    spv_context ctx = spvContextCreate(SPV_ENV_UNIVERSAL_1_6);
    spv_binary binary = NULL;
    spv_diagnostic diag = NULL;
    spv_result_t r = spvTextToBinaryWithOptions(
        ctx, text, size, SPV_TEXT_TO_BINARY_OPTION_PRESERVE_NUMERIC_IDS,
        &binary, &diag);
    int status = 0;
    if (r != SPV_SUCCESS) {
        size_t line = diag ? diag->position.line + 1 : 0;
        size_t col = diag ? diag->position.column + 1 : 0;
        *error = vks_arena_printf(m->arena, "%s:%zu:%zu: not valid SPIR-V assembly: %s",
                                  m->path, line, col, diag_text(m, diag));
        status = 2;
    } else {
        *nwords = binary->wordCount;
        *words = vks_arena_alloc(m->arena, (binary->wordCount + 1) * 4);
        memcpy(*words, binary->code, binary->wordCount * 4);
    }
    spvBinaryDestroy(binary);
    spvDiagnosticDestroy(diag);
    spvContextDestroy(ctx);
    return status;
}

/* ---- binary checks done here, before any operand is read ---- */

static int check_binary(spv_module *m, const char **error)
{
    if (m->nwords < 5) {
        *error = vks_arena_printf(m->arena,
                                  "%s: not a SPIR-V module (%zu words, shorter than the 5-word header)",
                                  m->path, m->nwords);
        return 2;
    }
    if (m->words[0] == swap32(SpvMagicNumber)) {
        for (size_t i = 0; i < m->nwords; i++)
            m->words[i] = swap32(m->words[i]);
    }
    if (m->words[0] != SpvMagicNumber) {
        *error = vks_arena_printf(m->arena, "%s: not a SPIR-V module (magic 0x%08x)",
                                  m->path, m->words[0]);
        return 2;
    }
    m->version = m->words[1];
    m->bound = m->words[3];
    if (m->bound == 0 || m->bound > MAX_ID_BOUND) {
        *error = vks_arena_printf(m->arena,
                                  "%s: malformed SPIR-V module (id bound %u outside 1..%u)",
                                  m->path, m->bound, MAX_ID_BOUND);
        return 2;
    }
    size_t at = 5;
    while (at < m->nwords) {
        uint32_t count = m->words[at] >> 16;
        if (count == 0) {
            *error = vks_arena_printf(m->arena,
                                      "%s: malformed SPIR-V module (instruction at word %zu has word count 0)",
                                      m->path, at);
            return 2;
        }
        if (count > m->nwords - at) {
            *error = vks_arena_printf(m->arena,
                                      "%s: truncated SPIR-V module (instruction at word %zu needs %u words, %zu left)",
                                      m->path, at, count, m->nwords - at);
            return 2;
        }
        at += count;
    }
    return 0;
}

typedef struct {
    spv_module *m;
    const char *error;
    size_t at; /* word offset of the instruction being parsed */
} parse_state;

static spv_result_t on_instruction(void *user, const spv_parsed_instruction_t *p)
{
    parse_state *st = user;
    spv_module *m = st->m;
    /* Point into our own (already byte-order-corrected) words: the parser's
       buffer does not outlive the callback. */
    spv_inst in = {.w = m->words + st->at,
                   .nwords = p->num_words,
                   .opcode = p->opcode,
                   .type_id = p->type_id,
                   .result_id = p->result_id,
                   .func = NO_INDEX,
                   .block = NO_INDEX};
    /* Ids are checked against the bound here, once: everything after may
       index per-id tables with any id operand. */
    in.id_words = vks_arena_alloc(m->arena, (p->num_operands + 1) * sizeof *in.id_words);
    for (uint16_t i = 0; i < p->num_operands; i++) {
        const spv_parsed_operand_t *op = &p->operands[i];
        bool is_id = op->type == SPV_OPERAND_TYPE_ID ||
                     op->type == SPV_OPERAND_TYPE_TYPE_ID ||
                     op->type == SPV_OPERAND_TYPE_RESULT_ID ||
                     op->type == SPV_OPERAND_TYPE_MEMORY_SEMANTICS_ID ||
                     op->type == SPV_OPERAND_TYPE_SCOPE_ID;
        if (!is_id || op->offset >= p->num_words)
            continue;
        uint32_t id = p->words[op->offset];
        if (id == 0 || id >= m->bound) {
            st->error = vks_arena_printf(m->arena,
                                         "%s: malformed SPIR-V module (instruction %zu uses id %u, outside 1..%u)",
                                         m->path, m->ninsts + 1, id, m->bound - 1);
            return SPV_ERROR_INVALID_ID;
        }
        if (op->type == SPV_OPERAND_TYPE_ID || op->type == SPV_OPERAND_TYPE_MEMORY_SEMANTICS_ID ||
            op->type == SPV_OPERAND_TYPE_SCOPE_ID)
            in.id_words[in.id_count++] = op->offset;
    }
    st->at += p->num_words;
    VKS_PUSH(m->arena, m->insts, m->ninsts, m->inst_cap, in);
    return SPV_SUCCESS;
}

static int parse(spv_module *m, const char **error)
{
    spv_context ctx = spvContextCreate(SPV_ENV_UNIVERSAL_1_6);
    spv_diagnostic diag = NULL;
    parse_state st = {.m = m, .at = 5};
    spv_result_t r = spvBinaryParse(ctx, &st, m->words, m->nwords, NULL,
                                    on_instruction, &diag);
    int status = 0;
    if (r != SPV_SUCCESS) {
        *error = st.error ? st.error
                          : vks_arena_printf(m->arena,
                                             "%s: malformed SPIR-V module (word %zu: %s)",
                                             m->path, diag ? diag->position.index : 0,
                                             diag_text(m, diag));
        status = 2;
    }
    spvDiagnosticDestroy(diag);
    spvContextDestroy(ctx);
    return status;
}

/* ---- tables by id: definitions, decorations, names, source locations ---- */

const spv_inst *spv_def(const spv_module *m, uint32_t id)
{
    if (id == 0 || id >= m->bound || m->def[id] == NO_INDEX)
        return NULL;
    return &m->insts[m->def[id]];
}

const char *spv_literal_string(spv_module *m, const spv_inst *inst, uint32_t at)
{
    if (at >= inst->nwords)
        return "";
    size_t max = (size_t)(inst->nwords - at) * 4;
    const char *bytes = (const char *)&inst->w[at];
    size_t len = strnlen(bytes, max);
    char *s = vks_arena_alloc(m->arena, len + 1);
    memcpy(s, bytes, len);
    return s;
}

bool spv_const_u32(const spv_module *m, uint32_t id, uint32_t *value)
{
    const spv_inst *d = spv_def(m, id);
    if (!d || d->opcode != SpvOpConstant || d->nwords < 4)
        return false;
    *value = d->w[3];
    return true;
}

const char *spv_id_name(const spv_module *m, uint32_t id)
{
    if (id < m->bound && m->names[id] && m->names[id][0])
        return vks_arena_printf(m->arena, "'%s'", m->names[id]);
    return vks_arena_printf(m->arena, "%%%u", id);
}

uint32_t spv_pointer_storage_class(const spv_module *m, uint32_t id)
{
    const spv_inst *d = spv_def(m, id);
    const spv_inst *t = d ? spv_def(m, d->type_id) : NULL;
    if (!t || t->opcode != SpvOpTypePointer || t->nwords < 4)
        return UINT32_MAX;
    return t->w[2];
}

/* The column of the first non-blank character of line `line` in `text`
   (1 when the line is not there): where a statement starts, for OpLine
   instructions that give no column (glslang writes 0). */
static unsigned first_column(const char *text, unsigned line)
{
    if (!text)
        return 1;
    for (unsigned l = 1; l < line; l++) {
        text = strchr(text, '\n');
        if (!text)
            return 1;
        text++;
    }
    unsigned col = 1;
    while (text[col - 1] == ' ' || text[col - 1] == '\t')
        col++;
    return text[col - 1] && text[col - 1] != '\n' ? col : 1;
}

static void fill_tables(spv_module *m, const unsigned *text_lines)
{
    size_t b = m->bound;
    m->def = vks_arena_alloc(m->arena, b * sizeof *m->def);
    m->builtin = vks_arena_alloc(m->arena, b * sizeof *m->builtin);
    m->desc_set = vks_arena_alloc(m->arena, b * sizeof *m->desc_set);
    m->binding = vks_arena_alloc(m->arena, b * sizeof *m->binding);
    m->deco_flags = vks_arena_alloc(m->arena, b);
    m->names = vks_arena_alloc(m->arena, b * sizeof *m->names);
    memset(m->def, 0xff, b * sizeof *m->def);
    memset(m->builtin, 0xff, b * sizeof *m->builtin);
    memset(m->desc_set, 0xff, b * sizeof *m->desc_set);
    memset(m->binding, 0xff, b * sizeof *m->binding);
    /* Member decorations: count members marked NonWritable/NonReadable. */
    uint32_t *nonwritable_members = vks_arena_alloc(m->arena, b * sizeof(uint32_t));
    uint32_t *nonreadable_members = vks_arena_alloc(m->arena, b * sizeof(uint32_t));

    const char **strings = vks_arena_alloc(m->arena, b * sizeof *strings);
    /* Source text embedded by OpSource (+ OpSourceContinued), by file id. */
    const char **sources = vks_arena_alloc(m->arena, b * sizeof *sources);
    uint32_t last_source_file = 0;
    vks_loc line_loc = {0};
    bool line_active = false;
    for (size_t i = 0; i < m->ninsts; i++) {
        spv_inst *in = &m->insts[i];
        const uint32_t *w = in->w;
        if (in->result_id)
            m->def[in->result_id] = (uint32_t)i;
        switch (in->opcode) {
        case SpvOpString:
            strings[in->result_id] = spv_literal_string(m, in, 2);
            break;
        case SpvOpSource:
            last_source_file = 0;
            if (in->nwords >= 5) {
                sources[w[3]] = spv_literal_string(m, in, 4);
                last_source_file = w[3];
            }
            break;
        case SpvOpSourceContinued:
            if (last_source_file)
                sources[last_source_file] = vks_arena_printf(
                    m->arena, "%s%s", sources[last_source_file], spv_literal_string(m, in, 1));
            break;
        case SpvOpName:
            m->names[w[1]] = spv_literal_string(m, in, 2);
            break;
        case SpvOpMemoryModel:
            m->vulkan_memory_model = in->nwords >= 3 && w[2] == SpvMemoryModelVulkan;
            break;
        case SpvOpDecorate:
            if (in->nwords < 3)
                break;
            switch (w[2]) {
            case SpvDecorationBuiltIn:
                if (in->nwords >= 4)
                    m->builtin[w[1]] = w[3];
                break;
            case SpvDecorationDescriptorSet:
                if (in->nwords >= 4)
                    m->desc_set[w[1]] = w[3];
                break;
            case SpvDecorationBinding:
                if (in->nwords >= 4)
                    m->binding[w[1]] = w[3];
                break;
            case SpvDecorationBlock: m->deco_flags[w[1]] |= DECO_BLOCK; break;
            case SpvDecorationBufferBlock: m->deco_flags[w[1]] |= DECO_BUFFER_BLOCK; break;
            case SpvDecorationNonWritable: m->deco_flags[w[1]] |= DECO_NON_WRITABLE; break;
            case SpvDecorationNonReadable: m->deco_flags[w[1]] |= DECO_NON_READABLE; break;
            default: break;
            }
            break;
        case SpvOpMemberDecorate:
            if (in->nwords < 4)
                break;
            if (w[3] == SpvDecorationBuiltIn && in->nwords >= 5)
                m->builtin[w[1]] = w[4]; /* a builtin block (gl_PerVertex) */
            if (w[3] == SpvDecorationNonWritable)
                nonwritable_members[w[1]]++;
            if (w[3] == SpvDecorationNonReadable)
                nonreadable_members[w[1]]++;
            break;
        default:
            break;
        }
        /* Source location: OpLine applies until OpNoLine or the end of the
           block (SPIR-V 3.32.2); without it, the instruction itself. */
        if (in->opcode == SpvOpLine && in->nwords >= 4) {
            const char *file = strings[w[1]];
            line_loc = (vks_loc){.file = file ? file : m->path,
                                 .line = w[2],
                                 .col = w[3] ? w[3] : first_column(sources[w[1]], w[2])};
            line_active = true;
            m->has_debug_lines = true;
        } else if (in->opcode == SpvOpNoLine) {
            line_active = false;
        }
        if (line_active)
            in->loc = line_loc;
        else
            in->loc = (vks_loc){.file = m->path,
                                .line = text_lines ? text_lines[i] : (unsigned)(i + 1),
                                .col = 1};
        switch (in->opcode) {
        case SpvOpBranch: case SpvOpBranchConditional: case SpvOpSwitch:
        case SpvOpReturn: case SpvOpReturnValue: case SpvOpKill:
        case SpvOpUnreachable: case SpvOpTerminateInvocation:
        case SpvOpFunctionEnd:
            line_active = false;
            break;
        default:
            break;
        }
    }
    /* A struct all of whose members are NonWritable is read-only as a whole. */
    for (size_t i = 0; i < m->ninsts; i++) {
        const spv_inst *in = &m->insts[i];
        if (in->opcode != SpvOpTypeStruct)
            continue;
        uint32_t members = in->nwords - 2;
        if (members && nonwritable_members[in->result_id] >= members)
            m->deco_flags[in->result_id] |= DECO_ALL_MEMBERS_NON_WRITABLE;
        if (members && nonreadable_members[in->result_id] >= members)
            m->deco_flags[in->result_id] |= DECO_ALL_MEMBERS_NON_READABLE;
    }
}

int spv_module_load(spv_module *m, const char *path, const void *data,
                    size_t size, bool is_text, const char **error)
{
    m->path = vks_arena_strdup(m->arena, path);
    unsigned *text_lines = NULL;
    if (is_text) {
        if (assemble(m, data, size, &m->words, &m->nwords, error))
            return 2;
    } else {
        if (size % 4 != 0 && size >= 4) {
            uint32_t magic;
            memcpy(&magic, data, 4);
            if (magic != SpvMagicNumber && magic != swap32(SpvMagicNumber)) {
                *error = vks_arena_printf(m->arena, "%s: not a SPIR-V module (magic 0x%08x)",
                                          path, magic);
                return 2;
            }
            *error = vks_arena_printf(m->arena,
                                      "%s: truncated SPIR-V module (%zu bytes is not a whole number of words)",
                                      path, size);
            return 2;
        }
        m->nwords = size / 4;
        m->words = vks_arena_alloc(m->arena, (m->nwords + 1) * 4);
        memcpy(m->words, data, m->nwords * 4);
    }
    if (check_binary(m, error) || parse(m, error))
        return 2;
    /* A module cut at an instruction boundary still parses; a function left
       open (no OpFunctionEnd) is how such a truncation shows. */
    bool open_function = false;
    for (size_t i = 0; i < m->ninsts; i++) {
        if (m->insts[i].opcode == SpvOpFunction)
            open_function = true;
        else if (m->insts[i].opcode == SpvOpFunctionEnd)
            open_function = false;
    }
    if (open_function) {
        *error = vks_arena_printf(m->arena,
                                  "%s: truncated SPIR-V module (the last function has no OpFunctionEnd)",
                                  path);
        return 2;
    }
    if (is_text) {
        size_t count;
        text_lines = text_instruction_lines(m->arena, data, size, &count);
        if (count != m->ninsts)
            text_lines = NULL; /* odd layout: fall back to ordinals */
    }
    fill_tables(m, text_lines);
    return 0;
}

const char *spv_module_validate(spv_module *m, uint32_t *inst)
{
    *inst = NO_INDEX;
    spv_context ctx = spvContextCreate(SPV_ENV_VULKAN_1_3);
    spv_diagnostic diag = NULL;
    spv_const_binary_t binary = {m->words, m->nwords};
    spv_result_t r = spvValidate(ctx, &binary, &diag);
    const char *msg = NULL;
    if (r != SPV_SUCCESS) {
        msg = diag_text(m, diag);
        /* The diagnostic's position is not documented as a word or an
           instruction index: point at the module's first instruction. */
        if (m->ninsts)
            *inst = 0;
    }
    spvDiagnosticDestroy(diag);
    spvContextDestroy(ctx);
    return msg;
}
