/*
 * sarif_sample.c - writes one SARIF log from findings built by hand, with
 * everything the CLI's examples may not exercise yet: notes of every kind,
 * more related locations than GitHub accepts, a call chain, a promoted
 * warning, a finding without a line, characters that need escaping, an
 * absolute path and input notifications.  run-sarif-schema.sh validates it
 * against the official schema.
 *
 * usage: sarif_sample SOURCE_FILE > sample.sarif
 */
#include <stdio.h>

#include "vksync/report.h"

int main(int argc, char **argv)
{
    const char *file = argc > 1 ? argv[1] : "example.c";
    vks_arena *arena = vks_arena_new();
    vks_findings f = {.arena = arena};

    vks_loc copy = {.file = file, .line = 12, .col = 5};
    vks_finding *raw = vks_finding_add(&f, VKS_RULE_HAZARD_RAW,
                                       "READ_AFTER_WRITE", copy,
                                       "vkCmdCopyBuffer reads 'staging' "
                                       "written at (2)");
    vks_finding_note(&f, raw, VKS_NOTE_PATH,
                     (vks_loc){.file = file, .line = 8, .col = 9},
                     "`upload` is true");
    vks_finding_note(&f, raw, VKS_NOTE_EARLIER_ACCESS,
                     (vks_loc){.file = file, .line = 9, .col = 5},
                     "vkCmdFillBuffer writes 'staging'");
    for (unsigned i = 0; i < 11; i++)
        vks_finding_note(&f, raw, VKS_NOTE_SYNC,
                         (vks_loc){.file = file, .line = 10, .col = 5 + i},
                         "barrier without TRANSFER_WRITE in srcAccessMask");
    vks_finding_note(&f, raw, VKS_NOTE_INFO, (vks_loc){0}, "no location");

    static const vks_loc helper_call = {.file = "/abs/path/main.c", .line = 40,
                                        .col = 3};
    vks_loc in_helper = {.file = file, .line = 20, .col = 5,
                         .caller = &helper_call};
    vks_finding *waw = vks_finding_add(&f, VKS_RULE_HAZARD_WAW,
                                       "WRITE_AFTER_WRITE", in_helper,
                                       "quote \" backslash \\ tab \t "
                                       "caf\xc3\xa9 \x7f");
    vks_finding_note(&f, waw, VKS_NOTE_EARLIER_ACCESS, helper_call,
                     "first write");
    vks_finding_add(&f, VKS_RULE_VKSYNC_INCOMPLETE, NULL,
                    (vks_loc){.file = file, .line = 0, .col = 0},
                    "loop bound not known: nothing after it is proved");
    vks_findings_sort(&f);

    vks_report_options options;
    vks_report_options_init(&options);
    options.as_error[VKS_RULE_VKSYNC_INCOMPLETE] = true;
    const char *inputs[] = {file, "/abs/path/main.c", "shaders/a b.spv"};
    const char *errors[] = {"shaders/a b.spv: not a SPIR-V module (magic 0x74736574)"};
    options.inputs = inputs;
    options.input_count = 3;
    options.notifications = errors;
    options.notification_count = 1;
    options.execution_successful = false;
    options.tool_version = "0.1.0";
    vks_stats stats = {.pairs_proved_ordered = 4, .paths_explored = 2,
                       .unknown_questions = 1, .incomplete = 1,
                       .unknown_by_reason[VKS_UNKNOWN_BARRIER_MASK] = 1};
    vks_report_sarif(stdout, &f, &stats, &options);
    vks_arena_free(arena);
    return 0;
}
