int top_step(int x) { return middle_step(x) + low_step(x); }
