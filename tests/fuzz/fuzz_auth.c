/* SPDX-License-Identifier: MIT */
/* libFuzzer: the handshake's inputs. The input is split into a hello and
 * an answer frame (header bytes as a peer would send them); both are
 * unpacked as a shard and a client do, and the answer's proof is checked
 * against the hello. It must never be accepted unless it is the proof,
 * and nothing may read out of bounds whatever the lengths claim. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tps_auth.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 2)
        return 0;
    size_t cut = data[0] % (size - 1) + 1;
    Taups__Header *hello = taups__header__unpack(NULL, cut - 1, data + 1);
    Taups__Header *ans = taups__header__unpack(NULL, size - cut, data + cut);
    if (hello != NULL && ans != NULL) {
        tps__key_t key = {1, {0}};
        memset(key.k, 0x5a, sizeof(key.k));
        uint8_t nc[TPS_NONCE_BYTES] = {1}, ns[TPS_NONCE_BYTES] = {2};
        if (hello->nonce.len == TPS_NONCE_BYTES)
            memcpy(nc, hello->nonce.data, TPS_NONCE_BYTES);
        if (ans->nonce.len == TPS_NONCE_BYTES)
            memcpy(ns, ans->nonce.data, TPS_NONCE_BYTES);
        uint8_t proof[TPS_MAC_BYTES];
        tps__auth_proof(&key, TPS_AUTH_CLIENT, nc, ns, hello, proof);
        int ok = tps__auth_check(&key, TPS_AUTH_CLIENT, nc, ns, hello,
                                ans->mac.data, ans->mac.len);
        int same = ans->mac.len == TPS_MAC_BYTES &&
                   memcmp(ans->mac.data, proof, TPS_MAC_BYTES) == 0;
        if (ok != same)
            abort();
        /* The shard's proof is never the client's. */
        if (tps__auth_check(&key, TPS_AUTH_SHARD, nc, ns, hello, proof,
                           sizeof(proof)))
            abort();
    }
    if (hello)
        taups__header__free_unpacked(hello, NULL);
    if (ans)
        taups__header__free_unpacked(ans, NULL);
    return 0;
}
