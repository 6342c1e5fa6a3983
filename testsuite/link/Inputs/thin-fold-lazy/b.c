/* twin_b is twin_a of a.c; big_b is like nothing else. */
volatile int sink_b;

int twin_b(const int *values, int count) {
  int sum = 0;
  for (int i = 0; i < count; ++i)
    sum += values[i] * 3 + 1;
  return sum;
}

void big_b(void) {
  for (int i = 0; i < 3; ++i) {
    sink_b = i;
    sink_b = sink_b * 5 + i;
    sink_b = sink_b ^ 7;
  }
  sink_b = 11;
}
