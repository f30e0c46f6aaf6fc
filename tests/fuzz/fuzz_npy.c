/* SPDX-License-Identifier: MIT */
/* libFuzzer: the .npy reader (worker/data/data_npy.c), tps__npy_open and
 * tps__npy_read, on arbitrary files.
 *
 * Input: sel u8 (which block to read again), then the file.
 *
 * Properties (abort() on violation): an opened file is what data_npy.h
 * promises: 4- or 8-byte elements, count the product of the shape, data
 * from offset to exactly the end of the file; every element read is
 * finite; and a block [first, first + n) read alone equals the same block
 * of the whole read. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_file.h"
#include "worker/data/data_npy.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static fuzz_file_t file;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1)
        return 0;
    uint8_t sel = data[0];
    const char *path = fuzz_file_set(&file, data + 1, size - 1);
    char err[512];
    tps__npy_t npy;
    if (tps__npy_open(path, &npy, err, sizeof(err)) < 0)
        return 0;
    uint64_t prod = 1;
    for (int d = 0; d < npy.ndim; d++)
        prod *= npy.shape[d];
    if ((npy.word != 4 && npy.word != 8) || npy.count != prod ||
        npy.ndim < 0 || npy.ndim > TPS_NPY_MAX_DIMS ||
        npy.offset + npy.count * (uint64_t)npy.word != size - 1)
        abort();
    if (npy.count > (1u << 16))
        return 0;
    float *all = malloc((npy.count ? npy.count : 1) * sizeof(float));
    float *part = malloc((npy.count ? npy.count : 1) * sizeof(float));
    if (all == NULL || part == NULL)
        abort();
    if (tps__npy_read(path, &npy, 0, npy.count, all, err, sizeof(err)) == 0) {
        for (uint64_t i = 0; i < npy.count; i++)
            if (!isfinite(all[i]))
                abort();
        uint64_t first = npy.count ? sel % (npy.count + 1) : 0;
        uint64_t n = (npy.count - first) / 2;
        if (tps__npy_read(path, &npy, first, n, part, err, sizeof(err)) < 0 ||
            memcmp(part, all + first, n * sizeof(float)) != 0)
            abort();
    }
    free(all);
    free(part);
    return 0;
}
