# shellcheck shell=bash
# The flags and environment of the AddressSanitizer build, sourced (after setting `root`) by
# Scripts/sanitize (which builds and tests with them), Scripts/soak --address-sanitizer and
# Scripts/docs --address-sanitizer-build (which reads that build's symbols): one definition, so
# each finds the build up to date and runs it the same way.
address_flags=(--sanitize=address --scratch-path .build/asan --traits Serve)

# LeakSanitizer runs inside AddressSanitizer on Linux only; Apple platforms refuse the option.
address_leaks=""
[[ $(uname -s) == Linux ]] && address_leaks="detect_leaks=1"
# Swift's crash backtracer is off: on Linux it copies the crashed process's stacks through
# memcpy, which AddressSanitizer reports as an overflow and aborts on, and the backtracer then
# waits forever on a socket with the test runner's output pipe open, so `swift test` never ends
# (seen: a failed assertion hung the suite at 0% CPU). AddressSanitizer prints the stack of a
# trap (SIGILL) or an abort itself instead, and the run ends.
address_environment=(
    SWIFT_BACKTRACE="enable=no"
    ASAN_OPTIONS="$address_leaks handle_sigill=1 handle_abort=1 ${ASAN_OPTIONS:-}"
    LSAN_OPTIONS="suppressions=$root/Scripts/sanitizers/lsan.supp print_suppressions=0 ${LSAN_OPTIONS:-}"
)
