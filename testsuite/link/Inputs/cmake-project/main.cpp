// Stocks both shelves and prints what is on them: the output a plain build
// and a build through ltofold must share.
#include "shelf.h"

#include <cstdio>
#include <cstdlib>

template <typename T> static void show(const char *what, const Shelf<T> &shelf) {
  auto order = shelf.sorted();
  std::printf("%s: %zu, weight %.2f, first %s, last %s\n", what, order.size(),
              shelf.total_weight(), order.front()->name.c_str(),
              order.back()->name.c_str());
  const T *found = shelf.find(14);
  std::printf("  id 14: %s\n", found ? found->name.c_str() : "none");
}

int main(int argc, char **argv) {
  unsigned count = argc > 1 ? unsigned(std::atoi(argv[1])) : 40;
  stock_books(count);
  stock_tools(count);
  show("books", books());
  show("tools", tools());
  return 0;
}
