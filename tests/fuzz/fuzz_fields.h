/* SPDX-License-Identifier: MIT */
/* Every field of an unpacked taups.Header, walked through protobuf-c's
 * descriptors so that a field added to proto/taups.proto is read and
 * compared without touching the targets (fuzz_frame, fuzz_header): nested
 * messages (Rows, Decl, Barrier) are walked in turn, and repeated fields element by
 * element. */
#ifndef FUZZ_FIELDS_H
#define FUZZ_FIELDS_H

#include <stdint.h>
#include <string.h>

#include "proto/taups.pb-c.h"

/* The address of field f in message m. */
static inline const void *fuzz_field(const void *m,
                                     const ProtobufCFieldDescriptor *f) {
    return (const char *)m + f->offset;
}

/* The size of one value of a scalar field in a message's struct. */
static inline size_t fuzz_scalar_size(ProtobufCType t) {
    switch (t) {
    case PROTOBUF_C_TYPE_INT64:
    case PROTOBUF_C_TYPE_SINT64:
    case PROTOBUF_C_TYPE_SFIXED64:
    case PROTOBUF_C_TYPE_UINT64:
    case PROTOBUF_C_TYPE_FIXED64:
    case PROTOBUF_C_TYPE_DOUBLE:
        return 8;
    case PROTOBUF_C_TYPE_BOOL:
        return sizeof(protobuf_c_boolean);
    case PROTOBUF_C_TYPE_STRING:
    case PROTOBUF_C_TYPE_MESSAGE:
        return sizeof(void *);
    case PROTOBUF_C_TYPE_BYTES:
        return sizeof(ProtobufCBinaryData);
    default: /* the 32-bit scalars, enums and float */
        return 4;
    }
}

/* One field's values: *n of them at *vals (a repeated field's array, or
 * the field itself). */
static inline void fuzz_values(const void *m, const ProtobufCFieldDescriptor *f,
                               size_t *n, const void **vals) {
    const void *p = fuzz_field(m, f);
    if (f->label == PROTOBUF_C_LABEL_REPEATED) {
        memcpy(n, (const char *)m + f->quantifier_offset, sizeof(size_t));
        memcpy(vals, p, sizeof(void *));
        return;
    }
    *n = 1;
    *vals = p;
}

static inline uint64_t fuzz_message_touch(const void *m,
                                          const ProtobufCMessageDescriptor *d);

/* Reads one value, and everything it points to. */
static inline uint64_t fuzz_value_touch(const ProtobufCFieldDescriptor *f,
                                        const void *p) {
    switch (f->type) {
    case PROTOBUF_C_TYPE_STRING: {
        const char *s = *(char *const *)p;
        return s ? strlen(s) : 0;
    }
    case PROTOBUF_C_TYPE_BYTES: {
        const ProtobufCBinaryData *b = p;
        uint64_t sum = 0;
        for (size_t k = 0; k < b->len; k++)
            sum += b->data[k];
        return sum;
    }
    case PROTOBUF_C_TYPE_MESSAGE: {
        const void *sub = *(void *const *)p;
        return sub ? 1 + fuzz_message_touch(sub, f->descriptor) : 0;
    }
    default: {
        uint64_t v = 0;
        memcpy(&v, p, fuzz_scalar_size(f->type));
        return v;
    }
    }
}

/* Reads every byte a message points to, so that ASan sees a string, bytes
 * field or array that runs past its allocation; returns a checksum so that
 * nothing is optimised away. */
static inline uint64_t fuzz_message_touch(const void *m,
                                          const ProtobufCMessageDescriptor *d) {
    uint64_t sum = 0;
    for (unsigned i = 0; i < d->n_fields; i++) {
        const ProtobufCFieldDescriptor *f = &d->fields[i];
        size_t n;
        const void *vals;
        fuzz_values(m, f, &n, &vals);
        size_t w = fuzz_scalar_size(f->type);
        for (size_t k = 0; k < n; k++)
            sum += fuzz_value_touch(f, (const char *)vals + k * w);
    }
    return sum;
}

/* 1 when pred holds for m or for any message nested in it, however deep:
 * walked through the descriptors, so that a nested message added to the
 * schema (as Barrier was) is not left out of a property. */
static inline int fuzz_message_any(const ProtobufCMessage *m,
                                   int (*pred)(const ProtobufCMessage *)) {
    if (pred(m))
        return 1;
    const ProtobufCMessageDescriptor *d = m->descriptor;
    for (unsigned i = 0; i < d->n_fields; i++) {
        const ProtobufCFieldDescriptor *f = &d->fields[i];
        if (f->type != PROTOBUF_C_TYPE_MESSAGE)
            continue;
        size_t n;
        const void *vals;
        fuzz_values(m, f, &n, &vals);
        for (size_t k = 0; k < n; k++) {
            const ProtobufCMessage *sub =
                *(const ProtobufCMessage *const *)((const char *)vals +
                                                   k * sizeof(void *));
            if (sub != NULL && fuzz_message_any(sub, pred))
                return 1;
        }
    }
    return 0;
}

static inline uint64_t fuzz_header_touch(const Taups__Header *h) {
    return fuzz_message_touch(h, &taups__header__descriptor);
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

static inline int fuzz_message_equal(const void *a, const void *b,
                                     const ProtobufCMessageDescriptor *d);

/* 1 when one value of field f is the same at pa and pb. */
static inline int fuzz_value_equal(const ProtobufCFieldDescriptor *f,
                                   const void *pa, const void *pb) {
    switch (f->type) {
    case PROTOBUF_C_TYPE_STRING: {
        const char *sa = *(char *const *)pa, *sb = *(char *const *)pb;
        return strcmp(sa ? sa : "", sb ? sb : "") == 0;
    }
    case PROTOBUF_C_TYPE_BYTES: {
        const ProtobufCBinaryData *ba = pa, *bb = pb;
        return ba->len == bb->len &&
               (ba->len == 0 || memcmp(ba->data, bb->data, ba->len) == 0);
    }
    case PROTOBUF_C_TYPE_MESSAGE: {
        /* Present or absent alike: a present empty message packs as a
         * field of length 0 and comes back present. */
        const void *sa = *(void *const *)pa, *sb = *(void *const *)pb;
        if (sa == NULL || sb == NULL)
            return sa == sb;
        return fuzz_message_equal(sa, sb, f->descriptor);
    }
    case PROTOBUF_C_TYPE_DOUBLE:
    case PROTOBUF_C_TYPE_FLOAT:
        return fuzz_same_float(pa, pb, f->type == PROTOBUF_C_TYPE_DOUBLE);
    case PROTOBUF_C_TYPE_BOOL: {
        protobuf_c_boolean va, vb;
        memcpy(&va, pa, sizeof(va));
        memcpy(&vb, pb, sizeof(vb));
        return !va == !vb;
    }
    default:
        return memcmp(pa, pb, fuzz_scalar_size(f->type)) == 0;
    }
}

/* 1 when every field of a and b holds the same values (see
 * fuzz_same_float for floats). */
static inline int fuzz_message_equal(const void *a, const void *b,
                                     const ProtobufCMessageDescriptor *d) {
    for (unsigned i = 0; i < d->n_fields; i++) {
        const ProtobufCFieldDescriptor *f = &d->fields[i];
        size_t na, nb, w = fuzz_scalar_size(f->type);
        const void *va, *vb;
        fuzz_values(a, f, &na, &va);
        fuzz_values(b, f, &nb, &vb);
        if (na != nb)
            return 0;
        for (size_t k = 0; k < na; k++)
            if (!fuzz_value_equal(f, (const char *)va + k * w,
                                  (const char *)vb + k * w))
                return 0;
    }
    return 1;
}

static inline int fuzz_header_equal(const Taups__Header *a,
                                    const Taups__Header *b) {
    return fuzz_message_equal(a, b, &taups__header__descriptor);
}

#endif
