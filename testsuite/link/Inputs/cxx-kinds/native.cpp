// gold-cxx-kinds.test: the native object (compiled without -flto), mixed
// with the bitcode: it defines symbols the bitcode uses (banner, which
// preempts a weak bitcode definition; native_calls; the native_*
// functions) and uses symbols the bitcode defines (parse_number,
// ParseError's type_info and vtable, Shape's vtable). See kinds.h.
#include "kinds.h"

static Registrar registrar("native");

int native_calls;

const char *banner() { return "strong banner from native.cpp"; }

long native_sum(const std::vector<int> &values) {
  native_calls++;
  return sum_of(values);
}

long native_parse_all(const std::vector<std::string> &texts, std::vector<long> &out) {
  long failures = 0;
  for (const std::string &text : texts) {
    try {
      out.push_back(parse_number(text));
    } catch (const ParseError &error) {
      failures += 1 + error.position();
    }
  }
  return failures;
}

void native_check_range(long value) {
  if (value < -1000 || value > 1000)
    throw RangeError{value};
}

int native_counter() { return shared_counter(); }

int native_tally() {
  tally += 5;
  return tally;
}

long total_area(const std::vector<Shape *> &shapes) {
  long total = 0;
  for (const Shape *shape : shapes)
    total += shape->area();
  return total;
}
