/* SPDX-License-Identifier: MIT */
/* NumPy .npy files of taups-ctl dump (version 1.0, one or two dimensions,
 * little-endian float32 or uint64), written whole or not at all.
 *
 * Must NOT hold: what is dumped or how it is read from the shards. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ctl.h"

/* Writes all of buf, through short writes and interruptions; 0 or an errno. */
static int write_all(int fd, const void *buf, size_t len) {
    const char *p = buf;
    while (len > 0) {
        ssize_t w = write(fd, p, len);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0)
            return errno;
        if (w == 0)
            return EIO;
        p += w;
        len -= (size_t)w;
    }
    return 0;
}

/* Writes a as a .npy version 1.0 file; returns 0 or an errno. */
static int write_npy(int fd, const tps__npy_t *a) {
    /* Magic, version 1.0, a little-endian u16 header length, then a Python
     * dict literal padded with spaces and ended by '\n' so that the data
     * starts on a multiple of 64 bytes, as numpy writes and expects. */
    char hdr[192], shape[64];
    if (a->cols > 0)
        snprintf(shape, sizeof(shape), "(%llu, %llu)",
                 (unsigned long long)a->rows, (unsigned long long)a->cols);
    else
        snprintf(shape, sizeof(shape), "(%llu,)", (unsigned long long)a->rows);
    int dict = snprintf(hdr + 10, sizeof(hdr) - 10,
                        "{'descr': '%s', 'fortran_order': False, "
                        "'shape': %s, }",
                        a->descr, shape);
    size_t total = ((size_t)10 + (size_t)dict + 1 + 63) / 64 * 64;
    memcpy(hdr, "\x93NUMPY\x01\x00", 8);
    hdr[8] = (char)((total - 10) & 0xFF);
    hdr[9] = (char)((total - 10) >> 8);
    memset(hdr + 10 + dict, ' ', total - 10 - (size_t)dict - 1);
    hdr[total - 1] = '\n';
    int err = write_all(fd, hdr, total);

    /* Spelled out byte by byte, so the file is little-endian on any host. */
    unsigned char buf[1 << 16];
    const size_t w = a->word, per = sizeof(buf) / w;
    const uint64_t n = a->rows * (a->cols > 0 ? a->cols : 1);
    const unsigned char *x = a->data;
    for (uint64_t i = 0; i < n && err == 0;) {
        size_t k = n - i < per ? (size_t)(n - i) : per;
        for (size_t j = 0; j < k; j++) {
            uint64_t bits = 0;
            if (w == 4) {
                uint32_t b32;
                memcpy(&b32, x + (i + j) * 4, 4);
                bits = b32;
            } else {
                memcpy(&bits, x + (i + j) * 8, 8);
            }
            for (size_t b = 0; b < w; b++)
                buf[w * j + b] = (unsigned char)(bits >> (8 * b));
        }
        err = write_all(fd, buf, w * k);
        i += k;
    }
    return err;
}

/* A regular file (new or existing) is written to "<file>.tmp" next to it,
 * flushed to disk and renamed over it, the temporary removed on any error.
 * Anything else that exists (a device, a pipe) is written to in place, since
 * renaming over it would replace the node instead of writing to it. */
int tps__npy_save(const char *path, const tps__npy_t *a) {
    struct stat st;
    int exists = stat(path, &st) == 0;
    if (exists && !S_ISREG(st.st_mode)) {
        int fd = open(path, O_WRONLY | O_CLOEXEC);
        if (fd < 0)
            return errno;
        int err = write_npy(fd, a);
        if (close(fd) < 0 && err == 0)
            err = errno;
        return err;
    }
    /* An existing file is replaced where it really lives, so that a symbolic
     * link to it stays a link. */
    char *target = exists ? realpath(path, NULL) : strdup(path);
    if (target == NULL)
        return errno;
    size_t tl = strlen(target);
    char *tmp = malloc(tl + 5);
    if (tmp == NULL) {
        free(target);
        return ENOMEM;
    }
    memcpy(tmp, target, tl);
    memcpy(tmp + tl, ".tmp", 5);
    int err = 0;
    int fd =
        open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd < 0) {
        err = errno;
    } else {
        if (exists && fchmod(fd, st.st_mode & 07777) < 0)
            err = errno;
        if (err == 0)
            err = write_npy(fd, a);
        /* Some file systems report a full disk only when the data is
         * flushed, so the flush is part of writing. */
        if (err == 0 && fsync(fd) < 0)
            err = errno;
        if (close(fd) < 0 && err == 0)
            err = errno;
        if (err == 0 && rename(tmp, target) < 0)
            err = errno;
        if (err != 0)
            unlink(tmp);
    }
    free(tmp);
    free(target);
    return err;
}
