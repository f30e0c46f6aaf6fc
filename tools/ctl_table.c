/* SPDX-License-Identifier: MIT */
/* taups-ctl and tables (docs/design.md §2b): a table's counters summed
 * across the shards with the balance of its rows and its hottest ids
 * merged, and its dump, read from each shard page by page (a scan: the
 * ids are the shards' to know) into three .npy files.
 *
 * Must NOT hold: the dense tensors' dump, the shards' per-shard summary
 * (ctl.c), the .npy format (ctl_npy.c). */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ctl.h"
#include "worker/client/scan.h"

#define HOT_SHOWN 8
#define SCAN_PAGE                                                              \
    ((uint64_t)1 << 16) /* rows asked for; a shard cuts it to                  \
                           one frame */

const json_t *tps__ctl_table_of(const json_t *shard, const char *name) {
    const json_t *tensors = json_object_get(shard, "tensors");
    for (size_t i = 0; i < json_array_size(tensors); i++) {
        const json_t *t = json_array_get(tensors, i);
        if (strcmp(jstr(t, "kind"), "table") == 0 &&
            strcmp(jstr(t, "name"), name) == 0)
            return t;
    }
    return NULL;
}

/* ---- stats --------------------------------------------------------------- */

typedef struct hot_s {
    uint64_t id, n;
} hot_t;

static int hot_cmp(const void *a, const void *b) {
    const hot_t *x = a, *y = b;
    if (x->n != y->n)
        return x->n < y->n ? 1 : -1;
    return x->id < y->id ? -1 : x->id > y->id;
}

/* The hottest ids of table `name` over every shard. An id lives on one
 * shard, so the shards' lists are disjoint and need only sorting. */
static void print_hot(const json_t *root, const char *name) {
    hot_t *h = NULL;
    size_t n = 0, cap = 0;
    for (size_t s = 0; s < json_array_size(root); s++) {
        const json_t *hot = json_object_get(
            tps__ctl_table_of(json_array_get(root, s), name), "hot");
        for (size_t k = 0; k < json_array_size(hot); k++) {
            const json_t *e = json_array_get(hot, k);
            if (n == cap) {
                hot_t *m = realloc(h, (cap = cap ? 2 * cap : 32) * sizeof(*h));
                if (m == NULL)
                    break;
                h = m;
            }
            if (n < cap)
                h[n++] = (hot_t){u64_of(json_array_get(e, 0)),
                                 u64_of(json_array_get(e, 1))};
        }
    }
    qsort(h, n, sizeof(*h), hot_cmp);
    printf("  hottest    id:pushes");
    for (size_t k = 0; k < n && k < HOT_SHOWN; k++)
        printf(" %llu:%llu", (unsigned long long)h[k].id,
               (unsigned long long)h[k].n);
    printf("%s\n", n ? "" : " (no pushes)");
    free(h);
}

/* One table across the shards that answered. */
static void print_table(const json_t *root, const char *name) {
    static const char *const sum_keys[] = {
        "row_pushes", "row_pulls", "stale", "not_admitted", "full", "bytes"};
    uint64_t sum[6] = {0}, rows = 0, most = 0, dim = 0;
    int holders = 0;
    for (size_t s = 0; s < json_array_size(root); s++) {
        const json_t *t = tps__ctl_table_of(json_array_get(root, s), name);
        if (t == NULL)
            continue;
        holders++;
        dim = ju64(t, "dim");
        rows += ju64(t, "rows");
        if (ju64(t, "rows") > most)
            most = ju64(t, "rows");
        for (int k = 0; k < 6; k++)
            sum[k] += ju64(t, sum_keys[k]);
    }
    double mean = (double)rows / holders;
    char b[32];
    printf("table %s: dim %llu, %llu rows on %d %s (most %llu, mean %.1f: "
           "max/mean %.2f), %s\n",
           name, (unsigned long long)dim, (unsigned long long)rows, holders,
           holders == 1 ? "shard" : "shards", (unsigned long long)most, mean,
           mean > 0 ? (double)most / mean : 1.0,
           tps__ctl_human_bytes(sum[5], b, sizeof(b)));
    printf("  rows       %llu pushed, %llu pulled; pushes not applied: "
           "%llu stale, %llu not admitted, %llu memory full\n",
           (unsigned long long)sum[0], (unsigned long long)sum[1],
           (unsigned long long)sum[2], (unsigned long long)sum[3],
           (unsigned long long)sum[4]);
    print_hot(root, name);
}

void tps__ctl_print_tables(const json_t *root) {
    /* Every table once, in the order the first shard holding it lists. */
    for (size_t s = 0; s < json_array_size(root); s++) {
        const json_t *tensors =
            json_object_get(json_array_get(root, s), "tensors");
        for (size_t i = 0; i < json_array_size(tensors); i++) {
            const json_t *t = json_array_get(tensors, i);
            const char *name = jstr(t, "name");
            if (strcmp(jstr(t, "kind"), "table") != 0)
                continue;
            size_t first = 0;
            while (first < s &&
                   tps__ctl_table_of(json_array_get(root, first), name) == NULL)
                first++;
            if (first == s)
                print_table(root, name);
        }
    }
}

/* ---- dump ---------------------------------------------------------------- */

/* Every shard's rows so far, in the order of the files. */
typedef struct rows_s {
    uint32_t dim;
    uint64_t n, cap;
    uint64_t *ids, *vers;
    float *vals;
} rows_t;

/* Appends a page; 0 or ENOMEM. */
static int rows_add(rows_t *r, const tps__scan_t *p) {
    if (p->n == 0)
        return 0;
    if (r->n + p->n > r->cap) {
        uint64_t cap = r->cap ? r->cap : 1024;
        while (cap < r->n + p->n)
            cap *= 2;
        uint64_t *ids = realloc(r->ids, cap * sizeof(uint64_t));
        if (ids != NULL)
            r->ids = ids;
        uint64_t *vers = realloc(r->vers, cap * sizeof(uint64_t));
        if (vers != NULL)
            r->vers = vers;
        float *vals = realloc(r->vals, cap * r->dim * sizeof(float));
        if (vals != NULL)
            r->vals = vals;
        if (ids == NULL || vers == NULL || vals == NULL)
            return ENOMEM;
        r->cap = cap;
    }
    memcpy(r->ids + r->n, p->ids, p->n * sizeof(uint64_t));
    memcpy(r->vers + r->n, p->versions, p->n * sizeof(uint64_t));
    memcpy(r->vals + r->n * r->dim, p->values, p->n * r->dim * sizeof(float));
    r->n += p->n;
    return 0;
}

/* Shard s's rows of the table of id `tensor_id` there, page by page. Rows
 * created while the scan runs are read if they come after its position;
 * values are each page's at the moment it was answered. An exit status. */
static int scan_shard(tps_client_t *c, const char *name, int s,
                      uint32_t tensor_id, rows_t *r) {
    tps__scan_t p = {s, tensor_id, r->dim, 0, SCAN_PAGE, 0, NULL, NULL, NULL};
    for (;;) {
        int rc = tps__cl_scan_rows(c, &p);
        if (rc < 0) {
            fprintf(stderr,
                    PROG ": cannot read table \"%s\" from shard %d: "
                         "%s\n",
                    name, s,
                    tps_errmsg(c)[0] ? tps_errmsg(c) : tps_strerror(rc));
            return EXIT_RUNTIME;
        }
        int err = rows_add(r, &p);
        free(p.ids);
        free(p.versions);
        free(p.values);
        if (err != 0) {
            fprintf(stderr, PROG ": table \"%s\": no memory for %llu rows\n",
                    name, (unsigned long long)(r->n + p.n));
            return EXIT_RUNTIME;
        }
        if (p.n == 0)
            return 0;
        p.offset += p.n;
    }
}

/* The three files, each whole or untouched. An exit status. */
static int write_files(const char *name, const char *dir, const rows_t *r) {
    const tps__npy_t a[3] = {{"<u8", 8, r->ids, r->n, 0},
                             {"<f4", 4, r->vals, r->n, r->dim},
                             {"<u8", 8, r->vers, r->n, 0}};
    static const char *const file[3] = {"ids.npy", "values.npy",
                                        "versions.npy"};
    if (mkdir(dir, 0777) < 0 && errno != EEXIST) {
        fprintf(stderr, PROG ": table \"%s\": cannot make %s: %s\n", name, dir,
                strerror(errno));
        return EXIT_RUNTIME;
    }
    for (int k = 0; k < 3; k++) {
        char path[4096];
        snprintf(path, sizeof(path), "%s/%s", dir, file[k]);
        int err = tps__npy_save(path, &a[k]);
        if (err != 0) {
            fprintf(stderr, PROG ": table \"%s\": cannot write %s: %s\n", name,
                    path, strerror(err));
            return EXIT_RUNTIME;
        }
    }
    return 0;
}

int tps__ctl_dump_table(tps_client_t *c, const json_t *root, const char *name,
                        const char *dir) {
    rows_t r = {0};
    size_t ns = json_array_size(root);
    uint64_t *per = calloc(ns + 1, sizeof(uint64_t));
    int status = per == NULL ? EXIT_RUNTIME : 0;
    for (size_t s = 0; s < ns && status == 0; s++) {
        const json_t *t = tps__ctl_table_of(json_array_get(root, s), name);
        if (t == NULL) {
            fprintf(stderr, PROG ": table \"%s\": shard %zu %s\n", name, s,
                    json_is_object(json_array_get(root, s)) ? "does not hold it"
                                                            : "did not answer");
            status = EXIT_RUNTIME;
            break;
        }
        r.dim = (uint32_t)ju64(t, "dim");
        uint64_t before = r.n;
        status = scan_shard(c, name, (int)s, (uint32_t)ju64(t, "id"), &r);
        per[s] = r.n - before;
    }
    if (status == 0)
        status = write_files(name, dir, &r);
    if (status == 0) {
        fprintf(stderr,
                PROG ": wrote table \"%s\" (%llu rows of %u float32) to "
                     "%s/{ids,values,versions}.npy; rows by shard:",
                name, (unsigned long long)r.n, r.dim, dir);
        for (size_t s = 0; s < ns; s++)
            fprintf(stderr, " %zu:%llu", s, (unsigned long long)per[s]);
        fprintf(stderr, "\n");
    }
    free(per);
    free(r.ids);
    free(r.vers);
    free(r.vals);
    return status;
}
