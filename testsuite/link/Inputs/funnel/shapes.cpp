// Virtual calls with several targets (gold-parts-funnel.test): with
// -fwhole-program-vtables, LTO may jump through a branch funnel over the
// vtables of the whole hierarchy.
#include <cstdio>

struct Shape {
  virtual ~Shape() {}
  virtual int corners() const { return 0; }
  virtual const char *name() const { return "shape"; }
};
struct Triangle : Shape {
  int corners() const override { return 3; }
  const char *name() const override { return "triangle"; }
};
struct Square : Shape {
  int corners() const override { return 4; }
  const char *name() const override { return "square"; }
};

Shape *make(int kind);

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
