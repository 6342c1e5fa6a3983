#include "shelf.h"

Shelf<Book> &books() {
  static Shelf<Book> shelf;
  return shelf;
}

void stock_books(unsigned count) {
  for (unsigned i = 0; i != count; ++i)
    books().put(i * 7 % 101, "book-" + std::to_string(i * 13 % 17), 0.25 * (i % 9));
}
