/* SPDX-License-Identifier: MIT */
/* libFuzzer: the LIBSVM reader (worker/data/data_libsvm.c), tps__libsvm_scan
 * and tps__libsvm_load, on arbitrary files, plain or gzip (the reader's
 * zlib path; the file can also be a gzip stream of its own).
 *
 * Input: flags u8 (bit 0 gzip the rest, bits 1-3 cut that many bytes off
 * the gzip stream, bit 4 drop_beyond, bits 5-7 parts - 1), dim u8 (bits
 * 0-6 the dimension given to load, 0: from the file; bit 7 scan the file
 * first), part u8 (mod parts), then the file. One scan or load costs
 * milliseconds under ASan (a few buffers of a megabyte each), so only
 * inputs that ask for it are scanned too.
 *
 * Properties (abort() on violation): scan and load agree on whether the
 * file is good and on its rows and largest index; a loaded block is what
 * data_libsvm.h promises: rows [first, first + n) of total, total the scanned
 * row count, CSR offsets from 0 to nnz never decreasing, 0-based indices
 * increasing within a row and below dim, labels -1 or +1, finite values, and
 * dim the largest index when none was given. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "fuzz_file.h"
#include "worker/data/data_libsvm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static fuzz_file_t file;

static void check_set(const tps__libsvm_set_t *s, uint64_t rows,
                      uint64_t max_index, uint64_t dim, int part, int parts) {
    uint64_t q = rows / (uint64_t)parts, r = rows % (uint64_t)parts;
    uint64_t lo =
        (uint64_t)part * q + ((uint64_t)part < r ? (uint64_t)part : r);
    uint64_t n = q + ((uint64_t)part < r);
    if (s->total != rows || s->first != lo || s->n != n ||
        s->dim != (dim ? dim : max_index) || s->offsets[0] != 0 ||
        s->offsets[s->n] != s->nnz)
        abort();
    for (size_t i = 0; i < s->n; i++) {
        if (s->labels[i] != -1 && s->labels[i] != 1)
            abort();
        if (s->offsets[i + 1] < s->offsets[i])
            abort();
        for (uint64_t e = s->offsets[i]; e < s->offsets[i + 1]; e++) {
            if (s->indices[e] >= s->dim || !isfinite(s->values[e]) ||
                (e > s->offsets[i] && s->indices[e] <= s->indices[e - 1]))
                abort();
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 3)
        return 0;
    int gz = data[0] & 1, drop = data[0] >> 4 & 1;
    size_t cut = data[0] >> 1 & 7;
    int parts = 1 + (data[0] >> 5), part = data[2] % parts;
    uint64_t dim = data[1] & 127;
    int scan = data[1] >> 7;
    const char *path = fuzz_file_put(&file, data + 3, size - 3, gz, cut);

    char err[512];
    uint64_t rows = 0, max_index = 0;
    int scanned = scan ? tps__libsvm_scan(path, &rows, &max_index, err,
                                          sizeof(err))
                       : 0;
    tps__libsvm_set_t set;
    int loaded = tps__libsvm_load(path, dim, drop, part, parts, &set, err,
                                  sizeof(err));
    if (scanned < 0 && loaded == 0)
        abort();
    if (loaded < 0)
        return 0;
    if (!scan) {
        /* Without a scan, what the block shows of the file. */
        rows = set.total;
        max_index = 0;
        for (uint64_t e = 0; e < set.nnz; e++)
            if (set.indices[e] + 1 > max_index)
                max_index = set.indices[e] + 1;
        if (parts > 1)
            max_index = set.dim;
    }
    check_set(&set, rows, max_index, dim, part, parts);
    tps__libsvm_free(&set);
    return 0;
}
