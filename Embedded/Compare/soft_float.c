// The one soft-float helper protobuf-c's image needs (field_is_zeroish compares double fields
// to 0 generically; the schemas have none, but the code is linked): IEEE equality of two doubles,
// taken as their bits so that this compiles without calling itself.
#include <stdint.h>

int __aeabi_dcmpeq(uint64_t a, uint64_t b) {
    uint64_t sign = (uint64_t)1 << 63, infinity = 0x7FF0000000000000u;
    uint64_t magnitude_a = a & ~sign, magnitude_b = b & ~sign;
    if (magnitude_a > infinity || magnitude_b > infinity) return 0;  // NaN equals nothing
    return a == b || (magnitude_a == 0 && magnitude_b == 0);          // +0 == -0
}
