/* Archive member: the vector of int. */
#include "vector.h"

VECTOR_DEFINE(ivec, int)
