/* SPDX-License-Identifier: MIT */
/* libFuzzer: the IDX reader (worker/data/data_idx.c), tps__idx_load and
 * tps__idx_model_dim, on an arbitrary images file and labels file, each
 * plain or gzip (the reader's zlib path; either can also be a gzip stream
 * of its own).
 *
 * Input: flags u8 (bit 0 gzip the images, bit 1 gzip the labels, bits 2-3
 * cut that many bytes off both gzip streams, bits 4-6 parts - 1), part u8
 * (mod parts), split u16 (the images file is the first split mod (rest + 1)
 * bytes of the rest, the labels file what follows).
 *
 * Properties (abort() on violation): a loaded block is rows [first, first
 * + n) of a nonzero total, as tps__split_block splits them, images have
 * between 1 and 4096 x 4096 pixels, every pixel is in [0, 1] and every
 * label in 0..9; the model's dimension is the images'. */
#include <stdint.h>
#include <stdlib.h>

#include "fuzz_file.h"
#include "worker/data/data_idx.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static fuzz_file_t images, labels;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 4)
        return 0;
    int gz_img = data[0] & 1, gz_lab = data[0] >> 1 & 1;
    size_t cut = data[0] >> 2 & 3;
    int parts = 1 + (data[0] >> 4 & 7), part = data[1] % parts;
    size_t rest = size - 4;
    size_t split = (size_t)(data[2] | data[3] << 8) % (rest + 1);
    const uint8_t *img = data + 4, *lab = data + 4 + split;
    const char *ipath = fuzz_file_put(&images, img, split, gz_img, cut);
    const char *lpath = fuzz_file_put(&labels, lab, rest - split, gz_lab, cut);

    char err[512];
    tps__idx_set_t set, none = {0};
    if (tps__idx_load(ipath, lpath, part, parts, &set, err, sizeof(err)) < 0)
        return 0;
    uint64_t count = set.total;
    uint64_t q = count / (uint64_t)parts, r = count % (uint64_t)parts;
    uint64_t lo =
        (uint64_t)part * q + ((uint64_t)part < r ? (uint64_t)part : r);
    uint64_t n = q + ((uint64_t)part < r);
    if (count == 0 || set.first != lo || set.n != n || set.dim == 0 ||
        set.dim > (size_t)4096 * 4096)
        abort();
    for (size_t i = 0; i < set.n; i++) {
        if (set.labels[i] > 9)
            abort();
        for (size_t k = 0; k < set.dim; k++)
            if (!(set.images[i * set.dim + k] >= 0.0f &&
                  set.images[i * set.dim + k] <= 1.0f))
                abort();
    }
    if (tps__idx_model_dim("fuzz", &set, &none, err, sizeof(err)) != set.dim)
        abort();
    tps__idx_free(&set);
    return 0;
}
