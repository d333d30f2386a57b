/*
 * analyzer.h - the C front end: C sources (libclang) to command IR.
 * libclang's types never leave analyzer/ (DESIGN.md section 5).
 */
#ifndef VKSYNC_ANALYZER_H
#define VKSYNC_ANALYZER_H

#include <stddef.h>

#include "vksync/finding.h"
#include "vksync/ir.h"

typedef struct {
    const char *compdb_dir;     /* -p DIR, or NULL */
    const char *const *extra_args; /* after "--" */
    size_t extra_arg_count;
} vks_frontend_options;

/*
 * Parses one C file and appends every command buffer it records to program.
 * Returns 0 when the file was analysed (possibly with vksync-incomplete
 * findings), 2 when it could not be read or parsed at all; then *error holds
 * a one-line message (arena memory) naming the file.
 */
int vks_analyze_c_file(const char *path, const vks_frontend_options *options,
                       vks_program *program, vks_findings *findings,
                       vks_stats *stats, const char **error);

#endif
