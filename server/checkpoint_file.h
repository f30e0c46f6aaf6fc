/* SPDX-License-Identifier: MIT */
/* The checkpoint file (format in checkpoint.h): writing one generation,
 * listing the generations of a directory, and loading one beside the
 * running state. Shared by checkpoint.c (timers, the forked writer,
 * restore) and checkpoint_file.c. Must NOT hold: timers, processes,
 * sockets. */
#ifndef TPS_CHECKPOINT_FILE_H
#define TPS_CHECKPOINT_FILE_H

#include <stddef.h>
#include <stdint.h>

#include "server_internal.h"

/* What a checkpoint file holds, loaded beside the running server's state
 * and swapped in only once the whole file has checked out. */
typedef struct loaded_s {
    tps__shard_t shard;
    int shard_ok;
    uint64_t step, generation;
    int64_t written;
    uint64_t *clock;
    uint8_t *joined, *live; /* NULL: not kept (an older generation) */
    tps__dedup_t *dedup;
} loaded_t;

enum { LOAD_OK = 0, LOAD_BAD = -1, LOAD_FOREIGN = -2 };

/* DIR/gen-NNNNNNNNNNNNNNNN.ckpt */
void tps__ckpt_path(char *buf, size_t len, const char *dir, uint64_t gen);

/* Generation numbers of the complete files in dir, newest first (malloc'd
 * in *out); returns how many, -1 when dir cannot be read. Temporary files
 * of writers that died are removed when `clean`. */
int tps__ckpt_list(const char *dir, uint64_t **out, int clean);

/* Writes generation `gen` of the server's state into dir atomically and
 * keeps the newest `keep`. Reads the state, changes nothing: runs in the
 * forked writer or, at exit, in the shard. 0 or an error with err set. */
int tps__ckpt_write(const tps__server_t *s, const char *dir, uint64_t gen,
                    int keep, char *err, size_t errlen);

/* Loads one file into L (LOAD_OK), or says why not in why: LOAD_BAD for a
 * damaged file, LOAD_FOREIGN for another shard's or cluster's whose
 * checksum holds (a damaged file that looks foreign is LOAD_BAD). */
int tps__ckpt_load(const tps__server_t *s, const char *path, loaded_t *L,
                   char *why, size_t len);
void tps__ckpt_loaded_free(loaded_t *L, int workers);

/* The shape a file's metadata states, read without loading or checking
 * the rest, so that a tool can set up a server of that shape to load it
 * into (the offline re-shard). */
typedef struct tps__ckpt_shape_s {
    uint32_t shard, shards;
    int workers, optimizer_kind, aggregate, tensors;
    char mode[32];
    char optimizer[256]; /* tps__optim_describe's line */
} tps__ckpt_shape_t;

/* Fills *shape from path's header and metadata: 0, or -1 with why set. */
int tps__ckpt_shape(const char *path, tps__ckpt_shape_t *shape, char *why,
                    size_t len);

#endif
