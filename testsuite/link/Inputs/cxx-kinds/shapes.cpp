// gold-cxx-kinds.test: shapes behind virtual calls (bitcode). See kinds.h.
#include "kinds.h"

static Registrar registrar("shapes");

Shape::~Shape() {}

// Overridden by native.cpp's strong definition: the linker preempts this
// bitcode definition with a native one.
__attribute__((weak)) const char *banner() { return "weak banner from shapes.cpp"; }

namespace {
class Square : public Shape {
public:
  explicit Square(long side) : side_(side) {}
  const char *name() const override { return "square"; }
  long area() const override { return side_ * side_; }
  long perimeter() const override { return 4 * side_; }
  long corners() const override { return 4; }

private:
  long side_;
};

class Rectangle : public Shape {
public:
  explicit Rectangle(long side) : width_(side), height_(side + 1) {}
  const char *name() const override { return "rectangle"; }
  long area() const override { return width_ * height_; }
  long perimeter() const override { return 2 * (width_ + height_); }
  long corners() const override { return 4; }

private:
  long width_, height_;
};

class Triangle : public Shape {
public:
  explicit Triangle(long side) : side_(side) {}
  const char *name() const override { return "triangle"; }
  long area() const override { return side_ * side_ / 2; }
  long perimeter() const override { return 3 * side_; }
  long corners() const override { return 3; }

private:
  long side_;
};

class Circle : public Shape {
public:
  explicit Circle(long radius) : radius_(radius) {}
  const char *name() const override { return "circle"; }
  long area() const override { return 314 * radius_ * radius_ / 100; }
  long perimeter() const override { return 628 * radius_ / 100; }

private:
  long radius_;
};
} // namespace

std::vector<Shape *> make_shapes(const std::vector<long> &sizes) {
  std::vector<Shape *> shapes;
  for (long size : sizes) {
    switch (size % 4) {
    case 0:
      shapes.push_back(new Square(size));
      break;
    case 1:
      shapes.push_back(new Rectangle(size));
      break;
    case 2:
      shapes.push_back(new Triangle(size));
      break;
    default:
      shapes.push_back(new Circle(size));
    }
  }
  return shapes;
}
