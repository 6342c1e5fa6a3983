// Template-heavy input for the comparator and merge unit tests: standard
// containers and algorithms instantiated for several element types, so the
// linked module holds many functions that are equal, or nearly, at the IR
// level (vector<int> vs vector<unsigned>, map<long,...> vs map<unsigned long,...>).
#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace containers {

template <typename T> struct Accumulator {
  std::vector<T> values;
  void add(T value) { values.push_back(value); }
  T total() const {
    T sum{};
    for (const T &v : values)
      sum += v;
    return sum;
  }
  void sort_descending() {
    std::sort(values.begin(), values.end(),
              [](const T &a, const T &b) { return b < a; });
  }
};

template <typename Key, typename Value> struct Index {
  std::map<Key, Value> entries;
  void put(Key key, Value value) { entries[key] = value; }
  Value get_or(Key key, Value fallback) const {
    auto it = entries.find(key);
    return it == entries.end() ? fallback : it->second;
  }
  std::size_t count_above(Value limit) const {
    return std::count_if(entries.begin(), entries.end(),
                         [limit](const auto &e) { return limit < e.second; });
  }
};

template <typename T> T apply_all(const std::vector<std::function<T(T)>> &fs, T x) {
  for (const auto &f : fs)
    x = f(x);
  return x;
}

template <typename T> std::unique_ptr<std::vector<T>> make_sorted(std::vector<T> in) {
  auto out = std::make_unique<std::vector<T>>(std::move(in));
  std::sort(out->begin(), out->end());
  out->erase(std::unique(out->begin(), out->end()), out->end());
  return out;
}

template <typename T> std::string describe(const std::vector<T> &v) {
  std::string text = "[";
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (i)
      text += ", ";
    text += std::to_string(v[i]);
  }
  return text + "]";
}

template <typename T> T run_accumulator(int n) {
  Accumulator<T> acc;
  for (int i = 0; i < n; ++i)
    acc.add(static_cast<T>(i * 7 % 13));
  acc.sort_descending();
  return acc.total();
}

template <typename K, typename V> V run_index(int n) {
  Index<K, V> index;
  for (int i = 0; i < n; ++i)
    index.put(static_cast<K>(i * 31 % 97), static_cast<V>(i));
  return index.get_or(static_cast<K>(5), static_cast<V>(-1)) +
         static_cast<V>(index.count_above(static_cast<V>(n / 2)));
}

} // namespace containers

// Entry points, external so that -O2 keeps the instantiations they reach.
#define CONTAINERS_ENTRY(T, NAME)                                              \
  T accumulate_##NAME(int n) { return containers::run_accumulator<T>(n); }     \
  std::size_t sorted_size_##NAME(std::vector<T> v) {                           \
    return containers::make_sorted<T>(std::move(v))->size();                   \
  }                                                                            \
  std::string describe_##NAME(const std::vector<T> &v) {                       \
    return containers::describe<T>(v);                                         \
  }                                                                            \
  T apply_##NAME(const std::vector<std::function<T(T)>> &fs, T x) {            \
    return containers::apply_all<T>(fs, x);                                    \
  }

CONTAINERS_ENTRY(int, int)
CONTAINERS_ENTRY(unsigned, unsigned)
CONTAINERS_ENTRY(long, long)
CONTAINERS_ENTRY(unsigned long, ulong)
CONTAINERS_ENTRY(long long, llong)
CONTAINERS_ENTRY(short, short)
CONTAINERS_ENTRY(double, double)
CONTAINERS_ENTRY(float, float)

long index_long_int(int n) { return containers::run_index<long, int>(n); }
unsigned long index_ulong_int(int n) {
  return containers::run_index<unsigned long, int>(n);
}
int index_int_int(int n) { return containers::run_index<int, int>(n); }
unsigned index_unsigned_unsigned(int n) {
  return containers::run_index<unsigned, unsigned>(n);
}
long index_long_long(int n) { return containers::run_index<long, long>(n); }
double index_int_double(int n) { return containers::run_index<int, double>(n); }
