/* SPDX-License-Identifier: MIT */
/* taups-ctl's rooms and what they share:
 *   ctl.c        the commands, the shards' counters, dense tensors' dumps
 *   ctl_table.c  tables (docs/design.md §2b): their counters across shards
 *                and their dump, read page by page from every shard
 *   ctl_npy.c    NumPy .npy files, written whole or not at all
 *   reshard.c    checkpoints re-cut for another shard count, offline
 *                (reshard.h)
 * The statistics are read with jansson; their shape is fixed by
 * server/stats.c. */
#ifndef TPS_CTL_H
#define TPS_CTL_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "taups.h"

#define PROG "taups-ctl"

/* Exit statuses: usage errors are told apart from failures at run time. */
#define EXIT_RUNTIME 1
#define EXIT_USAGE 2

/* The accessors below read a member of the known shape; a missing or
 * mistyped member reads as 0 or "?", so that a newer server's reply still
 * shows what it has in common with this one. */
static inline uint64_t u64_of(const json_t *v) {
    /* The shards write counters as jansson's signed 64-bit integers, so one
     * past 2^63 arrives negative; the cast gives it back. */
    if (json_is_integer(v))
        return (uint64_t)json_integer_value(v);
    return json_is_real(v) && json_real_value(v) > 0
               ? (uint64_t)json_real_value(v)
               : 0;
}

static inline uint64_t ju64(const json_t *o, const char *key) {
    return u64_of(json_object_get(o, key));
}

static inline double jnum(const json_t *o, const char *key) {
    return json_number_value(json_object_get(o, key));
}

static inline const char *jstr(const json_t *o, const char *key) {
    const char *s = json_string_value(json_object_get(o, key));
    return s ? s : "?";
}

/* b as "512 B", "1.2 kB", ... in buf; returns buf. */
const char *tps__ctl_human_bytes(uint64_t b, char *buf, size_t len);

/* --- ctl_table.c ----------------------------------------------------------
 * The tables of the shards' STATS array `root`, each across the shards:
 * rows (sum, max and mean: the balance), bytes, rows pushed and pulled,
 * refused by reason, the hottest ids. Prints nothing without tables. */
void tps__ctl_print_tables(const json_t *root);
/* The table's entry in one shard's STATS, or NULL (a dense tensor of that
 * name, or none). */
const json_t *tps__ctl_table_of(const json_t *shard, const char *name);
/* Writes table `name` to DIR/ids.npy (uint64), DIR/values.npy (float32,
 * rows x dim) and DIR/versions.npy (uint64), every shard's rows in its
 * creation order, shard 0's first; DIR is made if missing. `root` is the
 * shards' STATS, which name the table's id on each. An exit status. */
int tps__ctl_dump_table(tps_client_t *c, const json_t *root, const char *name,
                        const char *dir);

/* --- ctl_npy.c ------------------------------------------------------------
 * An array to write: rows (x cols, when cols > 0) little-endian elements
 * of `word` bytes (4 or 8) described by descr ("<f4", "<u8"). */
typedef struct tps__npy_s {
    const char *descr;
    size_t word;
    const void *data;
    uint64_t rows, cols;
} tps__npy_t;

/* Writes the .npy file at `path` so that it is either whole or untouched
 * (see ctl_npy.c). Returns 0 or an errno. */
int tps__npy_save(const char *path, const tps__npy_t *a);

#endif
