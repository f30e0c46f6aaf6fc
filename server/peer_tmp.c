#include "server_internal.h"
#include "taups.h"
int tps__peer_up(const tps__server_t *s, int p) { (void)s; (void)p; return 0; }
int tps__peer_send(tps__server_t *s, int p, Taups__Header *h) { (void)s; (void)p; (void)h; return TPS_ECLOSED; }
