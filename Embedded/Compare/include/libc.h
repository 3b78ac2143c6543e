// The libc declarations nanopb and protobuf-c include, for a freestanding build
// (stdlib.h, string.h and assert.h here include it). The
// definitions are Embedded/Shim/rtmwire_shim.c's, the ones the Swift image links too.
#ifndef RTMWIRE_COMPARE_LIBC_H
#define RTMWIRE_COMPARE_LIBC_H
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
void *malloc(size_t size);
void *realloc(void *pointer, size_t size);
void free(void *pointer);
void *memcpy(void *restrict destination, const void *restrict source, size_t count);
void *memmove(void *destination, const void *source, size_t count);
void *memset(void *destination, int value, size_t count);
int memcmp(const void *lhs, const void *rhs, size_t count);
size_t strlen(const char *text);
int strcmp(const char *lhs, const char *rhs);
#define assert(condition) ((void)0)
#endif
