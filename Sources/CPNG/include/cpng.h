#ifndef ANIMATIC_CPNG_H
#define ANIMATIC_CPNG_H
#include <stddef.h>
#endif
