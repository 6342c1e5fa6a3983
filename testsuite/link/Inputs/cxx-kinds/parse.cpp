// gold-cxx-kinds.test: parsing (bitcode). See kinds.h.
#include "kinds.h"

static Registrar registrar("parse");

ParseError::ParseError(const std::string &what, int position)
    : std::runtime_error(what), position_(position) {}
// The key function: ParseError's vtable and type_info are defined here.
ParseError::~ParseError() = default;

// Overridden by main.cpp's strong definition.
__attribute__((weak)) int scale_factor() { return 1; }

long parse_number(const std::string &text) {
  shared_counter()++;
  if (text.empty())
    throw ParseError("empty number", 0);
  size_t i = text[0] == '-' ? 1 : 0;
  if (i == text.size())
    throw ParseError("no digits", static_cast<int>(i));
  long value = 0;
  for (; i < text.size(); i++) {
    char c = text[i];
    if (c < '0' || c > '9')
      throw ParseError(std::string("unexpected '") + c + "'", static_cast<int>(i));
    value = value * 10 + (c - '0');
    if (value > 1000000000)
      throw ParseError("too many digits", static_cast<int>(i));
  }
  return text[0] == '-' ? -value : value;
}

void tally_up() { tally += 2; }

long checked_scale(long value) {
  native_check_range(value); // may throw RangeError, through this frame
  native_calls++;
  return value * scale_factor();
}

long long parse_total(const std::vector<std::string> &texts) {
  std::vector<long> longs;
  std::vector<long long> long_longs;
  for (const std::string &text : texts) {
    longs.push_back(parse_number(text));
    long_longs.push_back(longs.back() * 2);
  }
  return sum_of(longs) + sum_of(long_longs) + largest_of(longs) + largest_of(long_longs);
}
