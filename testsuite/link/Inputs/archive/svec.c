/* Archive member: the vector of enum shade. */
#include "vector.h"

VECTOR_DEFINE(svec, enum shade)
