/* SPDX-License-Identifier: MIT */
/* LIBSVM reader (see data_libsvm.h). The file goes through zlib's gz*
 * interface, which reads uncompressed files transparently, in chunks split
 * into lines here rather than with gzgets, so that an overlong line or a NUL
 * byte is noticed instead of silently cut. */
#include "data_libsvm.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "split.h"
#include "taups.h"

#define LIBSVM_CHUNK (64u * 1024u)
#define LIBSVM_GZ_BUFFER (256u * 1024u)
/* A pair takes at least 4 bytes ("1:2 "), which bounds the pairs of a line
 * and so the scratch arrays. */
#define LIBSVM_MAX_PAIRS (TPS_LIBSVM_MAX_LINE / 4 + 1)

typedef struct reader_s {
    gzFile gz;
    const char *path;
    unsigned char *chunk; /* LIBSVM_CHUNK bytes read ahead */
    size_t pos, len;      /* unread bytes of chunk: [pos, len) */
    int eof;
    char *line;      /* the current line, NUL-terminated */
    uint64_t lineno; /* 1-based number of the current line */
    uint64_t *idx;   /* the current row's pairs: 0-based indices, or the
                        ids themselves in a wide pass */
    uint64_t *sorted; /* a wide pass: the row's ids sorted, for duplicates */
    float *val;
    size_t npairs;
    uint64_t ndropped; /* pairs of the current row beyond the dimension */
    int label;         /* the current row's label, -1 or +1 */
} reader_t;

/* One pass over the file: what it checks, what it keeps, what it found. */
typedef struct pass_s {
    int wide;              /* 64-bit ids in any order (tps__libsvm_load_ids) */
    uint64_t dim;          /* 0: any index; else the largest allowed */
    int drop_beyond;       /* drop, rather than refuse, indices above dim */
    uint64_t lo, hi;       /* rows to keep into out: [lo, hi) */
    tps__libsvm_set_t *out; /* NULL: keep nothing */
    uint64_t cap;          /* entries allocated in out */
    uint64_t rows;         /* rows seen */
    uint64_t max_index;    /* largest 1-based index seen */
    uint64_t minus_line;   /* first line labelled -1 (0: none yet) */
    uint64_t zero_line;    /* first line labelled 0 */
} pass_t;

static int is_space(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static int open_reader(reader_t *r, const char *path, char *err,
                       size_t errlen) {
    memset(r, 0, sizeof(*r));
    r->path = path;
    r->chunk = malloc(LIBSVM_CHUNK);
    r->line = malloc(TPS_LIBSVM_MAX_LINE + 1);
    r->idx = malloc(LIBSVM_MAX_PAIRS * sizeof(uint64_t));
    r->sorted = malloc(LIBSVM_MAX_PAIRS * sizeof(uint64_t));
    r->val = malloc(LIBSVM_MAX_PAIRS * sizeof(float));
    if (r->chunk == NULL || r->line == NULL || r->idx == NULL ||
        r->sorted == NULL || r->val == NULL) {
        snprintf(err, errlen, "out of memory reading %s", path);
        return TPS_ENOMEM;
    }
    errno = 0;
    r->gz = gzopen(path, "rb");
    if (r->gz == NULL) {
        snprintf(err, errlen, "cannot open LIBSVM file %s: %s", path,
                 errno ? strerror(errno) : "out of memory");
        return errno == ENOMEM || errno == 0 ? TPS_ENOMEM : TPS_EIO;
    }
    gzbuffer(r->gz, LIBSVM_GZ_BUFFER);
    return 0;
}

static void close_reader(reader_t *r) {
    if (r->gz != NULL)
        gzclose(r->gz);
    free(r->chunk);
    free(r->line);
    free(r->idx);
    free(r->sorted);
    free(r->val);
    memset(r, 0, sizeof(*r));
}

/* Starts the second pass from the top of the file. */
static int rewind_reader(reader_t *r, char *err, size_t errlen) {
    r->pos = r->len = 0;
    r->eof = 0;
    r->lineno = 0;
    if (gzrewind(r->gz) != 0) {
        snprintf(err, errlen, "cannot read LIBSVM file %s a second time",
                 r->path);
        return TPS_EIO;
    }
    return 0;
}

/* Reads the next line into r->line without its newline. Returns 1, 0 at the
 * end of the file, or a negative code with a sentence in err. A last line
 * without a newline counts. */
static int next_line(reader_t *r, char *err, size_t errlen) {
    size_t n = 0;
    int any = 0;
    for (;;) {
        if (r->pos == r->len) {
            if (r->eof)
                break;
            int got = gzread(r->gz, r->chunk, LIBSVM_CHUNK);
            if (got < 0) {
                int errnum = errno, zerr = Z_OK;
                const char *why = gzerror(r->gz, &zerr);
                if (zerr == Z_ERRNO) { /* e.g. the path is a directory */
                    snprintf(err, errlen, "cannot read LIBSVM file %s: %s",
                             r->path, strerror(errnum));
                    return TPS_EIO;
                }
                snprintf(err, errlen,
                         "cannot decompress LIBSVM file %s after line %llu: "
                         "%s",
                         r->path, (unsigned long long)r->lineno, why);
                return TPS_EIO;
            }
            if (got == 0) {
                /* gzread reports a gzip stream cut short as a plain end of
                 * data and keeps Z_BUF_ERROR for gzerror: a truncated file
                 * must not pass for a shorter one. */
                int zerr = Z_OK;
                const char *why = gzerror(r->gz, &zerr);
                if (zerr != Z_OK) {
                    snprintf(err, errlen,
                             "cannot decompress LIBSVM file %s after line "
                             "%llu: %s (is it truncated?)",
                             r->path, (unsigned long long)r->lineno, why);
                    return TPS_EIO;
                }
                r->eof = 1;
                break;
            }
            r->pos = 0;
            r->len = (size_t)got;
        }
        any = 1;
        const unsigned char *start = r->chunk + r->pos;
        const unsigned char *nl = memchr(start, '\n', r->len - r->pos);
        size_t take = nl ? (size_t)(nl - start) : r->len - r->pos;
        if (n + take > TPS_LIBSVM_MAX_LINE) {
            snprintf(err, errlen, "%s:%llu: line is longer than %u bytes",
                     r->path, (unsigned long long)r->lineno + 1,
                     TPS_LIBSVM_MAX_LINE);
            return TPS_EIO;
        }
        memcpy(r->line + n, start, take);
        n += take;
        r->pos += take + (nl != NULL);
        if (nl != NULL)
            break;
    }
    if (!any)
        return 0;
    r->lineno++;
    r->line[n] = '\0';
    if (memchr(r->line, '\0', n) != NULL) {
        snprintf(err, errlen, "%s:%llu: line contains a NUL byte", r->path,
                 (unsigned long long)r->lineno);
        return TPS_EIO;
    }
    return 1;
}

/* Reads the label token [s, e) of the current line into r->label, keeping
 * the label convention of the file (-1/+1 or 0/1) consistent. Returns 0 or
 * TPS_EIO with a sentence. */
static int parse_label(reader_t *r, pass_t *p, char *s, char *e, char *err,
                       size_t errlen) {
    unsigned long long ln = (unsigned long long)r->lineno;
    char *end = NULL;
    double y = strtod(s, &end);
    if (end != e || (y != 1.0 && y != -1.0 && y != 0.0)) {
        snprintf(err, errlen,
                 "%s:%llu: label \"%.*s\" is not -1, +1, 0 or 1; taups reads "
                 "binary classification data",
                 r->path, ln, (int)(e - s > 32 ? 32 : e - s), s);
        return TPS_EIO;
    }
    if (y == 0.0 && p->zero_line == 0)
        p->zero_line = r->lineno;
    if (y == -1.0 && p->minus_line == 0)
        p->minus_line = r->lineno;
    if (p->zero_line != 0 && p->minus_line != 0) {
        int zero_here = y == 0.0;
        snprintf(err, errlen,
                 "%s:%llu: label %s, but line %llu has label %s: a binary "
                 "LIBSVM file labels its classes either -1/+1 or 0/1",
                 r->path, ln, zero_here ? "0" : "-1",
                 (unsigned long long)(zero_here ? p->minus_line : p->zero_line),
                 zero_here ? "-1" : "0");
        return TPS_EIO;
    }
    r->label = y > 0 ? 1 : -1;
    return 0;
}

/* Parses the token [s, e) of the current line as index:value, the index
 * above prev (the line's last) unless the pass is wide, where any 64-bit id
 * goes. Returns 0 or TPS_EIO with a sentence. */
static int parse_pair(const reader_t *r, int wide, char *s, char *e,
                      uint64_t prev, uint64_t *index_out, double *value,
                      char *err, size_t errlen) {
    unsigned long long ln = (unsigned long long)r->lineno;
    int toklen = (int)(e - s > 32 ? 32 : e - s);
    uint64_t index = 0, most = wide ? UINT64_MAX : UINT32_MAX;
    char *c = s;
    for (; c < e && *c >= '0' && *c <= '9'; c++) {
        uint64_t d = (uint64_t)(*c - '0');
        if (index > (most - d) / 10) {
            snprintf(err, errlen,
                     "%s:%llu: feature %s in \"%.*s\" is larger than %llu",
                     r->path, ln, wide ? "id" : "index", toklen, s,
                     (unsigned long long)most);
            return TPS_EIO;
        }
        index = index * 10 + d;
    }
    /* strtod would skip the blanks after an empty value, so an empty
     * value is refused before it is parsed. */
    if (c == s || c + 1 >= e || *c != ':') {
        snprintf(err, errlen, "%s:%llu: \"%.*s\" is not an index:value pair",
                 r->path, ln, toklen, s);
        return TPS_EIO;
    }
    if (index == 0 && !wide) {
        snprintf(err, errlen,
                 "%s:%llu: feature index 0 in \"%.*s\"; LIBSVM indices "
                 "start at 1",
                 r->path, ln, toklen, s);
        return TPS_EIO;
    }
    if (!wide && index <= prev) {
        snprintf(err, errlen,
                 "%s:%llu: feature index %llu follows index %llu; indices "
                 "must increase along a line",
                 r->path, ln, (unsigned long long)index,
                 (unsigned long long)prev);
        return TPS_EIO;
    }
    char *end = NULL;
    double v = strtod(c + 1, &end);
    if (end != e) {
        snprintf(err, errlen, "%s:%llu: \"%.*s\" is not an index:value pair",
                 r->path, ln, toklen, s);
        return TPS_EIO;
    }
    if (!isfinite(v) || fabs(v) > FLT_MAX) {
        snprintf(err, errlen,
                 "%s:%llu: value \"%.*s\" of feature %llu is not a finite "
                 "float",
                 r->path, ln, (int)(e - c - 1 > 32 ? 32 : e - c - 1), c + 1,
                 (unsigned long long)index);
        return TPS_EIO;
    }
    *index_out = index;
    *value = v;
    return 0;
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* A wide row may list its ids in any order, but each once: a repeated id
 * would be a feature counted twice. Returns 1 or TPS_EIO with a sentence. */
static int check_distinct(reader_t *r, char *err, size_t errlen) {
    memcpy(r->sorted, r->idx, r->npairs * sizeof(uint64_t));
    qsort(r->sorted, r->npairs, sizeof(uint64_t), cmp_u64);
    for (size_t i = 1; i < r->npairs; i++)
        if (r->sorted[i] == r->sorted[i - 1]) {
            snprintf(err, errlen, "%s:%llu: feature id %llu appears twice",
                     r->path, (unsigned long long)r->lineno,
                     (unsigned long long)r->sorted[i]);
            return TPS_EIO;
        }
    return 1;
}

/* Parses r->line into r->label and r->idx/val/npairs. Returns 1 for a row,
 * 0 for a blank or comment-only line, or TPS_EIO with a sentence. Checks
 * indices against p->dim (dropping or refusing larger ones) and keeps the
 * label convention of the file consistent. */
static int parse_line(reader_t *r, pass_t *p, char *err, size_t errlen) {
    char *s = r->line;
    char *hash = strchr(s, '#');
    if (hash != NULL)
        *hash = '\0';
    while (is_space(*s))
        s++;
    if (*s == '\0')
        return 0;

    char *e = s;
    while (*e != '\0' && !is_space(*e))
        e++;
    if (parse_label(r, p, s, e, err, errlen) < 0)
        return TPS_EIO;

    uint64_t prev = 0;
    r->npairs = 0;
    r->ndropped = 0;
    for (s = e;;) {
        while (is_space(*s))
            s++;
        if (*s == '\0')
            break;
        for (e = s; *e != '\0' && !is_space(*e);)
            e++;
        uint64_t index;
        double v;
        if (parse_pair(r, p->wide, s, e, prev, &index, &v, err, errlen) < 0)
            return TPS_EIO;
        prev = index;
        if (p->wide) {
            r->idx[r->npairs] = index;
            r->val[r->npairs++] = (float)v;
            s = e;
            continue;
        }
        if (index > p->max_index)
            p->max_index = index;
        if (p->dim != 0 && index > p->dim) {
            if (p->drop_beyond) {
                r->ndropped++;
                s = e;
                continue;
            }
            snprintf(err, errlen,
                     "%s:%llu: feature index %llu exceeds the dimension %llu "
                     "given",
                     r->path, (unsigned long long)r->lineno,
                     (unsigned long long)index, (unsigned long long)p->dim);
            return TPS_EIO;
        }
        r->idx[r->npairs] = index - 1;
        r->val[r->npairs] = (float)v;
        r->npairs++;
        s = e;
    }
    return p->wide ? check_distinct(r, err, errlen) : 1;
}

/* Appends the current row to p->out, growing its entry arrays by doubling:
 * indices, or in a wide pass the ids. */
static int keep_row(reader_t *r, pass_t *p, char *err, size_t errlen) {
    tps__libsvm_set_t *o = p->out;
    size_t isz = p->wide ? sizeof(uint64_t) : sizeof(uint32_t);
    void **keys = p->wide ? (void **)&o->ids : (void **)&o->indices;
    if (o->nnz + r->npairs > p->cap) {
        uint64_t cap = p->cap ? p->cap : 1024;
        while (cap < o->nnz + r->npairs)
            cap *= 2;
        void *idx = realloc(*keys, cap * isz);
        if (idx != NULL)
            *keys = idx;
        float *val = idx ? realloc(o->values, cap * sizeof(float)) : NULL;
        if (val == NULL) {
            snprintf(err, errlen, "out of memory keeping the rows of %s",
                     r->path);
            return TPS_ENOMEM;
        }
        o->values = val;
        p->cap = cap;
    }
    if (r->npairs > 0 && p->wide) { /* the arrays may still be NULL */
        memcpy(o->ids + o->nnz, r->idx, r->npairs * sizeof(uint64_t));
    } else {
        for (size_t i = 0; i < r->npairs; i++)
            o->indices[o->nnz + i] = (uint32_t)r->idx[i];
    }
    if (r->npairs > 0)
        memcpy(o->values + o->nnz, r->val, r->npairs * sizeof(float));
    o->nnz += r->npairs;
    o->dropped += r->ndropped;
    o->labels[o->n] = (int8_t)r->label;
    o->n++;
    o->offsets[o->n] = o->nnz;
    return 0;
}

/* Reads lines until the end of the file or, when keeping rows, until the
 * last row to keep. */
static int run_pass(reader_t *r, pass_t *p, char *err, size_t errlen) {
    for (;;) {
        if (p->out != NULL && p->rows >= p->hi)
            return 0;
        int rc = next_line(r, err, errlen);
        if (rc <= 0)
            return rc;
        rc = parse_line(r, p, err, errlen);
        if (rc < 0)
            return rc;
        if (rc == 0)
            continue;
        if (p->rows == UINT32_MAX) {
            snprintf(err, errlen, "%s:%llu: more than %u rows", r->path,
                     (unsigned long long)r->lineno, (unsigned)UINT32_MAX);
            return TPS_EIO;
        }
        if (p->out != NULL && p->rows >= p->lo) {
            rc = keep_row(r, p, err, errlen);
            if (rc < 0)
                return rc;
        }
        p->rows++;
    }
}

int tps__libsvm_scan(const char *path, uint64_t *rows, uint64_t *max_index,
                     char *err, size_t errlen) {
    reader_t r;
    pass_t p = {0};
    int rc = open_reader(&r, path, err, errlen);
    if (rc == 0)
        rc = run_pass(&r, &p, err, errlen);
    close_reader(&r);
    if (rc == 0) {
        *rows = p.rows;
        *max_index = p.max_index;
    }
    return rc;
}

/* Gives back what doubling over-allocated; keeping it is harmless. */
static void shrink(tps__libsvm_set_t *out) {
    if (out->nnz == 0)
        return;
    if (out->ids != NULL) {
        uint64_t *ids = realloc(out->ids, out->nnz * sizeof(uint64_t));
        if (ids != NULL)
            out->ids = ids;
    } else {
        uint32_t *idx = realloc(out->indices, out->nnz * sizeof(uint32_t));
        if (idx != NULL)
            out->indices = idx;
    }
    float *val = realloc(out->values, out->nnz * sizeof(float));
    if (val != NULL)
        out->values = val;
}

/* tps__libsvm_load, or with wide set tps__libsvm_load_ids. */
static int load_file(const char *path, int wide, uint64_t dim, int drop_beyond,
                     int part, int parts, tps__libsvm_set_t *out, char *err,
                     size_t errlen) {
    memset(out, 0, sizeof(*out));
    if (dim > UINT32_MAX) {
        snprintf(err, errlen,
                 "dimension %llu for %s is larger than LIBSVM indices go (%u)",
                 (unsigned long long)dim, path, (unsigned)UINT32_MAX);
        return TPS_EINVAL;
    }
    reader_t r;
    pass_t p = {.wide = wide, .dim = dim, .drop_beyond = drop_beyond};
    int rc = open_reader(&r, path, err, errlen);
    if (rc == 0)
        rc = run_pass(&r, &p, err, errlen);
    if (rc == 0 && p.rows == 0) {
        snprintf(err, errlen, "LIBSVM file %s holds no rows", path);
        rc = TPS_EIO;
    }
    if (rc == 0 && !wide && dim == 0 && p.max_index == 0) {
        snprintf(err, errlen,
                 "LIBSVM file %s has no features: no row has an index:value "
                 "pair",
                 path);
        rc = TPS_EIO;
    }
    uint64_t lo = 0, hi = 0, total = p.rows;
    if (rc == 0)
        rc = tps__split_block(total, part, parts, "LIBSVM rows", &lo, &hi, err,
                              errlen);
    if (rc == 0) {
        out->dim = wide ? 0 : dim ? (size_t)dim : (size_t)p.max_index;
        out->first = lo;
        out->total = total;
        out->offsets = calloc((size_t)(hi - lo) + 1, sizeof(uint64_t));
        out->labels = malloc((size_t)(hi - lo));
        if (out->offsets == NULL || out->labels == NULL) {
            snprintf(err, errlen, "out of memory for %llu rows of %s",
                     (unsigned long long)(hi - lo), path);
            rc = TPS_ENOMEM;
        }
    }
    if (rc == 0)
        rc = rewind_reader(&r, err, errlen);
    if (rc == 0) {
        p = (pass_t){.wide = wide,
                     .dim = wide ? 0 : dim ? dim : p.max_index,
                     .drop_beyond = drop_beyond,
                     .lo = lo,
                     .hi = hi,
                     .out = out};
        rc = run_pass(&r, &p, err, errlen);
    }
    if (rc == 0 && out->n != hi - lo) {
        snprintf(err, errlen,
                 "LIBSVM file %s changed while being read: %llu rows, then "
                 "fewer",
                 path, (unsigned long long)total);
        rc = TPS_EIO;
    }
    close_reader(&r);
    if (rc != 0) {
        tps__libsvm_free(out);
        return rc;
    }
    shrink(out);
    return 0;
}

int tps__libsvm_load(const char *path, uint64_t dim, int drop_beyond, int part,
                     int parts, tps__libsvm_set_t *out, char *err,
                     size_t errlen) {
    return load_file(path, 0, dim, drop_beyond, part, parts, out, err, errlen);
}

int tps__libsvm_load_ids(const char *path, tps__libsvm_set_t *out, char *err,
                         size_t errlen) {
    return load_file(path, 1, 0, 0, 0, 1, out, err, errlen);
}

static int sign_class(const void *labels, size_t i) {
    return ((const int8_t *)labels)[i] > 0;
}

int tps__libsvm_split(tps__libsvm_set_t *set, const tps__split_t *s, int rank,
                      int workers, uint64_t seed, char *info, size_t infolen,
                      char *err, size_t errlen) {
    size_t *rows = NULL, k = 0;
    int rc = tps__split_by(s, set->labels, sign_class, set->n, 2, rank,
                           workers, seed, &rows, &k, info, infolen, err,
                           errlen);
    tps__libsvm_set_t out = *set;
    uint64_t nnz = 0;
    for (size_t j = 0; rc == 0 && j < k; j++)
        nnz += set->offsets[rows[j] + 1] - set->offsets[rows[j]];
    if (rc == 0) {
        out.offsets = malloc((k + 1) * sizeof(*out.offsets));
        out.indices = malloc((nnz ? nnz : 1) * sizeof(*out.indices));
        out.values = malloc((nnz ? nnz : 1) * sizeof(*out.values));
        out.labels = malloc(k ? k : 1);
        if (out.offsets == NULL || out.indices == NULL || out.values == NULL ||
            out.labels == NULL) {
            rc = TPS_ENOMEM;
            snprintf(err, errlen, "out of memory sharing out the rows");
            free(out.offsets);
            free(out.indices);
            free(out.values);
            free(out.labels);
        }
    }
    if (rc == 0) {
        out.offsets[0] = 0;
        for (size_t j = 0; j < k; j++) {
            uint64_t a = set->offsets[rows[j]], b = set->offsets[rows[j] + 1];
            memcpy(out.indices + out.offsets[j], set->indices + a,
                   (b - a) * sizeof(*out.indices));
            memcpy(out.values + out.offsets[j], set->values + a,
                   (b - a) * sizeof(*out.values));
            out.offsets[j + 1] = out.offsets[j] + (b - a);
            out.labels[j] = set->labels[rows[j]];
        }
        out.n = k;
        out.nnz = nnz;
        out.first = 0;
        tps__libsvm_free(set);
        *set = out;
    } else {
        tps__libsvm_free(set);
    }
    free(rows);
    return rc;
}

void tps__libsvm_free(tps__libsvm_set_t *set) {
    free(set->offsets);
    free(set->indices);
    free(set->ids);
    free(set->values);
    free(set->labels);
    memset(set, 0, sizeof(*set));
}
