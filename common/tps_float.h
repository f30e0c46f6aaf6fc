/* SPDX-License-Identifier: MIT */
/* Checks on float32 vectors shared by the client and the server. */
#ifndef TPS_FLOAT_H
#define TPS_FLOAT_H

#include <stdint.h>

/* Index of the first NaN or Inf in g[0..count), or count if all are finite. */
uint64_t tps__first_nonfinite(const float *g, uint64_t count);

#endif
