/* twin_a is twin_b of b.c; big_a is like nothing else, and makes a.c the
 * bigger module (the plan makes the smaller one the home). */
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
  sink_a = 9;
  sink_a = 10;
  sink_a = 11;
  sink_a = 12;
  sink_a = 13;
  sink_a = 14;
  sink_a = 15;
  sink_a = 16;
  sink_a = 17;
  sink_a = 18;
  sink_a = 19;
  sink_a = 20;
  sink_a = 21;
  sink_a = 22;
  sink_a = 23;
  sink_a = 24;
  sink_a = 25;
  sink_a = 26;
  sink_a = 27;
  sink_a = 28;
  sink_a = 29;
  sink_a = 30;
  sink_a = 31;
  sink_a = 32;
}
