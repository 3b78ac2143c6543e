// A minimal Cortex-M image around the demo program (Demo.swift): the vector table, a reset
// handler that sets up .data and .bss and calls rtmwire_demo, and the result left in a global a
// debugger can read. No board support: the image is for the size table (Embedded/README.md),
// linked by Scripts/build-embedded with image.ld.

#include <stdint.h>

int32_t rtmwire_demo(void);

extern uint32_t __data_load, __data_start, __data_end, __bss_start, __bss_end, __stack_top;

/// The demo's result (0: the envelope came back equal), for a debugger.
volatile int32_t rtmwire_demo_result = -1;

void reset_handler(void) {
    uint32_t *from = &__data_load, *to = &__data_start;
    while (to < &__data_end) *to++ = *from++;
    for (to = &__bss_start; to < &__bss_end;) *to++ = 0;
    rtmwire_demo_result = rtmwire_demo();
    for (;;) {
    }
}

static void fault_handler(void) {
    for (;;) {
    }
}

// Initial stack pointer, then reset, NMI and hard fault: enough for an image that runs one call.
__attribute__((section(".vectors"), used)) static void (*const vectors[4])(void) = {
    (void (*)(void))&__stack_top, reset_handler, fault_handler, fault_handler};
