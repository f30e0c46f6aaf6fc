/* SPDX-License-Identifier: MIT */
/* taups error codes, shared by every floor of the project: the public API
 * (taups.h) returns them, and common/ uses them without seeing the client.
 *
 * Errors are negative; 0 (or a non-negative count) is success. */
#ifndef TAUPS_ERROR_H
#define TAUPS_ERROR_H

/* Marks the functions libtaups exports, in this header and in taups.h: the
 * library is built with hidden visibility, so anything without it stays
 * inside libtaups.so. */
#if defined(__GNUC__) && __GNUC__ >= 4
#define TPS_API __attribute__((visibility("default")))
#else
#define TPS_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Error codes (negative); libuv's UV_E* codes are passed through as they are. */
#define TPS_EPROTO    (-10001) /* malformed or unexpected frame */
#define TPS_E2BIG     (-10002) /* a length exceeds a configured limit */
#define TPS_EINVAL    (-10003) /* bad argument or option */
#define TPS_ENOMEM    (-10004) /* allocation failed */
#define TPS_EREMOTE   (-10005) /* the server answered with an error */
#define TPS_EUNREACH  (-10006) /* a shard could not be reached in time */
#define TPS_ECLOSED   (-10007) /* the connection closed with requests pending */
#define TPS_EMISMATCH (-10008) /* cluster shape or tensor declaration disagrees */
#define TPS_EIO       (-10009) /* file read or write failed */
#define TPS_ENOENT    (-10010) /* no such tensor */
#define TPS_EINTR     (-10011) /* interrupted (tps_interrupt) while a shard
                                  was being reconnected */
#define TPS_EAUTH     (-10012) /* authentication failed (key missing or
                                  different on the two sides) */
#define TPS_EPERM     (-10013) /* the connection's role may not do this */
#define TPS_ELIMIT    (-10014) /* a resource limit of the shard was reached */
#define TPS_ERANGE    (-10015) /* the update would make parameters
                                  non-finite */
#define TPS_EBUSY     (-10016) /* the worker rank is held by another live
                                  connection to the shard */
#define TPS_EABORTED  (-10017) /* the push group was settled as aborted:
                                  its connection to a shard was lost
                                  before every shard held all of it */
#define TPS_EEXIST    (-10018) /* the tensor already has values: assigned
                                  or updated */

/* Describes any code returned by this library, TPS_E* or libuv's. */
TPS_API const char *tps_strerror(int err);

#ifdef __cplusplus
}
#endif

#endif /* TAUPS_ERROR_H */
