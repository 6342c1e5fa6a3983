/* measure and weigh are the same function: merge may fold them, but
 * measure must stay, for __real_measure, and defined here, where the
 * linker does not wrap its own references. */
__attribute__((noinline)) int measure(int x) {
  int r = 0;
  for (int i = 0; i < x; i++)
    r = r * 19 + (i ^ 2);
  return r;
}

__attribute__((noinline)) int weigh(int x) {
  int r = 0;
  for (int i = 0; i < x; i++)
    r = r * 19 + (i ^ 2);
  return r;
}
