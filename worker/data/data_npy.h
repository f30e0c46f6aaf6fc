/* SPDX-License-Identifier: MIT */
/* Reader for NumPy .npy files of float32 or float64, the format in which a
 * peer system hands over a problem (lsq's A, b and x*, see model_lsq.c).
 *
 * The format: the magic "\x93NUMPY", a major and minor version byte (1.0,
 * 2.0 and 3.0 are accepted), the header length (little-endian, 2 bytes in
 * version 1, 4 in versions 2 and 3), then the header, a Python dict literal
 * padded with spaces and ended by '\n':
 *
 *     {'descr': '<f8', 'fortran_order': False, 'shape': (1000, 64), }
 *
 * then the elements, packed, in the order the header says. The header is
 * parsed strictly: exactly those three keys, each once, a string, True or
 * False, and a tuple of non-negative integers. Only '<f4' and '<f8' in C
 * order are read; anything else is refused with a sentence that names the
 * file and what it holds, so that the person who saved it knows what to
 * change. The reader never trusts the header's sizes: the file must hold
 * exactly the bytes the shape needs. */
#ifndef TPS_DATA_NPY_H
#define TPS_DATA_NPY_H

#include <stddef.h>
#include <stdint.h>

#define TPS_NPY_MAX_DIMS 8
/* Longest header accepted; numpy writes well under a kilobyte. */
#define TPS_NPY_MAX_HEADER (64u * 1024u)

typedef struct tps__npy_s {
    int ndim;                         /* 0 for a scalar */
    uint64_t shape[TPS_NPY_MAX_DIMS]; /* ndim entries */
    uint64_t count;                   /* elements: the product of shape */
    int word;                         /* bytes per element: 4 or 8 */
    uint64_t offset;                  /* where the data starts in the file */
} tps__npy_t;

/* Reads and checks the preamble and header of the .npy file at `path`, and
 * that the file holds exactly count * word bytes of data after it. Returns 0,
 * or TPS_EIO with a sentence in err naming the file and the fault (not
 * readable, bad magic, unsupported version, malformed header, Fortran order,
 * a dtype other than '<f4' or '<f8', truncated or trailing data). */
int tps__npy_open(const char *path, tps__npy_t *npy, char *err, size_t errlen);

/* Reads every element of the file `path` (described by npy, from
 * tps__npy_open), checks that each is finite and, for float64, within the
 * range of float32, and converts elements [first, first + n) into out
 * (n floats, caller-owned). The whole file is checked whatever the range, so
 * that every worker reports the same faults as the others. Returns 0, or
 * TPS_EIO (unreadable, or a value that is NaN, infinite or too large, named
 * by its index) or TPS_EINVAL (a range outside the array). */
int tps__npy_read(const char *path, const tps__npy_t *npy, uint64_t first,
                  uint64_t n, float *out, char *err, size_t errlen);

/* Writes the shape as Python prints it, "(4, 2)", "(4,)" or "()", into buf
 * (truncated to len) and returns buf. */
const char *tps__npy_shape(const tps__npy_t *npy, char *buf, size_t len);

#endif
