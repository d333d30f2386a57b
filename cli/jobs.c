/*
 * jobs.c - the -j N job queue (cli.h): each input's per-file work on a
 * pool of threads that take the jobs in input order.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "cli.h"

typedef struct {
    cli_job *jobs;
    size_t count;
    atomic_size_t next;
    vks_frontend *frontend;
    const vks_spirv_options *spirv;
} job_queue;

static void run_job(job_queue *q, cli_job *job)
{
    job->findings = (vks_findings){.arena = job->arena};
    if (job->input->kind == CLI_INPUT_C)
        job->status = vks_frontend_parse(q->frontend, job->input->path, job->arena,
                                         &job->parsed, &job->error);
    else
        job->status = vks_analyze_spirv_file(job->input->path, q->spirv, job->arena,
                                             &job->summary, &job->findings, &job->error);
}

static void *job_worker(void *data)
{
    job_queue *q = data;
    for (size_t i; (i = atomic_fetch_add(&q->next, 1)) < q->count;)
        run_job(q, &q->jobs[i]);
    return NULL;
}

void cli_run_jobs(cli_job *jobs, size_t count, vks_frontend *frontend,
                  const vks_spirv_options *spirv, unsigned threads)
{
    job_queue q = {.jobs = jobs, .count = count, .frontend = frontend, .spirv = spirv};
    atomic_init(&q.next, 0);
    if (threads > q.count)
        threads = (unsigned)q.count;
    pthread_t *extra = threads > 1 ? calloc(threads - 1, sizeof *extra) : NULL;
    unsigned started = 0;
    for (unsigned t = 0; extra && t + 1 < threads; t++)
        if (pthread_create(&extra[t], NULL, job_worker, &q) == 0)
            started++;
        else
            break; /* fewer threads: the remaining jobs run on those there are */
    job_worker(&q);
    for (unsigned t = 0; t < started; t++)
        pthread_join(extra[t], NULL);
    free(extra);
}
