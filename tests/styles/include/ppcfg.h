/*
 * ppcfg.h - a post-processing chain configured by bit flags, as a demo
 * parses its options at start-up: defaults, then the PP_FLAGS environment
 * variable (a number: `PP_FLAGS=0x5`), then the command line (`--sharpen`,
 * `--no-blur`, `--iterations=N`).  Passes test `cfg.flags & PP_BLUR` and
 * are recorded or skipped at run time.
 *
 *     struct pp_config cfg = pp_parse(argc, argv);
 *     if (cfg.flags & PP_VERBOSE) pp_print(&cfg);
 */
#ifndef PPCFG_H
#define PPCFG_H

#include "lite.h"

enum pp_flag {
    PP_BLUR = 1u << 0,
    PP_SHARPEN = 1u << 1,
    PP_TONEMAP = 1u << 2,
    PP_READBACK = 1u << 3,
    PP_VERBOSE = 1u << 4,
};

#define PP_DEFAULT_FLAGS (PP_BLUR | PP_READBACK)

struct pp_config {
    unsigned flags;
    unsigned iterations;
};

static const struct {
    const char *name;
    unsigned flag;
} pp_options[] = {
    {"blur", PP_BLUR},
    {"sharpen", PP_SHARPEN},
    {"tonemap", PP_TONEMAP},
    {"readback", PP_READBACK},
    {"verbose", PP_VERBOSE},
};

#define PP_OPTION_COUNT (sizeof pp_options / sizeof pp_options[0])

static inline int pp_option(const char *arg, struct pp_config *cfg)
{
    if (strncmp(arg, "--", 2) != 0)
        return 0;
    arg += 2;
    if (strncmp(arg, "iterations=", 11) == 0) {
        cfg->iterations = (unsigned)strtoul(arg + 11, NULL, 10);
        return 1;
    }
    int negate = strncmp(arg, "no-", 3) == 0;
    if (negate)
        arg += 3;
    for (size_t k = 0; k < PP_OPTION_COUNT; k++) {
        if (strcmp(arg, pp_options[k].name) == 0) {
            if (negate)
                cfg->flags &= ~pp_options[k].flag;
            else
                cfg->flags |= pp_options[k].flag;
            return 1;
        }
    }
    return 0;
}

static inline struct pp_config pp_parse(int argc, char **argv)
{
    struct pp_config cfg = {PP_DEFAULT_FLAGS, 1};
    const char *env = getenv("PP_FLAGS");
    if (env && *env)
        cfg.flags = (unsigned)strtoul(env, NULL, 0);
    for (int i = 1; i < argc; i++)
        if (!pp_option(argv[i], &cfg))
            fprintf(stderr, "unknown option %s\n", argv[i]);
    if (cfg.iterations == 0 || cfg.iterations > 4)
        cfg.iterations = 1;
    return cfg;
}

static inline void pp_print(const struct pp_config *cfg)
{
    printf("passes:");
    for (size_t k = 0; k < PP_OPTION_COUNT; k++)
        if (cfg->flags & pp_options[k].flag)
            printf(" %s", pp_options[k].name);
    printf(", %u iteration(s)\n", cfg->iterations);
}

#endif
