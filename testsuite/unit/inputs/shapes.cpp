// Second template-heavy input: class hierarchies behind std::unique_ptr,
// visitors through std::function, and string-keyed maps, instantiated for
// several types. Linked with containers.cpp into one module.
#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace shapes {

struct Shape {
  virtual ~Shape() = default;
  virtual double area() const = 0;
  virtual std::string name() const = 0;
};

template <typename Scalar> struct Square : Shape {
  Scalar side;
  explicit Square(Scalar s) : side(s) {}
  double area() const override { return double(side) * double(side); }
  std::string name() const override { return "square"; }
};

template <typename Scalar> struct Rectangle : Shape {
  Scalar width, height;
  Rectangle(Scalar w, Scalar h) : width(w), height(h) {}
  double area() const override { return double(width) * double(height); }
  std::string name() const override { return "rectangle"; }
};

template <typename Scalar> struct Registry {
  std::vector<std::unique_ptr<Shape>> shapes;
  std::map<std::string, std::size_t> counts;

  void add(std::unique_ptr<Shape> shape) {
    ++counts[shape->name()];
    shapes.push_back(std::move(shape));
  }
  void fill(int n) {
    for (int i = 0; i < n; ++i) {
      if (i % 2)
        add(std::make_unique<Square<Scalar>>(static_cast<Scalar>(i)));
      else
        add(std::make_unique<Rectangle<Scalar>>(static_cast<Scalar>(i),
                                                static_cast<Scalar>(i + 1)));
    }
  }
  double largest() {
    std::sort(shapes.begin(), shapes.end(),
              [](const std::unique_ptr<Shape> &a, const std::unique_ptr<Shape> &b) {
                return a->area() > b->area();
              });
    return shapes.empty() ? 0.0 : shapes.front()->area();
  }
  void visit(const std::function<void(const Shape &)> &visitor) const {
    for (const auto &s : shapes)
      visitor(*s);
  }
};

template <typename T> struct Stack {
  std::vector<T> items;
  void push(const T &item) { items.push_back(item); }
  T pop() {
    T top = items.back();
    items.pop_back();
    return top;
  }
  bool empty() const { return items.empty(); }
};

template <typename T> T drain(int n) {
  Stack<T> stack;
  for (int i = 0; i < n; ++i)
    stack.push(static_cast<T>(i));
  T last{};
  while (!stack.empty())
    last = stack.pop();
  return last;
}

} // namespace shapes

#define SHAPES_ENTRY(T, NAME)                                                  \
  double largest_##NAME(int n) {                                               \
    shapes::Registry<T> registry;                                              \
    registry.fill(n);                                                          \
    double total = 0;                                                          \
    registry.visit([&total](const shapes::Shape &s) { total += s.area(); });   \
    return registry.largest() + total;                                         \
  }                                                                            \
  T drain_##NAME(int n) { return shapes::drain<T>(n); }

SHAPES_ENTRY(int, int)
SHAPES_ENTRY(unsigned, unsigned)
SHAPES_ENTRY(long, long)
SHAPES_ENTRY(unsigned long, ulong)
SHAPES_ENTRY(short, short)
SHAPES_ENTRY(float, float)
SHAPES_ENTRY(double, double)

std::map<std::string, std::string> rename_all(const std::vector<std::string> &names) {
  std::map<std::string, std::string> renamed;
  for (const auto &n : names)
    renamed[n] = n + "_renamed";
  return renamed;
}
