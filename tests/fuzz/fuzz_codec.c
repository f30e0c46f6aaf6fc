/* SPDX-License-Identifier: MIT */
/* libFuzzer: every codec's decoder on arbitrary payloads and parameters.
 * Properties (abort on violation): a payload that decodes gives finite
 * values, and decode_acc into zeros with weight 1 agrees with decode. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tps_codec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 10)
        return 0;
    uint32_t id;
    float ratio;
    memcpy(&id, data, 4);
    memcpy(&ratio, data + 4, 4);
    uint64_t n = 1 + (((uint64_t)data[8] << 8) | data[9]) % 2048;
    data += 10;
    size -= 10;
    tps_codec_t c;
    if (tps__codec_unpack(&c, id, ratio) < 0)
        return 0;
    /* Mostly payloads of the right size, so that the decoders' contents
     * checks run, not only the length check. */
    size_t want = tps__codec_wire_size(&c, n);
    if (want == SIZE_MAX)
        return 0;
    uint8_t *in = calloc(1, want ? want : 1);
    float *a = malloc(n * sizeof(float)), *b = calloc(n, sizeof(float));
    if (in == NULL || a == NULL || b == NULL)
        abort();
    memcpy(in, data, size < want ? size : want);
    int r1 = tps__codec_decode(&c, in, want, n, 7, a);
    int r2 = tps__codec_decode_acc(&c, in, want, n, 7, 1.0f, b);
    if ((r1 == 0) != (r2 == 0))
        abort();
    for (uint64_t i = 0; r1 == 0 && i < n; i++) {
        if (!isfinite(a[i]) || !isfinite(b[i]))
            abort();
        if (fabsf(a[i] - b[i]) > 1e-6f * fmaxf(1.0f, fabsf(a[i])))
            abort();
    }
    /* A payload of any other length is refused, never read past. */
    if (size != want && tps__codec_decode(&c, data, size, n, 7, a) == 0)
        abort();
    free(in);
    free(a);
    free(b);
    return 0;
}
