// Virtual calls with several targets (gold-parts-funnel.test): with
// -fwhole-program-vtables, LTO may jump through a branch funnel over the
// vtables of the whole hierarchy.
#include <cstdio>

#include "shapes.h"

int main() {
  int total = 0;
  for (int kind = 0; kind < 3; ++kind) {
    Shape *s = make(kind);
    std::printf("%s %d\n", s->name(), s->corners());
    total += s->corners();
    delete s;
  }
  std::printf("total %d\n", total);
  return 0;
}
