/* SPDX-License-Identifier: MIT */
/* Every field of an unpacked taups.Header, walked through protobuf-c's
 * descriptor so that a field added to proto/taups.proto is read and
 * compared without touching the targets (fuzz_frame, fuzz_header). */
#ifndef FUZZ_FIELDS_H
#define FUZZ_FIELDS_H

#include <stdint.h>
#include <string.h>

#include "proto/taups.pb-c.h"

/* The address of field f in message m. */
static inline const void *fuzz_field(const Taups__Header *m,
                                     const ProtobufCFieldDescriptor *f) {
    return (const char *)m + f->offset;
}

/* Reads every byte the header points to, so that ASan sees a string or
 * bytes field that runs past its allocation; returns a checksum so that
 * nothing is optimised away. */
static inline uint64_t fuzz_header_touch(const Taups__Header *h) {
    const ProtobufCMessageDescriptor *d = &taups__header__descriptor;
    uint64_t sum = 0;
    for (unsigned i = 0; i < d->n_fields; i++) {
        const ProtobufCFieldDescriptor *f = &d->fields[i];
        const void *p = fuzz_field(h, f);
        switch (f->type) {
        case PROTOBUF_C_TYPE_STRING: {
            const char *s = *(char *const *)p;
            sum += s ? strlen(s) : 0;
            break;
        }
        case PROTOBUF_C_TYPE_BYTES: {
            const ProtobufCBinaryData *b = p;
            for (size_t k = 0; k < b->len; k++)
                sum += b->data[k];
            break;
        }
        case PROTOBUF_C_TYPE_INT64:
        case PROTOBUF_C_TYPE_SINT64:
        case PROTOBUF_C_TYPE_SFIXED64:
        case PROTOBUF_C_TYPE_UINT64:
        case PROTOBUF_C_TYPE_FIXED64:
        case PROTOBUF_C_TYPE_DOUBLE: {
            uint64_t v;
            memcpy(&v, p, sizeof(v));
            sum += v;
            break;
        }
        case PROTOBUF_C_TYPE_BOOL: {
            protobuf_c_boolean v;
            memcpy(&v, p, sizeof(v));
            sum += (uint64_t)v;
            break;
        }
        default: { /* the 32-bit scalars, enums and float */
            uint32_t v;
            memcpy(&v, p, sizeof(v));
            sum += v;
            break;
        }
        }
    }
    return sum;
}

/* The same float value, or NaNs with the same bits: proto3 packs a float
 * only when it is nonzero, so protobuf-c leaves a -0 out and it comes back
 * as +0, the same number. */
static inline int fuzz_same_float(const void *pa, const void *pb, int dbl) {
    double a, b;
    if (dbl) {
        memcpy(&a, pa, sizeof(a));
        memcpy(&b, pb, sizeof(b));
    } else {
        float fa, fb;
        memcpy(&fa, pa, sizeof(fa));
        memcpy(&fb, pb, sizeof(fb));
        a = fa;
        b = fb;
    }
    return a == b || memcmp(pa, pb, dbl ? 8 : 4) == 0;
}

/* 1 when every field of a and b holds the same value (see fuzz_same_float
 * for floats). */
static inline int fuzz_header_equal(const Taups__Header *a,
                                    const Taups__Header *b) {
    const ProtobufCMessageDescriptor *d = &taups__header__descriptor;
    for (unsigned i = 0; i < d->n_fields; i++) {
        const ProtobufCFieldDescriptor *f = &d->fields[i];
        const void *pa = fuzz_field(a, f), *pb = fuzz_field(b, f);
        switch (f->type) {
        case PROTOBUF_C_TYPE_STRING: {
            const char *sa = *(char *const *)pa, *sb = *(char *const *)pb;
            if (strcmp(sa ? sa : "", sb ? sb : "") != 0)
                return 0;
            break;
        }
        case PROTOBUF_C_TYPE_BYTES: {
            const ProtobufCBinaryData *ba = pa, *bb = pb;
            if (ba->len != bb->len ||
                (ba->len && memcmp(ba->data, bb->data, ba->len) != 0))
                return 0;
            break;
        }
        case PROTOBUF_C_TYPE_INT64:
        case PROTOBUF_C_TYPE_SINT64:
        case PROTOBUF_C_TYPE_SFIXED64:
        case PROTOBUF_C_TYPE_UINT64:
        case PROTOBUF_C_TYPE_FIXED64:
            if (memcmp(pa, pb, 8) != 0)
                return 0;
            break;
        case PROTOBUF_C_TYPE_DOUBLE:
        case PROTOBUF_C_TYPE_FLOAT:
            if (!fuzz_same_float(pa, pb, f->type == PROTOBUF_C_TYPE_DOUBLE))
                return 0;
            break;
        case PROTOBUF_C_TYPE_BOOL: {
            protobuf_c_boolean va, vb;
            memcpy(&va, pa, sizeof(va));
            memcpy(&vb, pb, sizeof(vb));
            if (!va != !vb)
                return 0;
            break;
        }
        default:
            if (memcmp(pa, pb, 4) != 0)
                return 0;
            break;
        }
    }
    return 1;
}

#endif
