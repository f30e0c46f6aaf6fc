/* SPDX-License-Identifier: MIT */
/* Files for the readers that only take a path (fuzz_libsvm, fuzz_idx,
 * fuzz_config): an anonymous memory file, created once per process and
 * rewritten for every input, named by /proc/self/fd/N, so that nothing
 * touches the disk and nothing is left behind. Opening that name gives a
 * new file description at offset 0, as opening a real file would. Also
 * gzip, so that a target reaches the readers' compressed path with the
 * mutations of plain data. */
#ifndef FUZZ_FILE_H
#define FUZZ_FILE_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include <zlib.h>

typedef struct fuzz_file_s {
    int fd;
    char path[64];
} fuzz_file_t;

/* Replaces the contents of *f (created on first use) with len bytes and
 * returns its path. */
static inline const char *fuzz_file_set(fuzz_file_t *f, const void *p,
                                        size_t len) {
    if (f->path[0] == '\0') {
        f->fd = memfd_create("fuzz", MFD_CLOEXEC);
        if (f->fd < 0)
            abort();
        snprintf(f->path, sizeof(f->path), "/proc/self/fd/%d", f->fd);
    }
    if (ftruncate(f->fd, 0) < 0 || pwrite(f->fd, p, len, 0) != (ssize_t)len)
        abort();
    return f->path;
}

/* A gzip stream of p[0..len) in a malloc'd buffer (*out_len bytes); the
 * caller frees it. */
static inline uint8_t *fuzz_gzip(const uint8_t *p, size_t len,
                                 size_t *out_len) {
    z_stream z = {0};
    if (deflateInit2(&z, 1, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        abort();
    size_t cap = deflateBound(&z, (uLong)len);
    uint8_t *out = malloc(cap);
    if (out == NULL)
        abort();
    z.next_in = (Bytef *)p;
    z.avail_in = (uInt)len;
    z.next_out = out;
    z.avail_out = (uInt)cap;
    if (deflate(&z, Z_FINISH) != Z_STREAM_END)
        abort();
    *out_len = cap - z.avail_out;
    deflateEnd(&z);
    return out;
}

/* fuzz_file_set of the input, gzipped when `gz` says so, and then cut
 * short by `cut` bytes (a truncated download). */
static inline const char *fuzz_file_put(fuzz_file_t *f, const uint8_t *p,
                                        size_t len, int gz, size_t cut) {
    if (!gz)
        return fuzz_file_set(f, p, len);
    size_t zl;
    uint8_t *z = fuzz_gzip(p, len, &zl);
    const char *path = fuzz_file_set(f, z, cut < zl ? zl - cut : 0);
    free(z);
    return path;
}

#endif
