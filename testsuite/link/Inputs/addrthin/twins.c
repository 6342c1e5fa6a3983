/* Two identical functions (gold-thin-address.test); nothing here takes
 * their address, so this unit's ThinLTO backend marks them
 * local_unnamed_addr. */
float sum_a(const int *a, int n) {
  float s = 3;
  for (int i = 0; i < n; i++)
    s += (float)(a[i] * 7) + (a[i] > 3 ? 3 : 0);
  return s;
}

float sum_b(const int *a, int n) {
  float s = 3;
  for (int i = 0; i < n; i++)
    s += (float)(a[i] * 7) + (a[i] > 3 ? 3 : 0);
  return s;
}
