// The C++ program of gold-cxx-kinds.test: every C++ feature that makes a
// link plugin's symbol resolution matter, spread over three bitcode
// translation units (main.cpp, shapes.cpp, parse.cpp) and one native object
// compiled without -flto (native.cpp).
#ifndef KINDS_H
#define KINDS_H

#include <stdexcept>
#include <string>
#include <vector>

// Static constructors: every translation unit has a global Registrar whose
// constructor runs before main and records the unit's name here. The
// vector is a static local of an inline function, one instance for the
// whole program (a comdat every unit, native or bitcode, defines).
inline std::vector<std::string> &registry() {
  static std::vector<std::string> names;
  return names;
}
struct Registrar {
  explicit Registrar(const char *name) { registry().push_back(name); }
};

// A counter every unit bumps through the same inline function: the bitcode
// and the native object must share one variable, whichever copy the linker
// keeps.
inline int &shared_counter() {
  static int count;
  return count;
}

// An inline variable (linkonce_odr, in a comdat): parse.cpp's tally_up, which
// nothing calls, is its only use in bitcode, so after internalization the IR
// has no use left; the native object's native_tally uses it. Whichever copy
// the linker keeps must be in the program.
inline int tally = 0;
void tally_up(); // parse.cpp; nobody calls it
int native_tally(); // native.cpp

// Weak/comdat template instantiations (linkonce_odr, in a comdat) used from
// several units, native and bitcode: sum_of<int> everywhere; sum_of<long>
// and sum_of<long long>, largest_of<long> and largest_of<long long> from two
// bitcode units each (the pairs are the same code on x86-64, for ltofold to
// fold).
template <typename T> T sum_of(const std::vector<T> &values) {
  T total = 0;
  for (const T &value : values)
    total += value * static_cast<T>(shared_counter() + 1);
  return total;
}
template <typename T> T largest_of(const std::vector<T> &values) {
  T best = values.empty() ? T() : values.front();
  for (const T &value : values)
    if (best < value)
      best = value;
  return best;
}

// Exceptions across translation units: thrown in parse.cpp (bitcode) and in
// native.cpp, caught in main.cpp and native.cpp. Its key function (the
// destructor) is in parse.cpp, so the vtable and type_info are defined
// there, in bitcode, and the native object refers to them.
class ParseError : public std::runtime_error {
public:
  ParseError(const std::string &what, int position);
  ~ParseError() override;
  int position() const { return position_; }

private:
  int position_;
};
// Thrown by the native object only; no key function: the type_info is a
// comdat in every unit that uses it.
struct RangeError {
  long value;
};

long parse_number(const std::string &text); // parse.cpp; throws ParseError
long checked_scale(long value);            // parse.cpp; throws RangeError via native
int scale_factor();                        // weak in parse.cpp, strong in main.cpp
long long parse_total(const std::vector<std::string> &texts); // parse.cpp
const char *banner();                      // weak in shapes.cpp, strong in native.cpp

// Virtual calls: Shape's implementations live in shapes.cpp; main.cpp and
// native.cpp call through the vtables only.
class Shape {
public:
  virtual ~Shape();
  virtual const char *name() const = 0;
  virtual long area() const = 0;
  virtual long perimeter() const = 0;
  virtual long corners() const { return 0; }
};
std::vector<Shape *> make_shapes(const std::vector<long> &sizes); // shapes.cpp
long total_area(const std::vector<Shape *> &shapes);              // native.cpp

// native.cpp: calls back into bitcode and throws across the boundary.
long native_sum(const std::vector<int> &values);
long native_parse_all(const std::vector<std::string> &texts, std::vector<long> &out);
void native_check_range(long value); // throws RangeError
int native_counter();
extern int native_calls; // defined in native.cpp, written by bitcode

#endif
