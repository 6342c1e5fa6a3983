static int helper(int x) { return low_step(x); }

int middle_step(int x) {
  const char *text = "top_step(x)";
  return helper(x) + (text != 0);
}
