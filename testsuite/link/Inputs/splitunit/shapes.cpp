// A class with virtual functions (gold-split-lto-unit.test): compiled with
// -fsplit-lto-unit, its vtable goes to a second, regular-LTO module of the
// object.
#include <cstdio>

struct Shape {
  virtual int corners() const { return 0; }
  virtual ~Shape() {}
};
struct Square : Shape {
  int corners() const override { return 4; }
};

Shape *make(int kind) { return kind ? new Square : new Shape; }

int main(int argc, char **) {
  Shape *s = make(argc);
  std::printf("%d\n", s->corners());
  delete s;
  return 0;
}
