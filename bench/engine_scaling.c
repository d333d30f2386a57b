/*
 * engine_scaling.c - shows that the hazard engine's cost grows about linearly
 * with the number of commands (the formal execution-dependency rules,
 * docs/design.md "Sources", warn that their literal pairwise reading is
 * O(n^2)).
 *
 * Builds command streams of N and 2N commands over many buffers (their
 * number grows with N), mixing fills, copies, dispatches, buffer barriers
 * and global barriers, checks each, and prints the times and their ratio:
 * about 2 means linear, about 4 quadratic.  Not a test: timing is noisy.
 *
 *     build/bench_engine [N]      (default N = 200000)
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <vulkan/vulkan_core.h>

#include "vksync/engine.h"

static vks_loc at(unsigned line)
{
    return (vks_loc){.file = "bench.c", .line = line, .col = 1};
}

static void add_access(vks_program *p, uint32_t cb, const char *name,
                       unsigned line, vks_res_id res, uint64_t off,
                       uint64_t stage, uint64_t access)
{
    vks_cmd *c = vks_add_cmd(p, cb, VKS_CMD_ACTION, name, at(line));
    vks_cmd_add_access(p, c, vks_known_access(vks_buffer_region(res, off, 64),
                                              stage, access));
}

/* A stream of n commands: resources are used in a sliding window (each
   buffer is written, made visible, read a few times, then left), with a
   global barrier every 16 commands and a pool of 64 long-lived buffers
   used round-robin throughout; one deliberate hazard every 1024. */
static vks_program *build_stream(vks_arena *arena, size_t n)
{
    vks_program *p = vks_program_new(arena);
    uint32_t cb = vks_begin_cmdbuf(p, "cmd", "bench", at(1));
    enum { POOL = 64 };
    vks_res_id pool[POOL];
    for (int i = 0; i < POOL; i++)
        pool[i] = vks_add_buffer(p, "pool", 4096, at(2));
    vks_res_id current = vks_add_buffer(p, "window", 4096, at(3));
    unsigned seed = 12345;
    for (size_t i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        unsigned line = 10 + (unsigned)(i % 1000);
        uint64_t off = (uint64_t)((seed >> 8) % 64) * 64;
        switch (i % 8) {
        case 0:
            current = vks_add_buffer(p, "window", 4096, at(3));
            add_access(p, cb, "vkCmdFillBuffer", line, current, off,
                       VK_PIPELINE_STAGE_2_CLEAR_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
            break;
        case 1: {
            vks_cmd *c = vks_add_cmd(p, cb, VKS_CMD_BARRIER,
                                     "vkCmdPipelineBarrier2", at(line));
            vks_cmd_add_barrier(p, c, vks_buffer_barrier(
                VKS_MASK(VK_PIPELINE_STAGE_2_CLEAR_BIT),
                VKS_MASK(VK_ACCESS_2_TRANSFER_WRITE_BIT),
                VKS_MASK(VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT),
                VKS_MASK(VK_ACCESS_2_SHADER_STORAGE_READ_BIT),
                vks_whole_region(current), at(line)));
            break;
        }
        case 3:
            if (i % 1024 == 3) { /* a deliberate write-after-read */
                add_access(p, cb, "vkCmdFillBuffer", line, current, off,
                           VK_PIPELINE_STAGE_2_CLEAR_BIT,
                           VK_ACCESS_2_TRANSFER_WRITE_BIT);
                break;
            }
            /* fall through */
        case 2:
            add_access(p, cb, "vkCmdDispatch", line, current, off,
                       VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                       VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
            break;
        case 4:
            add_access(p, cb, "vkCmdDispatch", line, pool[(i / 8) % POOL], off,
                       VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                       VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
            break;
        case 5:
            add_access(p, cb, "vkCmdCopyBuffer", line, pool[(i / 8 + 7) % POOL],
                       off, VK_PIPELINE_STAGE_2_COPY_BIT,
                       VK_ACCESS_2_TRANSFER_READ_BIT);
            break;
        case 6:
            if (i % 16 == 6) {
                vks_cmd *c = vks_add_cmd(p, cb, VKS_CMD_BARRIER,
                                         "vkCmdPipelineBarrier2", at(line));
                vks_cmd_add_barrier(p, c, vks_global_barrier(
                    VKS_MASK(VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT |
                             VK_PIPELINE_STAGE_2_COPY_BIT),
                    VKS_MASK(VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT),
                    VKS_MASK(VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT |
                             VK_PIPELINE_STAGE_2_COPY_BIT),
                    VKS_MASK(VK_ACCESS_2_TRANSFER_READ_BIT |
                             VK_ACCESS_2_SHADER_STORAGE_READ_BIT |
                             VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT), at(line)));
            } else {
                add_access(p, cb, "vkCmdDispatch", line, current, off,
                           VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                           VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
            }
            break;
        default:
            add_access(p, cb, "vkCmdDispatch", line, pool[(seed >> 4) % POOL],
                       off, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                       VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
            break;
        }
    }
    return p;
}

static double seconds_to_check(size_t n, size_t *findings, size_t *resources)
{
    vks_arena *arena = vks_arena_new();
    vks_program *p = build_stream(arena, n);
    vks_findings out = {.arena = arena};
    vks_stats stats = {0};
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    vks_check_program(p, &out, &stats);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    *findings = out.count;
    *resources = p->resource_count;
    vks_arena_free(arena);
    return (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
}

int main(int argc, char **argv)
{
    size_t n = argc > 1 ? strtoul(argv[1], NULL, 10) : 200000;
    size_t f1, f2, r1, r2;
    double t1 = seconds_to_check(n, &f1, &r1);
    double t2 = seconds_to_check(2 * n, &f2, &r2);
    printf("N=%zu: %.3f s (%zu resources, %zu findings)\n", n, t1, r1, f1);
    printf("2N=%zu: %.3f s (%zu resources, %zu findings)\n", 2 * n, t2, r2, f2);
    printf("ratio t(2N)/t(N) = %.2f (2 = linear, 4 = quadratic)\n",
           t1 > 0 ? t2 / t1 : 0.0);
    return 0;
}
