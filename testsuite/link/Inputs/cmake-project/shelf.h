// Shelves of records of one layout (an id, a name, a weight), each kept by
// the same templates: the instantiations for Book and Tool compile to the
// same code, which ltofold folds.
#ifndef SHELVES_SHELF_H
#define SHELVES_SHELF_H

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

struct Book {
  uint32_t id;
  std::string name;
  double weight;
};
struct Tool {
  uint32_t id;
  std::string name;
  double weight;
};

template <typename T> class Shelf {
public:
  T *put(uint32_t id, std::string name, double weight) {
    items_.push_back(std::make_unique<T>(T{id, std::move(name), weight}));
    T *item = items_.back().get();
    by_id_[id] = item;
    return item;
  }
  const T *find(uint32_t id) const {
    auto found = by_id_.find(id);
    return found == by_id_.end() ? nullptr : found->second;
  }
  // The names in order, heaviest first on equal names.
  std::vector<const T *> sorted() const {
    std::vector<const T *> order;
    for (const auto &item : items_)
      order.push_back(item.get());
    std::sort(order.begin(), order.end(), [](const T *a, const T *b) {
      return a->name != b->name ? a->name < b->name : a->weight > b->weight;
    });
    return order;
  }
  double total_weight() const {
    double total = 0;
    for (const auto &item : items_)
      total += item->weight;
    return total;
  }

private:
  std::vector<std::unique_ptr<T>> items_;
  std::map<uint32_t, T *> by_id_;
};

Shelf<Book> &books();
Shelf<Tool> &tools();
void stock_books(unsigned count);
void stock_tools(unsigned count);

#endif
