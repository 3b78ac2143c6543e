# shellcheck shell=bash
# The `rtmwire` tool that Scripts/conformance, Scripts/conformance-fuzz, Scripts/build-testee and
# Scripts/build-embedded run, sourced after setting `root`.
#
# RTMWIRE_CLI names one already built: CI passes the AddressSanitizer build's
# (.build/asan/debug/rtmwire, run with Scripts/lib/address-sanitizer-flags.sh's environment), so
# that it compiles no debug build of the tool and its dependencies for these scripts alone, and
# the conformance runs check RTMWire's side under AddressSanitizer too. Without it, the tool is
# built here (`swift build --product rtmwire`, incremental).

# Prints the tool's path; $1 is the configuration to build when RTMWIRE_CLI is not set (debug or
# release; default debug).
rtmwire_cli() {
    if [[ -n ${RTMWIRE_CLI:-} ]]; then
        if [[ ! -x $RTMWIRE_CLI ]]; then
            echo "RTMWIRE_CLI=$RTMWIRE_CLI is not an executable file" >&2
            return 1
        fi
        echo "$RTMWIRE_CLI"
        return
    fi
    local configuration=${1:-debug}
    (cd "$root" && swift build -c "$configuration" --product rtmwire >&2)
    echo "$root/.build/$configuration/rtmwire"
}
