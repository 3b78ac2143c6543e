# shellcheck shell=bash
# The flags of the AddressSanitizer build, sourced by Scripts/sanitize (which builds and tests
# with them) and Scripts/docs --address-sanitizer-build (which reads that build's symbols): one
# definition, so the documentation always finds the build up to date.
address_flags=(--sanitize=address --scratch-path .build/asan --traits Serve)
