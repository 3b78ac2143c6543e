// System-library shim for libprotobuf-c (Debian/Ubuntu: libprotobuf-c-dev; pkg-config:
// libprotobuf-c). Used only by the C peer (CRTMWirePeer); the RTMWire codec never links it.
#ifndef RTMWIRE_CPROTOBUFC_SHIM_H
#define RTMWIRE_CPROTOBUFC_SHIM_H

#include <protobuf-c/protobuf-c.h>

#endif
