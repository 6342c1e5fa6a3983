/* twin_a is twin_b of b.c; big_a is like nothing else. */
volatile int sink_a;

int twin_a(const int *values, int count) {
  int sum = 0;
  for (int i = 0; i < count; ++i)
    sum += values[i] * 3 + 1;
  return sum;
}

void big_a(void) {
  sink_a = 1;
  sink_a = 2;
  sink_a = 3;
  sink_a = 4;
  sink_a = 5;
  sink_a = 6;
  sink_a = 7;
  sink_a = 8;
}
