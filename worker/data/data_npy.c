/* SPDX-License-Identifier: MIT */
/* .npy reader (see data_npy.h). Bytes are decoded one by one, so the files
 * are read the same on any host whatever its byte order. */
#include "data_npy.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "taups.h"

#define NPY_CHUNK (64u * 1024u)

/* A cursor over the header text; parse functions advance it or fail. */
typedef struct cursor_s {
    const char *p, *end;
} cursor_t;

static void skip_blanks(cursor_t *c) {
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\t'))
        c->p++;
}

static int eat(cursor_t *c, char ch) {
    skip_blanks(c);
    if (c->p < c->end && *c->p == ch) {
        c->p++;
        return 1;
    }
    return 0;
}

/* A quoted string without escapes: the only strings the three keys and a
 * float dtype ever need. */
static int string_literal(cursor_t *c, char *out, size_t cap) {
    skip_blanks(c);
    if (c->p >= c->end || (*c->p != '\'' && *c->p != '"'))
        return -1;
    char q = *c->p++;
    size_t n = 0;
    while (c->p < c->end && *c->p != q) {
        if (*c->p == '\\' || (unsigned char)*c->p < 0x20 || n + 1 >= cap)
            return -1;
        out[n++] = *c->p++;
    }
    if (c->p >= c->end)
        return -1;
    c->p++;
    out[n] = '\0';
    return 0;
}

static int is_ident(char ch) {
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
           (ch >= '0' && ch <= '9') || ch == '_';
}

/* Python's True or False, as a whole word. */
static int boolean_literal(cursor_t *c, int *out) {
    static const char *const words[2] = {"False", "True"};
    skip_blanks(c);
    for (int v = 0; v < 2; v++) {
        size_t n = strlen(words[v]);
        if ((size_t)(c->end - c->p) >= n && memcmp(c->p, words[v], n) == 0 &&
            (c->p + n == c->end || !is_ident(c->p[n]))) {
            c->p += n;
            *out = v;
            return 0;
        }
    }
    return -1;
}

/* A decimal integer as Python 3 writes one: no sign, no leading zeros. */
static int integer_literal(cursor_t *c, uint64_t *out) {
    skip_blanks(c);
    const char *start = c->p;
    uint64_t v = 0;
    while (c->p < c->end && *c->p >= '0' && *c->p <= '9') {
        unsigned digit = (unsigned)(*c->p - '0');
        if (v > (UINT64_MAX - digit) / 10)
            return -1;
        v = v * 10 + digit;
        c->p++;
    }
    if (c->p == start || (c->p - start > 1 && *start == '0') ||
        (c->p < c->end && is_ident(*c->p)))
        return -1;
    *out = v;
    return 0;
}

/* A tuple of integers: "()", "(3,)", "(3, 2)" or "(3, 2,)"; "(3)" is an
 * integer in Python, not a tuple, and is refused. */
static int shape_literal(cursor_t *c, tps__npy_t *npy, char *err,
                         size_t errlen, const char *path) {
    if (!eat(c, '('))
        return -1;
    npy->ndim = 0;
    if (eat(c, ')'))
        return 0;
    for (;;) {
        uint64_t v;
        if (integer_literal(c, &v) < 0)
            return -1;
        if (npy->ndim == TPS_NPY_MAX_DIMS) {
            snprintf(err, errlen, "%s: more than %d dimensions", path,
                     TPS_NPY_MAX_DIMS);
            return -2;
        }
        npy->shape[npy->ndim++] = v;
        int comma = eat(c, ',');
        if (eat(c, ')'))
            return npy->ndim == 1 && !comma ? -1 : 0;
        if (!comma)
            return -1;
    }
}

/* Parses the dict literal header[0..len) into npy and *fortran, *descr. */
static int parse_header(const char *path, const char *header, size_t len,
                        tps__npy_t *npy, char *descr, size_t descr_cap,
                        int *fortran, char *err, size_t errlen) {
    cursor_t c = {header, header + len};
    enum { KEY_DESCR, KEY_FORTRAN, KEY_SHAPE, NKEYS };
    static const char *const keys[NKEYS] = {"descr", "fortran_order",
                                            "shape"};
    int seen[NKEYS] = {0};
    const char *what = "expected '{'";
    if (len == 0 || header[len - 1] != '\n') {
        what = "it does not end with a newline";
        goto malformed;
    }
    c.end--;
    if (!eat(&c, '{'))
        goto malformed;
    while (!eat(&c, '}')) {
        char key[32];
        what = "expected a quoted key or '}'";
        if (string_literal(&c, key, sizeof(key)) < 0)
            goto malformed;
        int k = 0;
        while (k < NKEYS && strcmp(key, keys[k]) != 0)
            k++;
        if (k == NKEYS) {
            snprintf(err, errlen,
                     "%s: header has key '%s'; a .npy header holds only "
                     "'descr', 'fortran_order' and 'shape'",
                     path, key);
            return TPS_EIO;
        }
        if (seen[k]) {
            snprintf(err, errlen, "%s: header gives '%s' twice", path, key);
            return TPS_EIO;
        }
        seen[k] = 1;
        what = "expected ':' after a key";
        if (!eat(&c, ':'))
            goto malformed;
        int rc = 0;
        if (k == KEY_DESCR) {
            what = "'descr' is not a plain dtype string (a structured dtype?)";
            rc = string_literal(&c, descr, descr_cap);
        } else if (k == KEY_FORTRAN) {
            what = "'fortran_order' is not True or False";
            rc = boolean_literal(&c, fortran);
        } else {
            what = "'shape' is not a tuple of integers";
            rc = shape_literal(&c, npy, err, errlen, path);
            if (rc == -2)
                return TPS_EIO;
        }
        if (rc < 0)
            goto malformed;
        what = "expected ',' or '}' after a value";
        if (!eat(&c, ',')) {
            if (!eat(&c, '}'))
                goto malformed;
            break;
        }
    }
    skip_blanks(&c);
    what = "text after the closing '}'";
    if (c.p != c.end)
        goto malformed;
    for (int k = 0; k < NKEYS; k++)
        if (!seen[k]) {
            snprintf(err, errlen, "%s: header lacks '%s'", path, keys[k]);
            return TPS_EIO;
        }
    return 0;
malformed:
    snprintf(err, errlen, "%s: malformed header: %s, at byte %zu of \"%.*s\"",
             path, what, (size_t)(c.p - header),
             (int)(len == 0 ? 0 : len > 120 ? 120 : len - 1), header);
    return TPS_EIO;
}

/* The n numbers v as "<open>v0, v1<close>" into buf (truncated to len). */
static const char *numbers_text(const uint64_t *v, int n, const char *open,
                                const char *close, char *buf, size_t len) {
    size_t used = 0;
    int w = snprintf(buf, len, "%s", open);
    for (int i = 0; w >= 0 && i < n; i++) {
        used += (size_t)w;
        if (used >= len)
            return buf;
        w = snprintf(buf + used, len - used, "%s%llu", i ? ", " : "",
                     (unsigned long long)v[i]);
    }
    if (w >= 0 && (used += (size_t)w) < len)
        snprintf(buf + used, len - used, "%s", close);
    return buf;
}

const char *tps__npy_shape(const tps__npy_t *npy, char *buf, size_t len) {
    /* Python writes a 1-tuple with a trailing comma. */
    return numbers_text(npy->shape, npy->ndim, "(", npy->ndim == 1 ? ",)" : ")",
                        buf, len);
}

static uint64_t le_bytes(const unsigned char *p, int n) {
    uint64_t v = 0;
    for (int i = n; i-- > 0;)
        v = v << 8 | p[i];
    return v;
}

/* The magic string, the version and the header length of the file f at
 * path, read up to where the header starts: *lenbytes is the width of the
 * length field (2 or 4), *hlen the header's length. Returns 0 or TPS_EIO
 * with a sentence. */
static int read_preamble(const char *path, FILE *f, int *lenbytes,
                         uint64_t *hlen, char *err, size_t errlen) {
    unsigned char pre[12];
    size_t got = fread(pre, 1, 8, f);
    if (got < 8 || memcmp(pre, "\x93NUMPY", 6) != 0) {
        snprintf(err, errlen,
                 "%s: not a NumPy .npy file (bad magic: it does not start "
                 "with \\x93NUMPY)",
                 path);
        return TPS_EIO;
    }
    int major = pre[6], minor = pre[7];
    if (major < 1 || major > 3 || minor != 0) {
        snprintf(err, errlen,
                 "%s: unsupported .npy format version %d.%d (1.0, 2.0 and "
                 "3.0 are read)",
                 path, major, minor);
        return TPS_EIO;
    }
    *lenbytes = major == 1 ? 2 : 4;
    if (fread(pre + 8, 1, (size_t)*lenbytes, f) != (size_t)*lenbytes) {
        snprintf(err, errlen, "%s: truncated before the header length", path);
        return TPS_EIO;
    }
    *hlen = le_bytes(pre + 8, *lenbytes);
    if (*hlen > TPS_NPY_MAX_HEADER) {
        snprintf(err, errlen,
                 "%s: header of %llu bytes is longer than the %u accepted",
                 path, (unsigned long long)*hlen, TPS_NPY_MAX_HEADER);
        return TPS_EIO;
    }
    return 0;
}

/* What the header said, checked against what is read: C order, float32 or
 * float64 (npy->word), and a shape whose bytes fit in 64 bits
 * (npy->count). Returns 0 or TPS_EIO with a sentence. */
static int check_dtype(const char *path, tps__npy_t *npy, const char *descr,
                       int fortran, char *err, size_t errlen) {
    if (fortran) {
        snprintf(err, errlen,
                 "%s: array is in Fortran order; only C order is read: save "
                 "with np.ascontiguousarray",
                 path);
        return TPS_EIO;
    }
    if (strcmp(descr, "<f4") == 0 || strcmp(descr, "<f8") == 0) {
        npy->word = descr[2] - '0';
    } else {
        snprintf(err, errlen,
                 "%s: dtype '%s' is not supported; only little-endian "
                 "float32 ('<f4') and float64 ('<f8') are read: save with "
                 ".astype('<f8')",
                 path, descr);
        return TPS_EIO;
    }
    npy->count = 1;
    for (int i = 0; i < npy->ndim; i++) {
        if (npy->shape[i] != 0 &&
            npy->count > UINT64_MAX / 8 / npy->shape[i]) {
            snprintf(err, errlen, "%s: shape too large", path);
            return TPS_EIO;
        }
        npy->count *= npy->shape[i];
    }
    return 0;
}

/* Whether the data after npy->offset is exactly the array's bytes. Returns
 * 0 or TPS_EIO with a sentence. */
static int check_size(const char *path, FILE *f, const tps__npy_t *npy,
                      const char *descr, char *err, size_t errlen) {
    if (fseeko(f, 0, SEEK_END) != 0) {
        snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
        return TPS_EIO;
    }
    uint64_t size = (uint64_t)ftello(f),
             want = npy->count * (uint64_t)npy->word;
    uint64_t found = size - npy->offset;
    if (found != want) {
        char shape[160];
        snprintf(err, errlen,
                 "%s: %s: shape %s of '%s' needs %llu bytes of data, found "
                 "%llu",
                 path,
                 found < want ? "truncated" : "trailing bytes after the array",
                 tps__npy_shape(npy, shape, sizeof(shape)), descr,
                 (unsigned long long)want, (unsigned long long)found);
        return TPS_EIO;
    }
    return 0;
}

int tps__npy_open(const char *path, tps__npy_t *npy, char *err,
                  size_t errlen) {
    memset(npy, 0, sizeof(*npy));
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno));
        return TPS_EIO;
    }
    char *header = NULL;
    int lenbytes;
    uint64_t hlen;
    int rc = read_preamble(path, f, &lenbytes, &hlen, err, errlen);
    if (rc < 0)
        goto out;
    header = malloc((size_t)hlen + 1);
    if (header == NULL) {
        snprintf(err, errlen, "out of memory reading %s", path);
        rc = TPS_ENOMEM;
        goto out;
    }
    if (fread(header, 1, (size_t)hlen, f) != (size_t)hlen) {
        snprintf(err, errlen, "%s: truncated within its %llu-byte header",
                 path, (unsigned long long)hlen);
        rc = TPS_EIO;
        goto out;
    }
    header[hlen] = '\0';
    char descr[32] = "";
    int fortran = 0;
    if ((rc = parse_header(path, header, (size_t)hlen, npy, descr,
                           sizeof(descr), &fortran, err, errlen)) < 0 ||
        (rc = check_dtype(path, npy, descr, fortran, err, errlen)) < 0)
        goto out;
    npy->offset = (uint64_t)(6 + 2 + lenbytes) + hlen;
    rc = check_size(path, f, npy, descr, err, errlen);
out:
    free(header);
    fclose(f);
    return rc;
}

/* Element `flat` as an index of the array, "[3, 1]". */
static void index_text(const tps__npy_t *npy, uint64_t flat, char *buf,
                       size_t len) {
    uint64_t idx[TPS_NPY_MAX_DIMS];
    for (int i = npy->ndim; i-- > 0;) {
        idx[i] = npy->shape[i] ? flat % npy->shape[i] : 0;
        flat = npy->shape[i] ? flat / npy->shape[i] : 0;
    }
    numbers_text(idx, npy->ndim, "[", "]", buf, len);
}

int tps__npy_read(const char *path, const tps__npy_t *npy, uint64_t first,
                  uint64_t n, float *out, char *err, size_t errlen) {
    if (first > npy->count || n > npy->count - first) {
        snprintf(err, errlen,
                 "%s: elements [%llu, %llu) are outside its %llu elements",
                 path, (unsigned long long)first,
                 (unsigned long long)(first + n),
                 (unsigned long long)npy->count);
        return TPS_EINVAL;
    }
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno));
        return TPS_EIO;
    }
    unsigned char *buf = malloc(NPY_CHUNK);
    int rc = 0;
    if (buf == NULL) {
        snprintf(err, errlen, "out of memory reading %s", path);
        rc = TPS_ENOMEM;
    } else if (fseeko(f, (off_t)npy->offset, SEEK_SET) != 0) {
        snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
        rc = TPS_EIO;
    }
    const size_t per = NPY_CHUNK / (size_t)npy->word;
    for (uint64_t i = 0; rc == 0 && i < npy->count;) {
        size_t k = npy->count - i < per ? (size_t)(npy->count - i) : per;
        if (fread(buf, (size_t)npy->word, k, f) != k) {
            snprintf(err, errlen, "%s: short read at element %llu%s", path,
                     (unsigned long long)i,
                     ferror(f) ? "" : " (the file shrank while read)");
            rc = TPS_EIO;
            break;
        }
        for (size_t j = 0; j < k; j++, i++) {
            uint64_t bits = le_bytes(buf + j * (size_t)npy->word, npy->word);
            double v;
            if (npy->word == 4) {
                uint32_t b32 = (uint32_t)bits;
                float x;
                memcpy(&x, &b32, sizeof(x));
                v = x;
            } else {
                memcpy(&v, &bits, sizeof(v));
            }
            if (!isfinite(v) || fabs(v) > FLT_MAX) {
                char at[160];
                index_text(npy, i, at, sizeof(at));
                snprintf(err, errlen, "%s: element %s is %s", path, at,
                         isnan(v)     ? "NaN"
                         : isinf(v)   ? "infinite"
                                      : "too large for float32");
                rc = TPS_EIO;
                break;
            }
            if (i >= first && i - first < n)
                out[i - first] = (float)v;
        }
    }
    free(buf);
    fclose(f);
    return rc;
}
