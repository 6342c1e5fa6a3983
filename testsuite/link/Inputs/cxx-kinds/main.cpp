// gold-cxx-kinds.test: the program's main (bitcode). See kinds.h.
#include "kinds.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

static Registrar registrar("main");

// The strong definition: parse.cpp's weak one (1) must lose to it.
int scale_factor() { return 3; }

static void print_sums(const std::vector<long> &numbers) {
  std::vector<int> ints;
  std::vector<long> longs;
  std::vector<long long> long_longs;
  for (long n : numbers) {
    ints.push_back(static_cast<int>(n));
    longs.push_back(n * 7);
    long_longs.push_back(n * 11);
  }
  printf("sums: %d %ld %lld native %ld\n", sum_of(ints), sum_of(longs), sum_of(long_longs),
         native_sum(ints));
  printf("largest: %ld %lld\n", largest_of(longs), largest_of(long_longs));
}

int main(int argc, char **argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty())
    args = {"12", "-7", "x3", "40", "99999", "5", "", "3-", "-1500", "8"};

  // Every unit's static constructor ran before main.
  std::vector<std::string> names = registry();
  std::sort(names.begin(), names.end());
  printf("registered:");
  for (const std::string &name : names)
    printf(" %s", name.c_str());
  printf("\n");
  printf("banner: %s\n", banner());
  printf("scale: %d\n", scale_factor());

  // ParseError thrown in parse.cpp, caught here.
  std::vector<long> numbers;
  for (const std::string &text : args) {
    try {
      numbers.push_back(parse_number(text));
    } catch (const ParseError &error) {
      printf("parse error: '%s': %s at %d\n", text.c_str(), error.what(), error.position());
    }
  }
  // RangeError thrown in native.cpp, through parse.cpp, caught here.
  for (long n : numbers) {
    try {
      long scaled = checked_scale(n);
      printf("scaled: %ld -> %ld\n", n, scaled);
    } catch (const RangeError &error) {
      printf("range error: %ld\n", error.value);
    }
  }
  // ParseError thrown in parse.cpp, caught in native.cpp.
  std::vector<long> parsed;
  long failures = native_parse_all(args, parsed);
  printf("native parse: %zu ok, %ld failed\n", parsed.size(), failures);

  print_sums(numbers);
  printf("parse total: %lld\n", parse_total({"4", "-9", "16"}));
  shared_counter() += 100;
  printf("counter: %d %d\n", shared_counter(), native_counter());

  // Virtual calls into shapes.cpp, from here and from native.cpp.
  std::vector<long> sizes;
  for (long n : numbers)
    sizes.push_back(std::labs(n) % 23 + 1);
  std::vector<Shape *> shapes = make_shapes(sizes);
  long area = 0;
  for (const Shape *shape : shapes) {
    printf("%s: area %ld perimeter %ld corners %ld\n", shape->name(), shape->area(),
           shape->perimeter(), shape->corners());
    area += shape->area();
  }
  printf("total area: %ld native %ld\n", area, total_area(shapes));
  for (Shape *shape : shapes)
    delete shape;
  printf("native calls: %d\n", native_calls);
  native_tally();
  printf("tally: %d\n", native_tally());
  return 0;
}
