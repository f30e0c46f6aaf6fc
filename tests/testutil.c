/* SPDX-License-Identifier: MIT */
/* Helpers shared by the model unit tests (see testutil.h). */
#include "testutil.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "worker/models/model_internal.h"

void tmp_init(tmpdir_t *t) {
    const char *base = getenv("TMPDIR");
    snprintf(t->dir, sizeof(t->dir), "%s/taups-check.XXXXXX",
             base && *base ? base : "/tmp");
    ck_assert_ptr_nonnull(mkdtemp(t->dir));
    t->n = 0;
}

const char *tmp_path(tmpdir_t *t, const char *name) {
    ck_assert_int_lt(t->n, 8);
    char dir[sizeof(t->dir)]; /* a copy: snprintf may not read what it writes */
    memcpy(dir, t->dir, sizeof(dir));
    snprintf(t->paths[t->n], sizeof(t->paths[0]), "%s/%s", dir, name);
    return t->paths[t->n++];
}

void tmp_clean(tmpdir_t *t) {
    for (int i = 0; i < t->n; i++)
        unlink(t->paths[i]);
    rmdir(t->dir);
}

void write_raw(const char *path, const void *data, size_t len) {
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(data, 1, len, f), len);
    ck_assert_int_eq(fclose(f), 0);
}

void write_gz(const char *path, const void *data, size_t len) {
    gzFile f = gzopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(gzwrite(f, data, (unsigned)len), (int)len);
    ck_assert_int_eq(gzclose(f), Z_OK);
}

void write_text(const char *path, const char *text) {
    write_raw(path, text, strlen(text));
}

char *read_all(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
    long size = ftell(f);
    ck_assert_int_ge(size, 0);
    rewind(f);
    char *buf = malloc((size_t)size + 1);
    ck_assert_ptr_nonnull(buf);
    *len = fread(buf, 1, (size_t)size, f);
    ck_assert_uint_eq(*len, (size_t)size);
    buf[*len] = '\0';
    fclose(f);
    return buf;
}

uint32_t *all_rows(size_t n) {
    uint32_t *rows = malloc(n * sizeof(uint32_t));
    ck_assert_ptr_nonnull(rows);
    for (size_t i = 0; i < n; i++)
        rows[i] = (uint32_t)i;
    return rows;
}

double ref_xent(const double *z, int y) {
    double zmax = -INFINITY, e = 0;
    for (int c = 0; c < 10; c++)
        zmax = fmax(zmax, z[c]);
    for (int c = 0; c < 10; c++)
        e += exp(z[c] - zmax);
    return zmax + log(e) - z[y];
}

tps__model_t *model_or_fail(const tps__model_config_t *cfg, const char *hint) {
    tps__model_t *model = NULL;
    char err[512] = "";
    int rc = tps__model_new(cfg, &model, err, sizeof(err));
    ck_assert_msg(rc == 0, "%s model: %s%s", cfg->model, err, hint);
    ck_assert_ptr_nonnull(model);
    return model;
}
