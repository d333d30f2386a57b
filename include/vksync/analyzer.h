/*
 * analyzer.h - the C front end: C sources (libclang) to command IR.
 * libclang's types never leave analyzer/ (docs/design.md, "Foreign types
 * stay in their folder").
 */
#ifndef VKSYNC_ANALYZER_H
#define VKSYNC_ANALYZER_H

#include <stddef.h>

#include "vksync/finding.h"
#include "vksync/ir.h"
#include "vksync/spirv.h"

typedef struct {
    const char *compdb_dir;     /* -p DIR, or NULL */
    const char *const *extra_args; /* after "--" */
    size_t extra_arg_count;
    /* The shaders given on the command line: dispatches whose pipeline's
       module is one of them get its accesses (analyzer/pipeline_link.c).
       Read when vks_frontend_analyze runs. */
    const vks_shader_summary *const *shaders;
    size_t shader_count;
} vks_frontend_options;

/*
 * Program-level use (several files, helpers defined in another file): add
 * every file first, then analyse once.  vks_frontend_add_file parses one
 * file and returns 0, or 2 with *error set as above (the other files are
 * still analysed).  vks_frontend_analyze appends every recorded command
 * buffer to the program given to vks_frontend_new.  vks_frontend_free
 * releases libclang's memory (the IR lives on in the program's arena).
 */
typedef struct vks_frontend vks_frontend;

/* Whether DIR/compile_commands.json (-p DIR) loads: 0, or 2 with *error a
   one-line message naming it (arena memory).  Call it once before the files;
   on failure, analyse them without compdb_dir. */
int vks_compdb_check(const char *dir, vks_arena *arena, const char **error);

/* The source files of DIR/compile_commands.json (absolute paths, each once,
   arena memory), for a run with -p DIR and no files.  Returns 2 when the
   database does not load (vks_compdb_check says why). */
int vks_compdb_files(const char *dir, vks_arena *arena, const char ***files,
                     size_t *count);
vks_frontend *vks_frontend_new(const vks_frontend_options *options,
                               vks_program *program, vks_findings *findings,
                               vks_stats *stats);
int vks_frontend_add_file(vks_frontend *fe, const char *path, const char **error);

/*
 * vks_frontend_add_file in two steps, for -j N: vks_frontend_parse parses
 * one file (its own CXIndex; memory from `arena`, which must live as long
 * as the front end and which no other thread uses meanwhile) and may run on
 * several threads at once for different files; vks_frontend_add_parsed
 * then adds the parsed files, one thread, in input order (the order decides
 * nothing but the default path of messages; it is kept anyway so that the
 * output never depends on N).
 */
typedef struct vks_parsed_file vks_parsed_file;
int vks_frontend_parse(vks_frontend *fe, const char *path, vks_arena *arena,
                       vks_parsed_file **out, const char **error);
void vks_frontend_add_parsed(vks_frontend *fe, vks_parsed_file *file);
void vks_frontend_analyze(vks_frontend *fe);
void vks_frontend_free(vks_frontend *fe);

#endif
