/* SPDX-License-Identifier: MIT */
/* libFuzzer: the frame reader fed a byte stream at arbitrary split points.
 * The first input byte seeds the split sizes; every frame the reader
 * delivers must have a header that packs again, and a payload of the
 * length its preamble said. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tps_frame.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1)
        return 0;
    uint32_t split = data[0] | 1u;
    data++;
    size--;
    tps_limits_t lim = {512, 1u << 16};
    tps_reader_t rd;
    if (tps_reader_init(&rd, &lim, NULL, NULL) < 0)
        return 0;
    size_t off = 0;
    uint32_t x = split;
    while (off < size && rd.state != TPS_RD_ERROR) {
        x = x * 1103515245u + 12345u;
        size_t piece = 1 + (x >> 16) % split;
        if (piece > size - off)
            piece = size - off;
        size_t used = 0;
        int rc = tps_reader_feed(&rd, data + off, piece, &used);
        if (used == 0 && rc == 0)
            break;
        off += used;
        if (rc == 1) {
            const Taups__Header *h = rd.hdr;
            size_t n = taups__header__get_packed_size(h);
            uint8_t *buf = malloc(n ? n : 1);
            if (buf == NULL || taups__header__pack(h, buf) != n)
                abort();
            free(buf);
            if (rd.plen > lim.max_payload || (rd.plen && rd.payload == NULL))
                abort();
            (void)h->op;
            (void)(h->error ? strlen(h->error) : 0);
            tps_reader_next(&rd);
        }
        if (rc < 0)
            break;
    }
    tps_reader_free(&rd);
    return 0;
}
