/* SPDX-License-Identifier: MIT */
/* Pre-shared key and handshake proofs; see tps_auth.h. */
#include "tps_auth.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sodium.h>

#include "taups_error.h"

int tps__auth_init(void) {
    /* Idempotent and thread-safe: returns 1 when already initialised. */
    return sodium_init() < 0 ? TPS_EIO : 0;
}

int tps__key_load(const char *path, tps__key_t *key, char *err, size_t errlen) {
    memset(key, 0, sizeof(*key));
    if (tps__auth_init() < 0) {
        snprintf(err, errlen, "cannot initialise libsodium");
        return TPS_EIO;
    }
    /* fstat on the descriptor read from, so the checks apply to the file
     * actually read; O_NOFOLLOW is not used because a key under
     * $CREDENTIALS_DIRECTORY or /etc may well be a symlink. */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd < 0) {
        snprintf(err, errlen, "--key-file %s: %s", path, strerror(errno));
        return TPS_EIO;
    }
    struct stat st;
    int rc = TPS_EINVAL;
    uint8_t buf[4096];
    ssize_t n = 0;
    if (fstat(fd, &st) < 0) {
        snprintf(err, errlen, "--key-file %s: %s", path, strerror(errno));
        rc = TPS_EIO;
    } else if (!S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "--key-file %s is not a regular file", path);
    } else if (st.st_mode & (S_IRWXG | S_IRWXO)) {
        snprintf(
            err, errlen,
            "--key-file %s is accessible to group or others (mode %04o); "
            "a shared key must be readable by its owner only: chmod 600 %s",
            path, (unsigned)(st.st_mode & 07777), path);
    } else if ((n = read(fd, buf, sizeof(buf))) < 0) {
        snprintf(err, errlen, "--key-file %s: %s", path, strerror(errno));
        rc = TPS_EIO;
    } else {
        size_t lo = 0, hi = (size_t)n;
        while (lo < hi && isspace(buf[lo]))
            lo++;
        while (hi > lo && isspace(buf[hi - 1]))
            hi--;
        if (hi - lo < TPS_KEY_MIN_CHARS) {
            snprintf(err, errlen,
                     "--key-file %s holds %zu bytes; a key needs at least %d "
                     "(make one with: taups-ctl keygen FILE)",
                     path, hi - lo, TPS_KEY_MIN_CHARS);
        } else if ((size_t)n == sizeof(buf)) {
            snprintf(err, errlen, "--key-file %s is longer than %zu bytes",
                     path, sizeof(buf) - 1);
        } else {
            /* Hashed so that any text of enough entropy makes a full key;
             * the label keeps this use of the secret apart from any other. */
            static const char label[] = "taups key v1";
            crypto_generichash_state hs;
            crypto_generichash_init(&hs, NULL, 0, TPS_KEY_BYTES);
            crypto_generichash_update(&hs, (const uint8_t *)label,
                                      sizeof(label));
            crypto_generichash_update(&hs, buf + lo, hi - lo);
            crypto_generichash_final(&hs, key->k, TPS_KEY_BYTES);
            key->set = 1;
            rc = 0;
        }
    }
    sodium_memzero(buf, sizeof(buf));
    close(fd);
    return rc;
}

int tps__key_generate(const char *path, char *err, size_t errlen) {
    if (tps__auth_init() < 0) {
        snprintf(err, errlen, "cannot initialise libsodium");
        return TPS_EIO;
    }
    uint8_t raw[32];
    char hex[2 * sizeof(raw) + 2];
    randombytes_buf(raw, sizeof(raw));
    sodium_bin2hex(hex, sizeof(hex), raw, sizeof(raw));
    sodium_memzero(raw, sizeof(raw));
    size_t len = strlen(hex);
    hex[len++] = '\n';
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    int rc = 0;
    if (fd < 0) {
        snprintf(err, errlen, "cannot create key file %s: %s", path,
                 strerror(errno));
        rc = TPS_EIO;
    } else {
        if (write(fd, hex, len) != (ssize_t)len || fsync(fd) < 0) {
            snprintf(err, errlen, "cannot write key file %s: %s", path,
                     strerror(errno));
            rc = TPS_EIO;
        }
        if (close(fd) < 0 && rc == 0) {
            snprintf(err, errlen, "cannot write key file %s: %s", path,
                     strerror(errno));
            rc = TPS_EIO;
        }
        if (rc < 0)
            unlink(path);
    }
    sodium_memzero(hex, sizeof(hex));
    return rc;
}

void tps__auth_nonce(uint8_t n[TPS_NONCE_BYTES]) {
    randombytes_buf(n, TPS_NONCE_BYTES);
}

static void put_u64(crypto_generichash_state *hs, uint64_t v) {
    uint8_t b[8];
    for (int i = 0; i < 8; i++)
        b[i] = (uint8_t)(v >> (8 * i));
    crypto_generichash_update(hs, b, sizeof(b));
}

void tps__auth_proof(const tps__key_t *key, int side,
                    const uint8_t nonce_c[TPS_NONCE_BYTES],
                    const uint8_t nonce_s[TPS_NONCE_BYTES],
                    const Taups__Header *hello, uint8_t out[TPS_MAC_BYTES]) {
    static const char label[] = "taups hello v1";
    crypto_generichash_state hs;
    crypto_generichash_init(&hs, key->k, TPS_KEY_BYTES, TPS_MAC_BYTES);
    crypto_generichash_update(&hs, (const uint8_t *)label, sizeof(label));
    put_u64(&hs, (uint64_t)side);
    crypto_generichash_update(&hs, nonce_c, TPS_NONCE_BYTES);
    crypto_generichash_update(&hs, nonce_s, TPS_NONCE_BYTES);
    /* Fixed-width fields, then the one string with its length first, so
     * that no two identities hash the same bytes. */
    put_u64(&hs, hello->proto_version);
    put_u64(&hs, (uint64_t)hello->role);
    put_u64(&hs, (uint64_t)(int64_t)hello->rank);
    put_u64(&hs, hello->workers);
    put_u64(&hs, hello->shards);
    put_u64(&hs, hello->shard);
    put_u64(&hs, hello->session);
    put_u64(&hs, hello->frame_mac);
    const char *mode = hello->mode ? hello->mode : "";
    put_u64(&hs, strlen(mode));
    crypto_generichash_update(&hs, (const uint8_t *)mode, strlen(mode));
    crypto_generichash_final(&hs, out, TPS_MAC_BYTES);
}

void tps__fmac_init(tps__fmac_t *m, const tps__key_t *key, int side,
                   const uint8_t nonce_c[TPS_NONCE_BYTES],
                   const uint8_t nonce_s[TPS_NONCE_BYTES]) {
    static const char label[] = "taups frames v1";
    crypto_generichash_state hs;
    crypto_generichash_init(&hs, key->k, TPS_KEY_BYTES, sizeof(m->key));
    crypto_generichash_update(&hs, (const uint8_t *)label, sizeof(label));
    put_u64(&hs, (uint64_t)side);
    crypto_generichash_update(&hs, nonce_c, TPS_NONCE_BYTES);
    crypto_generichash_update(&hs, nonce_s, TPS_NONCE_BYTES);
    crypto_generichash_final(&hs, m->key, sizeof(m->key));
    m->seq = 0;
}

void tps__fmac_begin(tps__fmac_t *m) {
    uint8_t k[crypto_onetimeauth_KEYBYTES];
    crypto_kdf_derive_from_key(k, sizeof(k), m->seq, "taupsfrm", m->key);
    crypto_onetimeauth_init(&m->st, k);
    sodium_memzero(k, sizeof(k));
}

void tps__fmac_update(tps__fmac_t *m, const void *p, size_t n) {
    crypto_onetimeauth_update(&m->st, p, n);
}

void tps__fmac_final(tps__fmac_t *m, uint8_t tag[TPS_TAG_BYTES]) {
    crypto_onetimeauth_final(&m->st, tag);
    m->seq++;
}

int tps__fmac_verify(tps__fmac_t *m, const uint8_t tag[TPS_TAG_BYTES]) {
    uint8_t want[TPS_TAG_BYTES];
    tps__fmac_final(m, want);
    return crypto_verify_16(want, tag) == 0;
}

int tps__auth_check(const tps__key_t *key, int side,
                   const uint8_t nonce_c[TPS_NONCE_BYTES],
                   const uint8_t nonce_s[TPS_NONCE_BYTES],
                   const Taups__Header *hello, const uint8_t *mac, size_t len) {
    uint8_t want[TPS_MAC_BYTES];
    if (len != TPS_MAC_BYTES || mac == NULL)
        return 0;
    tps__auth_proof(key, side, nonce_c, nonce_s, hello, want);
    return crypto_verify_32(want, mac) == 0;
}
