struct counters { int seen[4]; long total; };
long handle_red(int value, int scale);
long handle_green(int value, int scale);
long handle_blue(int value, int scale);
long run_shapes(int argc_value);
