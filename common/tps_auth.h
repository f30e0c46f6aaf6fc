/* SPDX-License-Identifier: MIT */
/* The pre-shared key and the mutual challenge-response of the hello
 * (docs/design.md §11). Everything cryptographic is libsodium's: keyed
 * BLAKE2b for the proofs, the system's random source for nonces.
 *
 *   client -> shard  HELLO      identity, nonce_c
 *   shard -> client  CHALLENGE  nonce_s, proof_s = MAC(K, "shard", nonce_c,
 *                               nonce_s, identity)
 *   client -> shard  AUTH       proof_c = MAC(K, "client", nonce_c, nonce_s,
 *                               identity)
 *   shard -> client  HELLO_OK
 *
 * The shard proves the key over the client's fresh nonce before the client
 * proves anything, so a worker never pushes to an impostor; the client's
 * proof covers the shard's fresh nonce, so a recorded handshake cannot be
 * replayed. The identity (role, rank, cluster shape, session, mode) is in
 * both proofs: a proof for one rank or shard is no good for another.
 * Nothing is encrypted. */
#ifndef TPS_AUTH_H
#define TPS_AUTH_H

#include <stddef.h>
#include <stdint.h>

#include <sodium.h>

#include "proto/taups.pb-c.h"

#define TPS_KEY_BYTES 32
#define TPS_NONCE_BYTES 32
#define TPS_MAC_BYTES 32
/* Shortest key file content accepted: 128 bits even as hex text. */
#define TPS_KEY_MIN_CHARS 32

typedef struct tps__key_s {
    int set;
    uint8_t k[TPS_KEY_BYTES];
} tps__key_t;

/* Initialises libsodium once per process; returns 0 or TPS_EIO. */
int tps__auth_init(void);

/* Reads a key file: a regular file readable by its owner only, holding at
 * least TPS_KEY_MIN_CHARS bytes (surrounding whitespace ignored), hashed
 * into the key. On failure returns TPS_EINVAL or TPS_EIO with a sentence
 * naming the file and what to do. */
int tps__key_load(const char *path, tps__key_t *key, char *err, size_t errlen);

/* Writes a new random key (hex, mode 0600) to `path`, which must not exist.
 * Returns 0 or an error with a sentence in err. */
int tps__key_generate(const char *path, char *err, size_t errlen);

/* Fills n with random bytes. */
void tps__auth_nonce(uint8_t n[TPS_NONCE_BYTES]);

enum { TPS_AUTH_SHARD = 1, TPS_AUTH_CLIENT = 2 };

/* The proof `side` gives for a handshake: MAC over the side, both nonces
 * and the identity fields of `hello`. */
void tps__auth_proof(const tps__key_t *key, int side,
                    const uint8_t nonce_c[TPS_NONCE_BYTES],
                    const uint8_t nonce_s[TPS_NONCE_BYTES],
                    const Taups__Header *hello, uint8_t out[TPS_MAC_BYTES]);

/* 1 when `mac` (len bytes) is the proof `side` must give; compared in
 * constant time. */
int tps__auth_check(const tps__key_t *key, int side,
                   const uint8_t nonce_c[TPS_NONCE_BYTES],
                   const uint8_t nonce_s[TPS_NONCE_BYTES],
                   const Taups__Header *hello, const uint8_t *mac, size_t len);

/* Per-frame integrity (--frame-mac). After the handshake every frame
 * carries a 16-byte Poly1305 tag after its payload, over the preamble,
 * header and payload as they are on the wire. Each direction of each
 * connection has its own key, derived from the cluster's key and both
 * nonces; each frame's one-time key is derived from that and the frame's
 * sequence number in its direction, which is counted, never sent: a frame
 * replayed, reordered, dropped or reflected back fails its tag. */
#define TPS_TAG_BYTES crypto_onetimeauth_BYTES

typedef struct tps__fmac_s {
    uint8_t key[crypto_kdf_KEYBYTES];
    uint64_t seq; /* frames tagged (or checked) in this direction */
    crypto_onetimeauth_state st;
} tps__fmac_t;

/* The state for the frames `side` sends on the connection whose handshake
 * had these nonces. */
void tps__fmac_init(tps__fmac_t *m, const tps__key_t *key, int side,
                   const uint8_t nonce_c[TPS_NONCE_BYTES],
                   const uint8_t nonce_s[TPS_NONCE_BYTES]);
/* A frame's tag: begin, update over its bytes in order, then final (which
 * writes the tag) or verify (1 when `tag` is right, compared in constant
 * time). Both move on to the next sequence number. */
void tps__fmac_begin(tps__fmac_t *m);
void tps__fmac_update(tps__fmac_t *m, const void *p, size_t n);
void tps__fmac_final(tps__fmac_t *m, uint8_t tag[TPS_TAG_BYTES]);
int tps__fmac_verify(tps__fmac_t *m, const uint8_t tag[TPS_TAG_BYTES]);

#endif
