/* SPDX-License-Identifier: MIT */
/* tps_strerror: one function for taups's own codes and libuv's. */
#include <uv.h>

#include "taups_error.h"

const char *tps_strerror(int err) {
    switch (err) {
    case 0:
        return "success";
    case TPS_EPROTO:
        return "malformed or unexpected frame";
    case TPS_E2BIG:
        return "length exceeds the configured limit";
    case TPS_EINVAL:
        return "invalid argument";
    case TPS_ENOMEM:
        return "out of memory";
    case TPS_EREMOTE:
        return "the server reported an error";
    case TPS_EUNREACH:
        return "shard unreachable";
    case TPS_ECLOSED:
        return "connection closed with requests pending";
    case TPS_EMISMATCH:
        return "cluster or tensor mismatch";
    case TPS_EIO:
        return "input/output error";
    case TPS_ENOENT:
        return "no such tensor";
    case TPS_EINTR:
        return "interrupted while a shard was being reconnected";
    case TPS_EAUTH:
        return "authentication failed";
    case TPS_EPERM:
        return "not allowed for this connection's role";
    case TPS_ELIMIT:
        return "a resource limit of the shard was reached";
    case TPS_ERANGE:
        return "the update would make parameters non-finite";
    case TPS_EBUSY:
        return "the worker rank is already connected";
    case TPS_EABORTED:
        return "the push was settled as aborted by the shards";
    case TPS_EEXIST:
        return "the tensor already has values";
    default:
        return err < 0 ? uv_strerror(err) : "unknown error";
    }
}
