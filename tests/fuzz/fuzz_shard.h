/* SPDX-License-Identifier: MIT */
/* The input language of fuzz_shard, shared with gen_corpus.c, which writes
 * its seeds in it.
 *
 * An input is one byte choosing the server configuration (its index in
 * fuzz_shard_configs, modulo their number), then records, each starting
 * with a byte whose low two bits name a client connection (3 is 0 again)
 * and whose next three bits say what to do with it:
 *
 * | op | follows                        | the harness                       |
 * |----|--------------------------------|-----------------------------------|
 * | 0  | hlen u8, plen u16 LE, hlen     | writes a frame: a preamble with   |
 * |    | header bytes, plen payload     | those lengths, the header, the    |
 * |    | bytes                          | payload (cut short if the input   |
 * |    |                                | ends: the frame stays partial)    |
 * | 1  | hlen u8, count u16 LE, fill    | writes a frame whose payload is   |
 * |    | u8, hlen header bytes          | count floats of (int8)fill / 64   |
 * | 2  | len u16 LE, len bytes          | writes the bytes as they are      |
 * | 3  | nothing                        | runs the server's loop until it   |
 * |    |                                | is idle, reading every reply      |
 * | 4  | nothing                        | half-closes the connection        |
 * | 5  | nothing                        | closes it; its next use opens a   |
 * |    |                                | new one (a reconnection)          |
 * | 6, 7 | nothing                      | as 3                              |
 *
 * A connection is opened when a record first names it. The header bytes
 * are a packed taups.Header, so that a mutated seed stays a frame. */
#ifndef FUZZ_SHARD_H
#define FUZZ_SHARD_H

#include <stdint.h>

#define FUZZ_SHARD_CONNS 3

enum {
    FUZZ_REC_FRAME = 0,
    FUZZ_REC_FILL = 1,
    FUZZ_REC_RAW = 2,
    FUZZ_REC_PUMP = 3,
    FUZZ_REC_SHUTDOWN = 4,
    FUZZ_REC_CLOSE = 5
};

#define FUZZ_REC(conn, op) ((uint8_t)((conn) | (op) << 2))

/* What a client must say in its hello to each configuration. */
typedef struct fuzz_shard_config_s {
    const char *mode;      /* sync, ssp, async, local */
    const char *optimizer; /* sgd, adam, momentum ... */
    int shards, shard;     /* the cluster's size, this server's index */
    int workers;
} fuzz_shard_config_t;

static const fuzz_shard_config_t fuzz_shard_configs[] = {
    {"async", "sgd", 1, 0, 2},  {"async", "adam", 1, 0, 2},
    {"ssp", "sgd", 1, 0, 2},    {"ssp", "adam", 1, 0, 2},
    {"sync", "sgd", 1, 0, 2},   {"sync", "adam", 1, 0, 2},
    /* Slices that do not start at 0; bounded staleness with weighting and
     * clipping in fuzz_shard.c. */
    {"async", "momentum", 2, 1, 2},
    {"local", "sgd", 1, 0, 2},
};

#define FUZZ_SHARD_NCONFIGS \
    ((int)(sizeof(fuzz_shard_configs) / sizeof(fuzz_shard_configs[0])))

#endif
