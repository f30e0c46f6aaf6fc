/* SPDX-License-Identifier: MIT */
/* libFuzzer: the LIBSVM reader (worker/data_libsvm.c), tps__libsvm_scan
 * and tps__libsvm_load, on arbitrary files, plain or gzip (the reader's
 * zlib path; the file can also be a gzip stream of its own).
 *
 * Input: flags u8 (bit 0 gzip the rest, bits 1-3 cut that many bytes off
 * the gzip stream, bit 4 drop_beyond, bits 5-7 parts - 1), dim u8 (the
 * dimension given to load, 0: from the file), part u8 (mod parts), then
 * the file.
 *
 * Properties (abort() on violation): scan and load agree on whether the
 * file is good; a loaded block is what data_libsvm.h promises: rows
 * [first, first + n) of total, total the scanned row count, CSR offsets
 * from 0 to nnz never decreasing, 0-based indices increasing within a row
 * and below dim, labels -1 or +1, finite values, and dim the largest index
 * when none was given. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "fuzz_file.h"
#include "worker/data_libsvm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static fuzz_file_t file;

static void check_set(const tps_libsvm_set_t *s, uint64_t rows,
                      uint64_t max_index, uint64_t dim, int part, int parts) {
    uint64_t q = rows / (uint64_t)parts, r = rows % (uint64_t)parts;
    uint64_t lo = (uint64_t)part * q + ((uint64_t)part < r ? (uint64_t)part : r);
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
    uint64_t dim = data[1];
    const char *path = fuzz_file_put(&file, data + 3, size - 3, gz, cut);

    char err[512];
    uint64_t rows = 0, max_index = 0;
    int scanned = tps__libsvm_scan(path, &rows, &max_index, err, sizeof(err));
    tps_libsvm_set_t set;
    /* The same file with no dimension given: exactly what scan saw. */
    int loaded = tps__libsvm_load(path, 0, 0, part, parts, &set, err,
                                  sizeof(err));
    if (scanned < 0 && loaded == 0)
        abort();
    if (loaded == 0) {
        check_set(&set, rows, max_index, 0, part, parts);
        tps__libsvm_free(&set);
    }
    if (tps__libsvm_load(path, dim, drop, part, parts, &set, err,
                         sizeof(err)) == 0) {
        check_set(&set, rows, max_index, dim ? dim : max_index, part, parts);
        tps__libsvm_free(&set);
    }
    return 0;
}
