/* Integer ranges: a signed hull [lo, hi] of an integer of 1 to 128 bits.
 *
 * The C API has no SCEV or ValueTracking, so integer facts come from what
 * the IR states (constants, masks, shifts, extensions, !range metadata) and
 * from the same fixed point that computes FP ranges (a counted loop's
 * induction variable is a phi refined by the exit compare). They matter for
 * the inputs of sitofp/uitofp and powi and for the icmps fed by fptosi. */
#include "numbers.h"

__int128 int_min_of(unsigned width) {
  return width >= 128 ? -int_max_of(128) - 1 : -((__int128)1 << (width - 1));
}

__int128 int_max_of(unsigned width) {
  return width >= 128 ? (__int128)(((unsigned __int128)1 << 127) - 1)
                      : ((__int128)1 << (width - 1)) - 1;
}

int_range int_range_make(unsigned width, __int128 lo, __int128 hi) {
  int_range r = {.lo = lo, .hi = hi, .width = width, .known = true};
  if (lo < int_min_of(width) || hi > int_max_of(width) || lo > hi) {
    r.lo = int_min_of(width);
    r.hi = int_max_of(width);
  }
  return r;
}

int_range int_range_full(unsigned width) {
  return int_range_make(width, int_min_of(width), int_max_of(width));
}

int_range int_range_point(unsigned width, __int128 value) {
  return int_range_make(width, value, value);
}

int_range int_range_join(const int_range *a, const int_range *b) {
  if (!a->known)
    return *b;
  if (!b->known)
    return *a;
  int_range r = int_range_make(a->width, a->lo < b->lo ? a->lo : b->lo,
                               a->hi > b->hi ? a->hi : b->hi);
  r.from_fp = a->from_fp || b->from_fp;
  return r;
}

bool int_range_equal(const int_range *a, const int_range *b) {
  if (a->known != b->known)
    return false;
  return !a->known || (a->lo == b->lo && a->hi == b->hi &&
                       a->from_fp == b->from_fp && a->width == b->width);
}

void int_range_unsigned(const int_range *r, unsigned __int128 *lo,
                        unsigned __int128 *hi) {
  unsigned __int128 modulus =
      r->width >= 128 ? 0 : (unsigned __int128)1 << r->width;
  if (r->lo >= 0) {
    *lo = (unsigned __int128)r->lo;
    *hi = (unsigned __int128)r->hi;
  } else if (r->hi < 0) {
    *lo = (unsigned __int128)r->lo + modulus;
    *hi = (unsigned __int128)r->hi + modulus;
  } else {
    *lo = 0;
    *hi = modulus - 1;
  }
}

/* Unsigned min and max are the signed ones where both operands are >= 0.
 * Otherwise umin is still at most a nonnegative operand (a negative one
 * reads as a larger unsigned value), so within [0, its hi]; umax of
 * operands that may be negative is left unbounded. */
int_range int_range_min(const int_range *x, const int_range *y,
                        bool is_unsigned) {
  if (!x->known || !y->known)
    return (int_range){.width = x->width, .known = false};
  if (!is_unsigned || (x->lo >= 0 && y->lo >= 0))
    return int_range_make(x->width, x->lo < y->lo ? x->lo : y->lo,
                          x->hi < y->hi ? x->hi : y->hi);
  if (x->lo >= 0 || y->lo >= 0) {
    __int128 hi = x->lo >= 0 && y->lo >= 0 ? (x->hi < y->hi ? x->hi : y->hi)
                  : x->lo >= 0             ? x->hi
                                           : y->hi;
    return int_range_make(x->width, 0, hi);
  }
  return int_range_full(x->width);
}

int_range int_range_max(const int_range *x, const int_range *y,
                        bool is_unsigned) {
  if (!x->known || !y->known)
    return (int_range){.width = x->width, .known = false};
  if (!is_unsigned || (x->lo >= 0 && y->lo >= 0))
    return int_range_make(x->width, x->lo > y->lo ? x->lo : y->lo,
                          x->hi > y->hi ? x->hi : y->hi);
  return int_range_full(x->width);
}

int_range int_range_bool(bool can_true, bool can_false) {
  if (can_true && can_false)
    return int_range_full(1);
  if (can_true)
    return int_range_point(1, -1);
  if (can_false)
    return int_range_point(1, 0);
  int_range r = {.width = 1, .known = false};
  return r;
}

bool int_range_is_true(const int_range *r) {
  return r->known && r->width == 1 && r->lo == -1 && r->hi == -1;
}

bool int_range_is_false(const int_range *r) {
  return r->known && r->width == 1 && r->lo == 0 && r->hi == 0;
}
