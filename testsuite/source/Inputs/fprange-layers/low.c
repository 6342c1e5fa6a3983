/* Calls middle_step() only in this comment. */
int low_step(int x) { return x + 1; }

int low_reaches_up(int x) { return top_step(x) + middle_step(x); }
