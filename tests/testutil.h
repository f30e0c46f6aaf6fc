/* SPDX-License-Identifier: MIT */
/* Helpers shared by the Check unit tests of the models and their loaders
 * (tests/check_models*.c): scratch files in a private directory, a
 * reference cross-entropy, and model construction that fails the test with
 * the reason. Each helper fails the
 * running test (ck_assert) instead of returning an error. */
#ifndef TPS_TESTUTIL_H
#define TPS_TESTUTIL_H

#include <stddef.h>
#include <stdint.h>

#include "worker/models/model.h"

/* A private directory for test files, removed by tmp_clean. */
typedef struct tmpdir_s {
    char dir[256];
    char paths[8][320];
    int n;
} tmpdir_t;

/* Creates the directory under $TMPDIR (or /tmp). */
void tmp_init(tmpdir_t *t);

/* The path of file `name` in the directory, remembered for tmp_clean (at most
 * 8 per directory); the string lives as long as *t. */
const char *tmp_path(tmpdir_t *t, const char *name);

/* Removes the files named by tmp_path and the directory. */
void tmp_clean(tmpdir_t *t);

/* Writes len bytes of data to path, plain or gzip-compressed. */
void write_raw(const char *path, const void *data, size_t len);
void write_gz(const char *path, const void *data, size_t len);

/* Writes the string text, without its terminating NUL, to path. */
void write_text(const char *path, const char *text);

/* The whole file at path, NUL-terminated, in memory the caller frees; its
 * length (without the NUL) goes to *len. */
char *read_all(const char *path, size_t *len);

/* The row indices 0..n-1, in memory the caller frees. */
uint32_t *all_rows(size_t n);

/* The cross-entropy of class y under the softmax of the 10 logits z, in
 * double from the definition: the reference the image model tests compare
 * against. */
double ref_xent(const double *z, int y);

/* The model cfg describes, owned by the caller; on failure the test fails
 * with the model's error followed by `hint` (e.g. which package provides the
 * data). */
tps__model_t *model_or_fail(const tps__model_config_t *cfg, const char *hint);

#endif
