/* SPDX-License-Identifier: MIT */
/* libFuzzer: the frame header, unpacked by protobuf-c directly
 * (taups__header__unpack with the system allocator) and by the frame
 * reader, whose validation of the preamble (magic, header and payload
 * lengths against the limits) comes first and whose unpacking uses its
 * bounded arena.
 *
 * Input: mode u8, max_header u16 (16 + v mod 8192), max_payload u16, a
 * declared payload length u16, then the header bytes. The mode's bits 0-1
 * shape the preamble: 0 as a sender would write it, 1 with a wrong magic,
 * 2 declaring a header length of (payload length field) instead, 3 with
 * the declared payload length (else none); zeros follow as the payload.
 *
 * Properties (abort() on violation):
 *   - a header that unpacks packs again and unpacks to the same values
 *     (but for protobuf-c's field 0, see has_field_zero); one the reader
 *     delivers always does;
 *   - the reader refuses a wrong magic (TPS_EPROTO) and lengths beyond
 *     its limits or a header length of 0 (TPS_E2BIG) before reading on;
 *   - within the limits, the reader delivers exactly what protobuf-c
 *     unpacks and refuses (TPS_EPROTO) what it cannot; it may refuse a
 *     header its arena has no room for, but never a canonical one (one
 *     that is exactly the packing of its own values with no field outside
 *     the schema, as every sender writes it). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_fields.h"
#include "taups_error.h"
#include "tps_frame.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { PRE_RIGHT, PRE_MAGIC, PRE_HLEN, PRE_PLEN };

static void put32(uint8_t *p, uint32_t v) {
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static int message_unknown(const ProtobufCMessage *m) {
    return m->n_unknown_fields > 0;
}

/* 1 when h packs to exactly the len bytes at p and has only fields of the
 * schema, in every nested message too. */
static int canonical(const Taups__Header *h, const uint8_t *p, size_t len) {
    if (fuzz_message_any(&h->base, message_unknown) ||
        taups__header__get_packed_size(h) != len)
        return 0;
    uint8_t *buf = malloc(len ? len : 1);
    if (buf == NULL)
        abort();
    taups__header__pack(h, buf);
    int same = memcmp(buf, p, len) == 0;
    free(buf);
    return same;
}

/* protobuf-c (1.4) takes a tag of 0 spelt in more than one byte for an
 * unknown field 0, packs it in one byte, and then refuses that: such a
 * header does not come back, which is why the reader refuses it. */
static int message_field_zero(const ProtobufCMessage *m) {
    for (unsigned i = 0; i < m->n_unknown_fields; i++)
        if (m->unknown_fields[i].tag == 0)
            return 1;
    return 0;
}

static int has_field_zero(const Taups__Header *h) {
    return fuzz_message_any(&h->base, message_field_zero);
}

static void check_roundtrip(const Taups__Header *h) {
    size_t n = taups__header__get_packed_size(h);
    uint8_t *buf = malloc(n ? n : 1);
    if (buf == NULL || taups__header__pack(h, buf) != n)
        abort();
    Taups__Header *again = taups__header__unpack(NULL, n, buf);
    if (again == NULL || !fuzz_header_equal(h, again))
        abort();
    taups__header__free_unpacked(again, NULL);
    free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 7)
        return 0;
    int mode = data[0] & 3;
    tps__limits_t lim = {16 + (uint32_t)((data[1] | data[2] << 8) % 8192),
                        (uint64_t)(data[3] | data[4] << 8)};
    uint32_t field = (uint32_t)(data[5] | data[6] << 8);
    const uint8_t *hdr = data + 7;
    size_t hlen = size - 7;

    Taups__Header *sys = taups__header__unpack(NULL, hlen, hdr);
    if (sys != NULL && !has_field_zero(sys))
        check_roundtrip(sys);

    uint32_t hdecl = mode == PRE_HLEN ? field : (uint32_t)hlen;
    uint64_t pdecl = mode == PRE_PLEN ? field : 0;
    size_t total = TPS_PREAMBLE_LEN + hlen + (size_t)pdecl;
    uint8_t *stream = calloc(1, total);
    if (stream == NULL)
        abort();
    put32(stream, mode == PRE_MAGIC ? TPS_MAGIC ^ (1u + data[0]) : TPS_MAGIC);
    put32(stream + 4, hdecl);
    put32(stream + 8, (uint32_t)pdecl);
    memcpy(stream + TPS_PREAMBLE_LEN, hdr, hlen);

    tps__reader_t rd;
    if (tps__reader_init(&rd, &lim, NULL, NULL) < 0)
        abort();
    size_t used;
    int rc = tps__reader_feed(&rd, stream, total, &used);
    if (mode == PRE_MAGIC) {
        if (rc != TPS_EPROTO || used != TPS_PREAMBLE_LEN)
            abort();
    } else if (hdecl == 0 || hdecl > lim.max_header ||
               pdecl > lim.max_payload) {
        if (rc != TPS_E2BIG || used != TPS_PREAMBLE_LEN)
            abort();
    } else if (hdecl == hlen) {
        if (sys == NULL && rc != TPS_EPROTO)
            abort();
        if (sys != NULL && rc == 1 &&
            (has_field_zero(rd.hdr) || !fuzz_header_equal(rd.hdr, sys)))
            abort();
        if (rc == 1)
            check_roundtrip(rd.hdr);
        if (sys != NULL && rc != 1 &&
            (rc != TPS_EPROTO || canonical(sys, hdr, hlen)))
            abort();
    }
    tps__reader_free(&rd);
    free(stream);
    if (sys != NULL)
        taups__header__free_unpacked(sys, NULL);
    return 0;
}
