#include "tokens.h"

/* Reads decimal numbers and the operators between them. */
static int step(int c, long *state) {
  if (c >= '0' && c <= '9') {
    state[0] = state[0] * 10 + (c - '0');
    return 1;
  }
  switch (c) {
  case ' ':
  case ',':
    return 0;
  case '+':
    state[1] += state[0] * 3;
    break;
  case '-':
    state[1] -= state[0];
    break;
  case '*':
    state[1] = state[1] * (state[0] ? state[0] : 3);
    break;
  case '/':
    state[1] = state[0] ? state[1] / state[0] : -state[1];
    break;
  case '^':
    state[1] = state[1] * state[1] % 1000003;
    break;
  default:
    state[2] += c % 7;
    return -1;
  }
  state[3] = state[3] * 31 + state[1];
  state[0] = 0;
  return 2;
}

/* The same in both modules. */
static long total(const long *values, int count) {
  long sum = 0, weight = 1;
  for (int i = 0; i < count; ++i) {
    sum += values[i] * weight;
    weight = weight * 3 % 1000003;
  }
  return sum ^ (sum >> 7);
}

step_fn *decimal_step(void) { return step; }
total_fn *decimal_total(void) { return total; }
