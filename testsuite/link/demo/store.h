// A tiny workshop planner: the generic storage it is built on.
//
// The demo exists to give ltofold real template duplication to fold. Every
// record type below is stored through the same templates (Pool, Index,
// Ranking), and several record types share one layout, so the compiler emits
// one copy of each container routine per type whose machine code is the same:
// std::vector<T*>::push_back's slow path, std::map<uint32_t, T*> insertion and
// teardown, std::unordered_map<std::string, T*> rehashing, std::sort over
// T* by name, destruction of std::unique_ptr<T>, and so on.
#ifndef DEMO_STORE_H
#define DEMO_STORE_H

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace demo {

// FNV-1a over bytes: the checksums the program prints.
inline uint64_t fnv1a(uint64_t hash, const void *data, size_t size) {
  const unsigned char *bytes = static_cast<const unsigned char *>(data);
  for (size_t i = 0; i != size; ++i) {
    hash ^= bytes[i];
    hash *= 1099511628211ull;
  }
  return hash;
}
inline uint64_t fnv1a(uint64_t hash, const std::string &text) {
  return fnv1a(hash, text.data(), text.size());
}
inline uint64_t fnv1a(uint64_t hash, uint64_t value) {
  return fnv1a(hash, &value, sizeof value);
}
constexpr uint64_t fnv_basis = 14695981039346656037ull;

// Owns records of one type; hands out stable pointers.
template <typename T> class Pool {
public:
  T *add(std::unique_ptr<T> record) {
    records_.push_back(std::move(record));
    return records_.back().get();
  }
  size_t size() const { return records_.size(); }
  T *at(size_t i) const { return records_[i].get(); }
  // Removes every record for which drop(record) holds, keeping the order.
  template <typename Pred> size_t remove_if(Pred drop) {
    auto end = std::remove_if(records_.begin(), records_.end(),
                              [&](const std::unique_ptr<T> &r) { return drop(*r); });
    size_t removed = records_.end() - end;
    records_.erase(end, records_.end());
    return removed;
  }

private:
  std::vector<std::unique_ptr<T>> records_;
};

// Looks records up by id (ordered) and by name (hashed).
template <typename T> class Index {
public:
  void insert(T *record) {
    by_id_[record->id] = record;
    by_name_.emplace(record->name, record);
  }
  void erase(T *record) {
    by_id_.erase(record->id);
    by_name_.erase(record->name);
  }
  T *find(uint32_t id) const {
    auto it = by_id_.find(id);
    return it == by_id_.end() ? nullptr : it->second;
  }
  T *find(const std::string &name) const {
    auto it = by_name_.find(name);
    return it == by_name_.end() ? nullptr : it->second;
  }
  // Records with ids in [low, high], in id order.
  std::vector<T *> range(uint32_t low, uint32_t high) const {
    std::vector<T *> out;
    for (auto it = by_id_.lower_bound(low); it != by_id_.end() && it->first <= high; ++it)
      out.push_back(it->second);
    return out;
  }
  size_t size() const { return by_id_.size(); }

private:
  std::map<uint32_t, T *> by_id_;
  std::unordered_map<std::string, T *> by_name_;
};

// A sorted view: records ordered by name, ties by id.
template <typename T> std::vector<T *> by_name(const Pool<T> &pool) {
  std::vector<T *> view;
  for (size_t i = 0; i != pool.size(); ++i)
    view.push_back(pool.at(i));
  std::sort(view.begin(), view.end(), [](const T *a, const T *b) {
    if (a->name != b->name)
      return a->name < b->name;
    return a->id < b->id;
  });
  return view;
}

// The k records with the largest weight(), heaviest first.
template <typename T> std::vector<T *> heaviest(const Pool<T> &pool, size_t k) {
  std::vector<T *> view;
  for (size_t i = 0; i != pool.size(); ++i)
    view.push_back(pool.at(i));
  k = std::min(k, view.size());
  std::partial_sort(view.begin(), view.begin() + k, view.end(),
                    [](const T *a, const T *b) {
                      if (a->weight() != b->weight())
                        return a->weight() > b->weight();
                      return a->id < b->id;
                    });
  view.resize(k);
  return view;
}

// A checksum over every record of a pool, in name order.
template <typename T> uint64_t checksum(const Pool<T> &pool) {
  uint64_t hash = fnv_basis;
  for (T *record : by_name(pool)) {
    hash = fnv1a(hash, record->name);
    hash = fnv1a(hash, record->id);
    hash = fnv1a(hash, static_cast<uint64_t>(record->weight()));
  }
  return hash;
}

// Counts of small values (enums, ids modulo something) in first-seen order.
template <typename V> class Tally {
public:
  void add(V value) {
    for (size_t i = 0; i != values_.size(); ++i)
      if (values_[i] == value) {
        counts_[i]++;
        return;
      }
    values_.push_back(value);
    counts_.push_back(1);
  }
  uint64_t checksum() const {
    uint64_t hash = fnv_basis;
    for (size_t i = 0; i != values_.size(); ++i) {
      hash = fnv1a(hash, static_cast<uint64_t>(values_[i]));
      hash = fnv1a(hash, counts_[i]);
    }
    return hash;
  }
  size_t distinct() const { return values_.size(); }

private:
  std::vector<V> values_;
  std::vector<uint64_t> counts_;
};

} // namespace demo

#endif
