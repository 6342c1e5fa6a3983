// Input built at -O0: the same small templates instantiated for types of one
// size and layout, so the module holds many near-identical (and many
// identical) unoptimized functions.
#include <cstddef>
#include <cstdint>

template <typename T> struct Pair {
  T first, second;
  T sum() const { return first + second; }
  T max() const { return first < second ? second : first; }
  void swap() {
    T t = first;
    first = second;
    second = t;
  }
};

template <typename T> T clamp(T x, T low, T high) {
  if (x < low)
    return low;
  if (high < x)
    return high;
  return x;
}

template <typename T> T sum_array(const T *values, std::size_t count) {
  T total = 0;
  for (std::size_t i = 0; i < count; ++i)
    total += values[i];
  return total;
}

template <typename T> T fib(T n) { return n < 2 ? n : fib<T>(n - 1) + fib<T>(n - 2); }

template <typename T> T exercise(T a, T b) {
  Pair<T> p{a, b};
  p.swap();
  T values[3] = {p.sum(), p.max(), clamp<T>(a, b, p.sum())};
  return sum_array<T>(values, 3) + fib<T>(a);
}

#define NEAR_ENTRY(T, NAME)                                                    \
  T exercise_##NAME(T a, T b) { return exercise<T>(a, b); }

NEAR_ENTRY(int, int)
NEAR_ENTRY(int32_t, int32)
NEAR_ENTRY(long, long)
NEAR_ENTRY(long long, llong)
NEAR_ENTRY(int64_t, int64)
NEAR_ENTRY(std::ptrdiff_t, ptrdiff)
NEAR_ENTRY(unsigned, unsigned)
NEAR_ENTRY(unsigned long, ulong)
NEAR_ENTRY(std::size_t, size)
NEAR_ENTRY(short, short)
NEAR_ENTRY(unsigned short, ushort)
NEAR_ENTRY(signed char, schar)
NEAR_ENTRY(float, float)
NEAR_ENTRY(double, double)
