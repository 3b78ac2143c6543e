// Freestanding stand-in: the declarations are in libc.h (see there).
#include "libc.h"
