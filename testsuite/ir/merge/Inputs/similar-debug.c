/* Handlers equal up to a tag and a counter: merged, with debug info. */
struct counters { int seen[4]; long total; };
static struct counters red, blue;

__attribute__((noinline)) static long handle_red(int value, int scale) {
  int tag = 17;
  long sum = 0;
  for (int i = 0; i < value; ++i) {
    sum += (long)i * scale + tag;
    red.seen[i & 3] += tag;
  }
  red.total += sum;
  return sum ^ tag;
}

__attribute__((noinline)) static long handle_blue(int value, int scale) {
  int tag = 29;
  long sum = 0;
  for (int i = 0; i < value; ++i) {
    sum += (long)i * scale + tag;
    blue.seen[i & 3] += tag;
  }
  blue.total += sum;
  return sum ^ tag;
}

long dispatch(int which, int value, int scale) {
  return which ? handle_red(value, scale) : handle_blue(value, scale);
}
