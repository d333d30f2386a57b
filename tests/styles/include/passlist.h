/*
 * passlist.h - a frame as a singly linked list of passes.
 *
 * Passes are added once at start-up, in the order they run, and the list
 * is walked each frame:
 *
 *     struct pass_list passes = {0};
 *     pass_add(&passes, "clear", record_clear, &scene);
 *     pass_add(&passes, "resolve", record_resolve, &scene);
 *     ...
 *     for (struct pass *p = passes.head; p; p = p->next)
 *         p->record(p, cmd);
 *
 * Each pass records its own barriers; `user` is what the pass works on.
 */
#ifndef PASSLIST_H
#define PASSLIST_H

#include <stdio.h>
#include <stdlib.h>

#include "lite.h"

struct pass {
    struct pass *next;
    void (*record)(struct pass *, VkCommandBuffer);
    const char *name;
    void *user;
    unsigned frames;  /* how many times it has been recorded */
};

struct pass_list {
    struct pass *head;
    struct pass *tail;
    unsigned count;
};

static struct pass *pass_add(struct pass_list *list, const char *name,
                             void (*record)(struct pass *, VkCommandBuffer), void *user)
{
    struct pass *p = calloc(1, sizeof *p);

    if (!p) {
        fprintf(stderr, "pass_add: out of memory\n");
        exit(1);
    }
    p->name = name;
    p->record = record;
    p->user = user;
    if (list->tail)
        list->tail->next = p;
    else
        list->head = p;
    list->tail = p;
    list->count++;
    return p;
}

static void pass_list_record(struct pass_list *list, VkCommandBuffer cmd)
{
    for (struct pass *p = list->head; p; p = p->next) {
        p->record(p, cmd);
        p->frames++;
    }
}

static void pass_list_free(struct pass_list *list)
{
    struct pass *p = list->head;

    while (p) {
        struct pass *next = p->next;
        free(p);
        p = next;
    }
    list->head = list->tail = NULL;
    list->count = 0;
}

#endif
