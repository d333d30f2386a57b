/*
 * ilist.h - an intrusive doubly-linked list in the Linux kernel's manner
 * (include/linux/list.h, trimmed): the links live inside the object, the
 * object is found back from its link with container_of().
 *
 *     struct res { VkBuffer buf; struct list_head link; };
 *     LIST_HEAD(dirty);
 *     list_add_tail(&r->link, &dirty);
 *     list_for_each_entry(r, &dirty, link) ...
 *     list_for_each_entry_safe(r, tmp, &dirty, link) list_move_tail(&r->link, &clean);
 */
#ifndef ILIST_H
#define ILIST_H

#include <stddef.h>

#ifndef container_of
#define container_of(ptr, type, member) \
    ((type *)((char *)(ptr) - offsetof(type, member)))
#endif

struct list_head {
    struct list_head *prev, *next;
};

#define LIST_HEAD_INIT(name) { &(name), &(name) }
#define LIST_HEAD(name) struct list_head name = LIST_HEAD_INIT(name)

static inline void INIT_LIST_HEAD(struct list_head *list)
{
    list->next = list;
    list->prev = list;
}

static inline void __list_add(struct list_head *entry, struct list_head *prev,
                              struct list_head *next)
{
    next->prev = entry;
    entry->next = next;
    entry->prev = prev;
    prev->next = entry;
}

static inline void list_add(struct list_head *entry, struct list_head *head)
{
    __list_add(entry, head, head->next);
}

static inline void list_add_tail(struct list_head *entry, struct list_head *head)
{
    __list_add(entry, head->prev, head);
}

static inline void __list_del(struct list_head *prev, struct list_head *next)
{
    next->prev = prev;
    prev->next = next;
}

static inline void list_del(struct list_head *entry)
{
    __list_del(entry->prev, entry->next);
    entry->next = NULL;
    entry->prev = NULL;
}

static inline void list_del_init(struct list_head *entry)
{
    __list_del(entry->prev, entry->next);
    INIT_LIST_HEAD(entry);
}

static inline void list_move_tail(struct list_head *entry, struct list_head *head)
{
    __list_del(entry->prev, entry->next);
    list_add_tail(entry, head);
}

static inline int list_empty(const struct list_head *head)
{
    return head->next == head;
}

#define list_entry(ptr, type, member) container_of(ptr, type, member)
#define list_first_entry(ptr, type, member) list_entry((ptr)->next, type, member)
#define list_next_entry(pos, member) \
    list_entry((pos)->member.next, __typeof__(*(pos)), member)

#define list_for_each_entry(pos, head, member)                          \
    for (pos = list_first_entry(head, __typeof__(*pos), member);        \
         &pos->member != (head);                                        \
         pos = list_next_entry(pos, member))

#define list_for_each_entry_safe(pos, n, head, member)                  \
    for (pos = list_first_entry(head, __typeof__(*pos), member),        \
         n = list_next_entry(pos, member);                              \
         &pos->member != (head);                                        \
         pos = n, n = list_next_entry(n, member))

#endif
