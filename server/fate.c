/* SPDX-License-Identifier: MIT */
/* Filled by the two-phase push work. */
#include "server_internal.h"

void tps__fate_peer_up(tps__server_t *s, int p) {
    (void)s;
    (void)p;
}

void tps__fate_settle_ok(tps__server_t *s, int p, const Taups__Header *h) {
    (void)s;
    (void)p;
    (void)h;
}

void tps__fate_settle_handle(sconn_t *sc, const Taups__Header *h) {
    (void)sc;
    (void)h;
}
