#include "shelf.h"

Shelf<Tool> &tools() {
  static Shelf<Tool> shelf;
  return shelf;
}

void stock_tools(unsigned count) {
  for (unsigned i = 0; i != count; ++i)
    tools().put(i * 5 % 97, "tool-" + std::to_string(i * 11 % 19), 1.5 * (i % 4));
}
