/* SPDX-License-Identifier: MIT */
/* IDX reader (see data_idx.h). Both files are streamed through zlib's gz*
 * interface, which also reads uncompressed files transparently, so a
 * decompressed copy of the data set works too. */
#include "data_idx.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "split.h"
#include "taups.h"

#define IDX_MAGIC_IMAGES 0x00000803u /* unsigned bytes, 3 dimensions */
#define IDX_MAGIC_LABELS 0x00000801u /* unsigned bytes, 1 dimension */
#define IDX_CLASSES 10
/* Guards the size arithmetic against absurd headers; far above any MNIST-like
 * image. */
#define IDX_MAX_SIDE 4096u
#define IDX_GZ_BUFFER (256u * 1024u)
#define IDX_FASHION_DIR "/usr/share/datasets/fashion-mnist"

typedef struct idx_file_s {
    gzFile gz;
    const char *path;
    const char *kind; /* "images" / "labels", for messages */
} idx_file_t;

static uint32_t be32(const unsigned char *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 |
           (uint32_t)p[3];
}

/* Reads up to len bytes and returns how many arrived: fewer than len only when
 * the data ends, including a gzip stream cut short (which zlib reports as
 * Z_BUF_ERROR; callers call that truncation). Returns -1 for corrupt
 * compressed data and leaves zlib's explanation in *why. */
static long long fill(idx_file_t *f, void *buf, size_t len, const char **why) {
    unsigned char *p = buf;
    size_t got = 0;
    while (got < len) {
        size_t want = len - got;
        unsigned chunk = want > (1u << 30) ? 1u << 30 : (unsigned)want;
        int r = gzread(f->gz, p + got, chunk);
        if (r < 0) {
            int zerr = Z_OK;
            const char *msg = gzerror(f->gz, &zerr);
            if (zerr == Z_BUF_ERROR)
                break;
            *why = msg;
            return -1;
        }
        if (r == 0)
            break;
        got += (size_t)r;
    }
    return (long long)got;
}

static int open_idx(idx_file_t *f, const char *path, const char *kind,
                    char *err, size_t errlen) {
    f->path = path;
    f->kind = kind;
    errno = 0;
    f->gz = gzopen(path, "rb");
    if (f->gz == NULL) {
        snprintf(err, errlen, "cannot open IDX %s file %s: %s", kind, path,
                 errno ? strerror(errno) : "out of memory");
        return errno == ENOMEM || errno == 0 ? TPS_ENOMEM : TPS_EIO;
    }
    gzbuffer(f->gz, IDX_GZ_BUFFER);
    return 0;
}

static void close_idx(idx_file_t *f) {
    if (f->gz != NULL)
        gzclose(f->gz);
    f->gz = NULL;
}

/* Reads the big-endian header of nwords 32-bit words and checks its magic. */
static int read_header(idx_file_t *f, uint32_t magic, uint32_t *words,
                       int nwords, char *err, size_t errlen) {
    unsigned char hdr[16];
    size_t len = (size_t)nwords * 4;
    const char *why = NULL;
    long long got = fill(f, hdr, len, &why);
    if (got < 0) {
        snprintf(err, errlen, "cannot decompress IDX %s file %s: %s", f->kind,
                 f->path, why);
        return TPS_EIO;
    }
    /* The magic first: a file of another kind says more than its length. */
    if (got >= 4 && be32(hdr) != magic) {
        snprintf(err, errlen,
                 "%s is not an IDX %s file: its magic number is 0x%08" PRIx32
                 ", expected 0x%08" PRIx32,
                 f->path, f->kind, be32(hdr), magic);
        return TPS_EIO;
    }
    if ((size_t)got < len) {
        snprintf(err, errlen,
                 "%s is not an IDX %s file: it ends after %lld bytes, inside "
                 "its %zu-byte header",
                 f->path, f->kind, got, len);
        return TPS_EIO;
    }
    for (int i = 0; i < nwords; i++)
        words[i] = be32(hdr + 4 * i);
    return 0;
}

/* Reports a failed or short read of the items after the first `done` ones
 * (got bytes arrived, items are itembytes long). */
static int data_error(const idx_file_t *f, long long got, const char *why,
                      uint64_t done, size_t itembytes, uint32_t count,
                      char *err, size_t errlen) {
    if (got < 0)
        snprintf(err, errlen, "cannot decompress IDX %s file %s: %s", f->kind,
                 f->path, why);
    else
        snprintf(err, errlen,
                 "IDX %s file %s is truncated: its header announces %" PRIu32
                 " items but the data ends after %" PRIu64,
                 f->kind, f->path, count,
                 done + (uint64_t)got / (uint64_t)itembytes);
    return TPS_EIO;
}

/* After the announced items nothing may follow: extra bytes mean the file is
 * not what its header says. */
static int check_end(idx_file_t *f, uint32_t count, char *err, size_t errlen) {
    unsigned char extra;
    const char *why = NULL;
    long long got = fill(f, &extra, 1, &why);
    if (got < 0) {
        snprintf(err, errlen, "cannot decompress IDX %s file %s: %s", f->kind,
                 f->path, why);
        return TPS_EIO;
    }
    if (got > 0) {
        snprintf(err, errlen,
                 "IDX %s file %s has unexpected data after the %" PRIu32
                 " items its header announces",
                 f->kind, f->path, count);
        return TPS_EIO;
    }
    return 0;
}

/* Grows *buf, of *cap bytes, to hold `need` bytes (need <= most), by
 * doubling but never beyond `most`: the kept block grows with the data
 * that has arrived, so a header announcing billions of items costs nothing
 * until they are there. Returns 0 or TPS_ENOMEM. */
static int grow(void **buf, size_t *cap, size_t need, size_t most) {
    if (need <= *cap)
        return 0;
    size_t n = *cap > most / 2 ? most : 2 * *cap;
    if (n < need)
        n = need;
    void *p = realloc(*buf, n);
    if (p == NULL)
        return TPS_ENOMEM;
    *buf = p;
    *cap = n;
    return 0;
}

/* Reads all labels in chunks, checks each, and keeps those in [lo, hi) in
 * *keep (allocated here, hi - lo bytes once all have arrived). */
static int read_labels(idx_file_t *f, uint32_t count, uint64_t lo, uint64_t hi,
                       uint8_t **keep, char *err, size_t errlen) {
    size_t chunk = 1u << 16, cap = 0;
    uint8_t *buf = malloc(chunk);
    if (buf == NULL) {
        snprintf(err, errlen, "out of memory reading %s", f->path);
        return TPS_ENOMEM;
    }
    int rc = 0;
    for (uint64_t i = 0; i < count && rc == 0;) {
        size_t n = (size_t)(count - i < chunk ? count - i : chunk);
        const char *why = NULL;
        long long got = fill(f, buf, n, &why);
        if (got != (long long)n) {
            rc = data_error(f, got, why, i, 1, count, err, errlen);
            break;
        }
        for (size_t k = 0; rc == 0 && k < n; k++) {
            if (buf[k] >= IDX_CLASSES) {
                snprintf(err, errlen,
                         "IDX labels file %s: label %u of item %" PRIu64
                         " is outside 0..%d",
                         f->path, (unsigned)buf[k], i + k, IDX_CLASSES - 1);
                rc = TPS_EIO;
            }
        }
        uint64_t from = i > lo ? i : lo;
        uint64_t to = i + n < hi ? i + n : hi;
        if (rc == 0 && from < to) {
            if (grow((void **)keep, &cap, (size_t)(to - lo),
                     (size_t)(hi - lo)) < 0) {
                snprintf(err, errlen, "out of memory keeping the labels of %s",
                         f->path);
                rc = TPS_ENOMEM;
            } else {
                memcpy(*keep + (from - lo), buf + (from - i),
                       (size_t)(to - from));
            }
        }
        i += n;
    }
    free(buf);
    return rc == 0 ? check_end(f, count, err, errlen) : rc;
}

/* Streams all images in chunks and converts those in [lo, hi) to floats
 * into *keep (allocated here, (hi - lo) * dim floats once all arrived). */
static int read_images(idx_file_t *f, uint32_t count, size_t dim, uint64_t lo,
                       uint64_t hi, float **keep, char *err, size_t errlen) {
    float scale[256];
    for (int v = 0; v < 256; v++)
        scale[v] = (float)v / 255.0f;

    size_t chunk_rows = (1u << 20) / dim + 1, cap = 0;
    unsigned char *buf = malloc(chunk_rows * dim);
    if (buf == NULL) {
        snprintf(err, errlen, "out of memory reading %s", f->path);
        return TPS_ENOMEM;
    }
    int rc = 0;
    for (uint64_t row = 0; row < count && rc == 0;) {
        size_t rows =
            (size_t)(count - row < chunk_rows ? count - row : chunk_rows);
        const char *why = NULL;
        long long got = fill(f, buf, rows * dim, &why);
        if (got != (long long)(rows * dim)) {
            rc = data_error(f, got, why, row, dim, count, err, errlen);
            break;
        }
        /* Overlap of this chunk [row, row + rows) with the kept block. */
        uint64_t from = row > lo ? row : lo;
        uint64_t to = row + rows < hi ? row + rows : hi;
        if (from < to && grow((void **)keep, &cap,
                              (size_t)(to - lo) * dim * sizeof(float),
                              (size_t)(hi - lo) * dim * sizeof(float)) < 0) {
            snprintf(err, errlen, "out of memory keeping the images of %s",
                     f->path);
            rc = TPS_ENOMEM;
            break;
        }
        for (uint64_t r = from; r < to; r++) {
            const unsigned char *src = buf + (size_t)(r - row) * dim;
            float *dst = *keep + (size_t)(r - lo) * dim;
            for (size_t k = 0; k < dim; k++)
                dst[k] = scale[src[k]];
        }
        row += rows;
    }
    free(buf);
    return rc == 0 ? check_end(f, count, err, errlen) : rc;
}

int tps__idx_load(const char *images_path, const char *labels_path, int part,
                  int parts, tps__idx_set_t *out, char *err, size_t errlen) {
    memset(out, 0, sizeof(*out));
    idx_file_t img = {0}, lab = {0};
    uint32_t ih[4], lh[2];
    int rc = open_idx(&img, images_path, "images", err, errlen);
    if (rc == 0)
        rc = read_header(&img, IDX_MAGIC_IMAGES, ih, 4, err, errlen);
    if (rc == 0 && (ih[2] == 0 || ih[3] == 0 || ih[2] > IDX_MAX_SIDE ||
                    ih[3] > IDX_MAX_SIDE)) {
        snprintf(err, errlen,
                 "IDX images file %s declares images of %" PRIu32 "x%" PRIu32
                 " pixels; each side must be in 1..%u",
                 images_path, ih[2], ih[3], IDX_MAX_SIDE);
        rc = TPS_EIO;
    }
    if (rc == 0 && ih[1] == 0) {
        snprintf(err, errlen, "IDX images file %s holds no images",
                 images_path);
        rc = TPS_EIO;
    }
    if (rc == 0)
        rc = open_idx(&lab, labels_path, "labels", err, errlen);
    if (rc == 0)
        rc = read_header(&lab, IDX_MAGIC_LABELS, lh, 2, err, errlen);
    if (rc == 0 && lh[1] != ih[1]) {
        snprintf(err, errlen,
                 "IDX files disagree: %s holds %" PRIu32 " images but %s holds "
                 "%" PRIu32 " labels",
                 images_path, ih[1], labels_path, lh[1]);
        rc = TPS_EIO;
    }
    uint64_t lo = 0, hi = 0;
    if (rc == 0)
        rc = tps__split_block(ih[1], part, parts, "images", &lo, &hi, err,
                              errlen);
    if (rc == 0) {
        out->dim = (size_t)ih[2] * ih[3];
        out->n = (size_t)(hi - lo);
        out->first = lo;
        out->total = ih[1];
    }
    /* Nothing is allocated by what the headers say: a file that announces
     * more than it holds is found truncated first. */
    if (rc == 0)
        rc = read_labels(&lab, lh[1], lo, hi, &out->labels, err, errlen);
    if (rc == 0)
        rc = read_images(&img, ih[1], out->dim, lo, hi, &out->images, err,
                         errlen);
    close_idx(&img);
    close_idx(&lab);
    if (rc != 0)
        tps__idx_free(out);
    return rc;
}

int tps__idx_load_fashion(const char *dir, int eval, int rank, int workers,
                          tps__idx_set_t *train, tps__idx_set_t *test,
                          char *err, size_t errlen) {
    memset(train, 0, sizeof(*train));
    memset(test, 0, sizeof(*test));
    if (dir == NULL)
        dir = IDX_FASHION_DIR;
    const char *set = eval ? "t10k" : "train";
    size_t len = strlen(dir) + 64;
    char *images = malloc(len), *labels = malloc(len);
    int rc = TPS_ENOMEM;
    if (images == NULL || labels == NULL) {
        snprintf(err, errlen, "out of memory for the file names under %s", dir);
    } else {
        snprintf(images, len, "%s/%s-images-idx3-ubyte.gz", dir, set);
        snprintf(labels, len, "%s/%s-labels-idx1-ubyte.gz", dir, set);
        rc = eval ? tps__idx_load(images, labels, 0, 1, test, err, errlen)
                  : tps__idx_load(images, labels, rank, workers, train, err,
                                  errlen);
    }
    free(images);
    free(labels);
    return rc;
}

size_t tps__idx_model_dim(const char *model, const tps__idx_set_t *train,
                          const tps__idx_set_t *test, char *err,
                          size_t errlen) {
    if (train->n > 0 && test->n > 0 && train->dim != test->dim) {
        snprintf(err, errlen,
                 "%s: training images have %zu pixels but test images have "
                 "%zu",
                 model, train->dim, test->dim);
        return 0;
    }
    size_t dim = train->n > 0 ? train->dim : test->dim;
    if (dim == 0 || (train->n == 0 && test->n == 0)) {
        snprintf(err, errlen, "%s: no images to train or evaluate on", model);
        return 0;
    }
    return dim;
}

static int digit_class(const void *labels, size_t i) {
    return ((const uint8_t *)labels)[i];
}

int tps__idx_split(tps__idx_set_t *set, const tps__split_t *s, int rank,
                   int workers, uint64_t seed, char *info, size_t infolen,
                   char *err, size_t errlen) {
    size_t *rows = NULL, k = 0;
    int rc = tps__split_by(s, set->labels, digit_class, set->n, 10, rank,
                           workers, seed, &rows, &k, info, infolen, err,
                           errlen);
    float *images = NULL;
    uint8_t *labels = NULL;
    if (rc == 0) {
        images = malloc((k ? k : 1) * set->dim * sizeof(float));
        labels = malloc(k ? k : 1);
        if (images == NULL || labels == NULL)
            rc = TPS_ENOMEM;
    }
    if (rc == 0) {
        for (size_t j = 0; j < k; j++) {
            memcpy(images + j * set->dim, set->images + rows[j] * set->dim,
                   set->dim * sizeof(float));
            labels[j] = set->labels[rows[j]];
        }
        free(set->images);
        free(set->labels);
        set->images = images;
        set->labels = labels;
        set->n = k;
        set->first = 0;
    } else {
        if (rc == TPS_ENOMEM)
            snprintf(err, errlen, "out of memory sharing out the images");
        free(images);
        free(labels);
        tps__idx_free(set);
    }
    free(rows);
    return rc;
}

void tps__idx_free(tps__idx_set_t *set) {
    free(set->images);
    free(set->labels);
    memset(set, 0, sizeof(*set));
}
