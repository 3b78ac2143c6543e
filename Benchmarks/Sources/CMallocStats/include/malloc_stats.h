#ifndef RTMWIRE_BENCH_MALLOC_STATS_H
#define RTMWIRE_BENCH_MALLOC_STATS_H

#include <stddef.h>

/// Bytes the C allocator has handed out and not yet had back (glibc's mallinfo2 uordblks);
/// 0 where the C library does not report it.
size_t rtmwire_bench_heap_in_use(void);

#endif
