// The few C functions Embedded Swift needs on a freestanding target (wasm32-unknown-none-wasm,
// bare-metal ARM), where there is no libc: an allocator (posix_memalign, malloc, free), memcpy
// and its kin, and arc4random_buf for Hasher's seed (plus realloc and strcmp for the size
// table's C comparison programs, dropped from images that do not call them). Built by Scripts/build-embedded with
// clang -ffreestanding; nothing here is used by the native build.
//
// The allocator is a segregated free list with power-of-two size classes (16 bytes up): small,
// reuses freed blocks of the same class exactly, never returns memory to the host, and keeps
// the byte counts that rtmwire_heap_peak reports (the "peak heap" of the size table). A block
// is a 16-byte header (its class) and then the caller's bytes, so every pointer is 16-aligned.

#include <stddef.h>
#include <stdint.h>

#define HEADER 16u
#define CLASSES 28  // up to 16 << 27 = 2 GiB blocks: fits a 32-bit size_t

typedef struct FreeBlock {
    struct FreeBlock *next;
} FreeBlock;

static FreeBlock *free_lists[CLASSES];
static size_t heap_in_use;  // bytes handed out and not yet freed (class sizes, headers included)
static size_t heap_peak;    // the largest heap_in_use since the last rtmwire_heap_reset_peak

#if defined(__wasm__)
#define EXPORT(name) __attribute__((export_name(name), used))
extern unsigned char __heap_base;  // where wasm-ld puts the end of the data and the stack
static uintptr_t heap_next;
static uintptr_t heap_end;

// Takes `size` bytes at the end of the heap, growing the linear memory by whole 64 KiB pages.
static void *heap_take(size_t size) {
    if (heap_next == 0) {
        heap_next = ((uintptr_t)&__heap_base + HEADER - 1) & ~(uintptr_t)(HEADER - 1);
        heap_end = __builtin_wasm_memory_size(0) * 65536u;
    }
    if (size > heap_end - heap_next) {
        size_t pages = (size - (heap_end - heap_next) + 65535u) / 65536u;
        if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) return NULL;
        heap_end += pages * 65536u;
    }
    void *block = (void *)heap_next;
    heap_next += size;
    return block;
}
#else
#define EXPORT(name)
// A bare-metal image has no memory to grow: a fixed arena in .bss, sized for the demo program.
#ifndef RTMWIRE_ARENA_BYTES
#define RTMWIRE_ARENA_BYTES (64u * 1024u)
#endif
static _Alignas(16) unsigned char arena[RTMWIRE_ARENA_BYTES];
static size_t arena_used;

static void *heap_take(size_t size) {
    if (size > sizeof arena - arena_used) return NULL;
    void *block = arena + arena_used;
    arena_used += size;
    return block;
}
#endif

// The class of a block holding `size` bytes and its header: 16 << class >= size + HEADER.
static int size_class(size_t size) {
    if (size > ((size_t)16 << (CLASSES - 1)) - HEADER) return -1;
    size_t total = size + HEADER;
    int class = 0;
    while (((size_t)16 << class) < total) class++;
    return class;
}

void *malloc(size_t size) {
    int class = size_class(size);
    if (class < 0) return NULL;
    size_t block_size = (size_t)16 << class;
    unsigned char *block;
    if (free_lists[class]) {
        block = (unsigned char *)free_lists[class];
        free_lists[class] = free_lists[class]->next;
    } else {
        block = heap_take(block_size);
        if (!block) return NULL;
    }
    *(uint32_t *)block = (uint32_t)class;
    heap_in_use += block_size;
    if (heap_in_use > heap_peak) heap_peak = heap_in_use;
    return block + HEADER;
}

void free(void *pointer) {
    if (!pointer) return;
    unsigned char *block = (unsigned char *)pointer - HEADER;
    uint32_t class = *(uint32_t *)block;
    heap_in_use -= (size_t)16 << class;
    ((FreeBlock *)block)->next = free_lists[class];
    free_lists[class] = (FreeBlock *)block;
}

// nanopb and protobuf-c (the size table's comparison programs) reallocate; Swift does not.
void *realloc(void *pointer, size_t size) {
    if (!pointer) return malloc(size);
    size_t capacity = ((size_t)16 << *(uint32_t *)((unsigned char *)pointer - HEADER)) - HEADER;
    if (size <= capacity) return pointer;
    void *grown = malloc(size);
    if (!grown) return NULL;
    unsigned char *to = grown;
    const unsigned char *from = pointer;
    for (size_t index = 0; index < capacity; index++) to[index] = from[index];
    free(pointer);
    return grown;
}

// Embedded Swift allocates with alignment of at most 16 for the types RTMWire uses; a larger
// one is refused (ENOMEM-like) rather than returned misaligned.
int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment > HEADER) return 12;
    void *pointer = malloc(size);
    if (!pointer) return 12;
    *result = pointer;
    return 0;
}

void *memcpy(void *restrict destination, const void *restrict source, size_t count) {
    unsigned char *to = destination;
    const unsigned char *from = source;
    while (count--) *to++ = *from++;
    return destination;
}

void *memmove(void *destination, const void *source, size_t count) {
    unsigned char *to = destination;
    const unsigned char *from = source;
    if (to < from) {
        while (count--) *to++ = *from++;
    } else {
        while (count--) to[count] = from[count];
    }
    return destination;
}

void *memset(void *destination, int value, size_t count) {
    unsigned char *to = destination;
    while (count--) *to++ = (unsigned char)value;
    return destination;
}

int memcmp(const void *lhs, const void *rhs, size_t count) {
    const unsigned char *a = lhs, *b = rhs;
    for (; count; count--, a++, b++) {
        if (*a != *b) return *a < *b ? -1 : 1;
    }
    return 0;
}

int strcmp(const char *lhs, const char *rhs) {
    while (*lhs && *lhs == *rhs) lhs++, rhs++;
    return (unsigned char)*lhs - (unsigned char)*rhs;
}

size_t strlen(const char *text) {
    size_t length = 0;
    while (text[length]) length++;
    return length;
}

// Hasher's per-process seed. There is no entropy source on these targets: a fixed seed makes
// hashing deterministic, which matters only for hash flooding, and RTMWire's only hashed input
// (distinct-id checks) is capped by Limits.maxRepeatedCount and maxMentions.
void arc4random_buf(void *buffer, size_t count) {
    uint32_t state = 0x9E3779B9u;
    unsigned char *bytes = buffer;
    for (size_t index = 0; index < count; index++) {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        bytes[index] = (unsigned char)state;
    }
}

// The low 128 bits of a 128-bit product, which the compiler calls for Swift's
// multipliedFullWidth on 64-bit integers (compiler-rt's builtins are not shipped for these
// targets). Built from 32-bit halves so that it never calls itself. Only where the target has
// 128-bit integers (wasm32): 32-bit ARM expands the multiplication inline.
#if defined(__SIZEOF_INT128__)
typedef unsigned __int128 uint128;

static uint128 multiply_64x64(uint64_t a, uint64_t b) {
    uint64_t a_low = (uint32_t)a, a_high = a >> 32, b_low = (uint32_t)b, b_high = b >> 32;
    uint64_t low_low = a_low * b_low, high_low = a_high * b_low;
    uint64_t low_high = a_low * b_high, high_high = a_high * b_high;
    uint64_t middle = (low_low >> 32) + (uint32_t)high_low + (uint32_t)low_high;
    uint64_t low = (middle << 32) | (uint32_t)low_low;
    uint64_t high = high_high + (high_low >> 32) + (low_high >> 32) + (middle >> 32);
    return (uint128)high << 64 | low;
}

uint128 __multi3(uint128 a, uint128 b) {
    uint64_t a_low = (uint64_t)a, a_high = (uint64_t)(a >> 64);
    uint64_t b_low = (uint64_t)b, b_high = (uint64_t)(b >> 64);
    uint128 product = multiply_64x64(a_low, b_low);
    uint64_t cross = a_high * b_low + a_low * b_high;
    return product + ((uint128)cross << 64);
}
#endif

#if defined(__ARM_EABI__)
// The ARM EABI's run-time helpers the compiler calls (compiler-rt's builtins are not shipped for
// bare-metal ARM here): memory helpers with the EABI's argument order, and 64-bit division,
// which 32-bit ARM has no instruction for.
void __aeabi_memcpy(void *to, const void *from, size_t count) { memcpy(to, from, count); }
void __aeabi_memcpy4(void *to, const void *from, size_t count) { memcpy(to, from, count); }
void __aeabi_memcpy8(void *to, const void *from, size_t count) { memcpy(to, from, count); }
void __aeabi_memmove(void *to, const void *from, size_t count) { memmove(to, from, count); }
void __aeabi_memmove4(void *to, const void *from, size_t count) { memmove(to, from, count); }
void __aeabi_memmove8(void *to, const void *from, size_t count) { memmove(to, from, count); }
void __aeabi_memset(void *to, size_t count, int value) { memset(to, value, count); }
void __aeabi_memset4(void *to, size_t count, int value) { memset(to, value, count); }
void __aeabi_memset8(void *to, size_t count, int value) { memset(to, value, count); }
void __aeabi_memclr(void *to, size_t count) { memset(to, 0, count); }
void __aeabi_memclr4(void *to, size_t count) { memset(to, 0, count); }
void __aeabi_memclr8(void *to, size_t count) { memset(to, 0, count); }

// 64-bit shifts, which the compiler calls rather than inlines when optimising for size; built
// from 32-bit halves (a constant shift by 32 is a register move, never a call).
uint64_t __aeabi_llsl(uint64_t value, int shift) {
    uint32_t low = (uint32_t)value, high = (uint32_t)(value >> 32);
    if (shift >= 32) {
        high = low << (shift - 32);
        low = 0;
    } else if (shift > 0) {
        high = high << shift | low >> (32 - shift);
        low <<= shift;
    }
    return (uint64_t)high << 32 | low;
}

uint64_t __aeabi_llsr(uint64_t value, int shift) {
    uint32_t low = (uint32_t)value, high = (uint32_t)(value >> 32);
    if (shift >= 32) {
        low = high >> (shift - 32);
        high = 0;
    } else if (shift > 0) {
        low = low >> shift | high << (32 - shift);
        high >>= shift;
    }
    return (uint64_t)high << 32 | low;
}

// Unsigned 64-bit division by shift and subtract (no 64-bit `/`, which would call back here).
uint64_t __udivmoddi4(uint64_t dividend, uint64_t divisor, uint64_t *remainder) {
    uint64_t quotient = 0, rest = 0;
    if (divisor == 0) {  // Swift traps before dividing by zero; C leaves it undefined
        if (remainder) *remainder = dividend;
        return ~(uint64_t)0;
    }
    for (int bit = 63; bit >= 0; bit--) {
        rest = rest << 1 | (dividend >> bit & 1);
        if (rest >= divisor) {
            rest -= divisor;
            quotient |= (uint64_t)1 << bit;
        }
    }
    if (remainder) *remainder = rest;
    return quotient;
}

// Signed: truncated toward zero, the remainder taking the dividend's sign (C and Swift).
int64_t __divmoddi4(int64_t dividend, int64_t divisor, int64_t *remainder) {
    uint64_t a = dividend < 0 ? 0 - (uint64_t)dividend : (uint64_t)dividend;
    uint64_t b = divisor < 0 ? 0 - (uint64_t)divisor : (uint64_t)divisor;
    uint64_t rest;
    uint64_t quotient = __udivmoddi4(a, b, &rest);
    *remainder = dividend < 0 ? (int64_t)(0 - rest) : (int64_t)rest;
    return (dividend < 0) != (divisor < 0) ? (int64_t)(0 - quotient) : (int64_t)quotient;
}

// The EABI returns quotient and remainder in r0-r3, which C cannot express: these call the C
// functions above with a stack slot for the remainder and load it into r2:r3.
__attribute__((naked)) void __aeabi_uldivmod(void) {
    __asm volatile(
        "push {r4, lr}\n"
        "sub sp, sp, #16\n"
        "add r4, sp, #8\n"
        "str r4, [sp]\n"
        "bl __udivmoddi4\n"
        "ldrd r2, r3, [sp, #8]\n"
        "add sp, sp, #16\n"
        "pop {r4, pc}\n");
}

__attribute__((naked)) void __aeabi_ldivmod(void) {
    __asm volatile(
        "push {r4, lr}\n"
        "sub sp, sp, #16\n"
        "add r4, sp, #8\n"
        "str r4, [sp]\n"
        "bl __divmoddi4\n"
        "ldrd r2, r3, [sp, #8]\n"
        "add sp, sp, #16\n"
        "pop {r4, pc}\n");
}
#endif

// Embedded Swift's print and fatal-error messages: there is no console on these targets, so
// they are dropped (a trap still stops the module).
int putchar(int character) { return character; }

// The host's side of the module's memory: a buffer for input it copies in, freed after the call.
EXPORT("rtmwire_alloc") void *rtmwire_alloc(size_t size) { return malloc(size); }
EXPORT("rtmwire_free") void rtmwire_free(void *pointer) { free(pointer); }

// Heap figures, for the size table: bytes in use now, the peak since the last reset.
EXPORT("rtmwire_heap_in_use") size_t rtmwire_heap_in_use(void) { return heap_in_use; }
EXPORT("rtmwire_heap_peak") size_t rtmwire_heap_peak(void) { return heap_peak; }
EXPORT("rtmwire_heap_reset_peak") void rtmwire_heap_reset_peak(void) { heap_peak = heap_in_use; }
