// Scans of a string's bytes, sixteen at a time, for the JSON writer: clang's
// portable vector types, which compile to SSE2 on x86-64 and to NEON on ARM,
// in `static inline` functions that Swift inlines like its own code.
//
// Swift's own `SIMD16<UInt8>` comparisons compile to a loop over the lanes in
// this toolchain; these compile to one compare per condition.
#ifndef STRATA_BYTE_SCAN_H
#define STRATA_BYTE_SCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "StrataByteScan reads lanes as little-endian words"
#endif

/// Sixteen bytes, one per lane.
typedef uint8_t strata_byte_lanes __attribute__((vector_size(16)));
/// The result of comparing lanes: all ones where the comparison holds, zero elsewhere.
typedef int8_t strata_lane_flags __attribute__((vector_size(16)));

/// The flags of the lanes of `lanes` that a JSON string cannot hold as they are:
/// a quote, a backslash, a byte below 0x20, and `extra` (a slash, or a quote
/// again when slashes are written as they are, which flags nothing more).
static inline strata_lane_flags strata_escape_flags(strata_byte_lanes lanes, uint8_t extra) {
    const strata_byte_lanes none = {0};
    return (strata_lane_flags)(lanes == (none + (uint8_t)'"')) | (strata_lane_flags)(lanes == (none + (uint8_t)'\\'))
        | (strata_lane_flags)(lanes == (none + extra)) | (strata_lane_flags)(lanes < (none + (uint8_t)0x20));
}

/// The index of the first flagged lane of `flags`, or 16 when none is.
static inline size_t strata_first_flagged_lane(strata_lane_flags flags) {
    uint64_t words[2];
    memcpy(words, &flags, sizeof words);
    if (words[0] != 0) return (size_t)__builtin_ctzll(words[0]) / 8;
    if (words[1] != 0) return 8 + (size_t)__builtin_ctzll(words[1]) / 8;
    return 16;
}

/// The index of the first of the `count` bytes at `bytes` that a JSON string
/// cannot hold as it is (a quote, a backslash, a byte below 0x20, and a slash
/// when `slashes`), or `count` when there is none.
///
/// Reads only the `count` bytes: a string of 16 bytes or more ends with one
/// overlapping load of its last 16.
static inline size_t strata_first_escaped_byte(const uint8_t *bytes, size_t count, bool slashes) {
    size_t position = 0;
    const uint8_t extra = slashes ? (uint8_t)'/' : (uint8_t)'"';
    if (count < 16) {
        for (; position < count; position++) {
            uint8_t byte = bytes[position];
            if (byte < 0x20 || byte == '"' || byte == '\\' || (slashes && byte == '/')) return position;
        }
        return count;
    }
    strata_byte_lanes lanes;
    for (; position + 16 <= count; position += 16) {
        memcpy(&lanes, bytes + position, 16);
        size_t lane = strata_first_flagged_lane(strata_escape_flags(lanes, extra));
        if (lane < 16) return position + lane;
    }
    if (position == count) return count;
    // The last 16 bytes: those before `position` among them are checked, and flag nothing.
    size_t last = count - 16;
    memcpy(&lanes, bytes + last, 16);
    return last + strata_first_flagged_lane(strata_escape_flags(lanes, extra));
}

#endif
