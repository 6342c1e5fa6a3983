/* Archive member: the vector of unsigned. */
#include "vector.h"

VECTOR_DEFINE(uvec, unsigned)
