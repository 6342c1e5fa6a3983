/* The abstract value of an SSA value (value_range: an FP range, an integer
 * range, or nothing known) by the type that holds it: its top and bottom,
 * join, meet and equality; the range of a constant; and the allocation
 * the files above it use. Below the analysis: nothing here knows of a
 * function or its blocks. */
#include "fprange_internal.h"

#include <llvm-c/Core.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers on value ranges --------------------------------------------- */

value_range fprange_range_none(void) {
  value_range r;
  memset(&r, 0, sizeof r);
  r.kind = VALUE_NONE;
  return r;
}

/* The kind and (for FP) format or (for integers) width of a type. */
static value_kind kind_of_type(LLVMTypeRef type, fp_format_id *format,
                               unsigned *width) {
  if (fp_format_of_type(type, format))
    return LLVMGetTypeKind(type) == LLVMScalableVectorTypeKind ? VALUE_NONE
                                                               : VALUE_FP;
  LLVMTypeRef element = type;
  if (LLVMGetTypeKind(type) == LLVMVectorTypeKind)
    element = LLVMGetElementType(type);
  if (LLVMGetTypeKind(element) == LLVMIntegerTypeKind) {
    *width = LLVMGetIntTypeWidth(element);
    if (*width <= 128)
      return VALUE_INT;
  }
  return VALUE_NONE;
}

value_range top_of_type(LLVMTypeRef type) {
  value_range r = fprange_range_none();
  fp_format_id format = FP_FLOAT;
  unsigned width = 0;
  r.kind = kind_of_type(type, &format, &width);
  if (r.kind == VALUE_FP) {
    r.format = format;
    r.as.fp = fp_interval_top(format);
  } else if (r.kind == VALUE_INT) {
    r.as.integer = int_range_full(width);
  }
  return r;
}

value_range bottom_of_type(LLVMTypeRef type) {
  value_range r = top_of_type(type);
  if (r.kind == VALUE_FP)
    r.as.fp = fp_interval_bottom();
  else if (r.kind == VALUE_INT)
    r.as.integer.known = false;
  return r;
}

bool range_is_bottom(const value_range *r) {
  if (r->kind == VALUE_FP)
    return fp_interval_is_bottom(&r->as.fp);
  if (r->kind == VALUE_INT)
    return !r->as.integer.known;
  return false;
}

value_range fprange_range_join(const value_range *a, const value_range *b) {
  if (a->kind != b->kind)
    return a->kind == VALUE_NONE ? *a : *b;
  value_range r = *a;
  if (a->kind == VALUE_FP)
    r.as.fp = fp_interval_join(&a->as.fp, &b->as.fp);
  else if (a->kind == VALUE_INT)
    r.as.integer = int_range_join(&a->as.integer, &b->as.integer);
  return r;
}

value_range fprange_range_meet(const value_range *a, const value_range *b) {
  if (a->kind != b->kind)
    return a->kind == VALUE_NONE ? *b : *a;
  value_range r = *a;
  if (a->kind == VALUE_FP) {
    r.as.fp = fp_interval_meet(a->format, &a->as.fp, &b->as.fp);
  } else if (a->kind == VALUE_INT && a->as.integer.known &&
             b->as.integer.known) {
    /* Integer ranges are hulls: disjoint ones keep the first (both are
     * sound, and an empty meet is not representable as a known range). */
    const int_range *x = &a->as.integer, *y = &b->as.integer;
    if (y->lo <= x->hi && x->lo <= y->hi) {
      r.as.integer.lo = y->lo > x->lo ? y->lo : x->lo;
      r.as.integer.hi = y->hi < x->hi ? y->hi : x->hi;
    }
  } else if (a->kind == VALUE_INT) {
    r = a->as.integer.known ? *b : *a;
  }
  return r;
}

bool range_equal(const value_range *a, const value_range *b) {
  if (a->kind != b->kind)
    return false;
  if (a->kind == VALUE_FP)
    return fp_interval_equal(&a->as.fp, &b->as.fp);
  if (a->kind == VALUE_INT)
    return int_range_equal(&a->as.integer, &b->as.integer);
  return true;
}

static uint64_t parse_hex(const char *text, int digits, bool *ok) {
  uint64_t value = 0;
  for (int i = 0; i < digits; ++i) {
    char c = text[i];
    int d = c >= '0' && c <= '9'   ? c - '0'
            : c >= 'A' && c <= 'F' ? c - 'A' + 10
            : c >= 'a' && c <= 'f' ? c - 'a' + 10
                                   : -1;
    if (d < 0) {
      *ok = false;
      return 0;
    }
    value = value << 4 | (uint64_t)d;
  }
  return value;
}

/* The exact value of a scalar ConstantFP. x86_fp80 and fp128 constants that
 * a double cannot hold are read from their hexadecimal IR spelling. */
bool read_fp_constant(LLVMValueRef constant, fp_format_id format,
                      fp_bound *out) {
  LLVMBool loses_info = 0;
  double value = LLVMConstRealGetDouble(constant, &loses_info);
  if (!loses_info || format <= FP_DOUBLE) {
    *out = value;
    return true;
  }
  char *text = LLVMPrintValueToString(constant);
  const char *hex = strstr(text, " 0x");
  bool ok = hex != NULL;
  if (ok && format == FP_X86_FP80 && hex[3] == 'K' && strlen(hex + 4) >= 20) {
    uint64_t top = parse_hex(hex + 4, 4, &ok);
    uint64_t mantissa = parse_hex(hex + 8, 16, &ok);
    long double x = 0;
    unsigned char bytes[sizeof x];
    memset(bytes, 0, sizeof bytes);
    memcpy(bytes, &mantissa, 8);
    bytes[8] = (unsigned char)top;
    bytes[9] = (unsigned char)(top >> 8);
    memcpy(&x, bytes, sizeof x);
    *out = (fp_bound)x;
  } else if (ok && format == FP_FP128 && hex[3] == 'L' &&
             strlen(hex + 4) >= 32) {
    uint64_t words[2];
    words[0] = parse_hex(hex + 4, 16, &ok);  /* low half first */
    words[1] = parse_hex(hex + 20, 16, &ok); /* then the high half */
    memcpy(out, words, sizeof *out);
  } else {
    ok = false;
  }
  LLVMDisposeMessage(text);
  return ok;
}

/* An FP poison value may be refined to any value, so its range is empty:
 * it adds nothing where it is joined (a phi's incoming value, a vector's
 * lanes), and whatever is computed from it is poison too (only freeze,
 * which the analysis does not follow, makes a value of it). Integer poison
 * stays unbounded, as undef does: an undef may be a different value at
 * each use. */
value_range constant_range(LLVMValueRef constant) {
  LLVMTypeRef type = LLVMTypeOf(constant);
  value_range r = top_of_type(type);
  if (r.kind == VALUE_FP && LLVMIsPoison(constant))
    return bottom_of_type(type);
  if (r.kind == VALUE_NONE || LLVMIsUndef(constant))
    return r;
  unsigned count = 1;
  bool vector = LLVMGetTypeKind(type) == LLVMVectorTypeKind;
  if (vector)
    count = LLVMGetVectorSize(type);
  value_range hull = bottom_of_type(type);
  for (unsigned i = 0; i < count; ++i) {
    LLVMValueRef element =
        vector ? LLVMGetAggregateElement(constant, i) : constant;
    if (element && LLVMIsPoison(element) && r.kind == VALUE_FP)
      continue; /* adds nothing (above) */
    if (!element || LLVMIsUndef(element))
      return r;
    if (r.kind == VALUE_FP) {
      fp_bound value;
      if (!LLVMIsAConstantFP(element) ||
          !read_fp_constant(element, r.format, &value))
        return r;
      fp_interval_add_point(&hull.as.fp, value);
    } else {
      if (!LLVMIsAConstantInt(element) || r.as.integer.width > 64)
        return r;
      int_range point = int_range_point(
          r.as.integer.width, (__int128)LLVMConstIntGetSExtValue(element));
      hull.as.integer = int_range_join(&hull.as.integer, &point);
    }
  }
  return hull;
}

void *fprange_allocate(size_t count, size_t size) {
  void *p = calloc(count ? count : 1, size);
  if (!p)
    abort();
  return p;
}

void *fprange_grow(void *array, size_t *capacity, size_t count, size_t size) {
  if (count < *capacity)
    return array;
  *capacity = *capacity ? 2 * *capacity : 16;
  array = realloc(array, *capacity * size);
  if (!array)
    abort();
  return array;
}
