// A class hierarchy with several targets for each virtual call
// (gold-parts-funnel.test).
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
