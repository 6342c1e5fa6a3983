/* Functions of three modules, some alike across them (thin-summaries.test). */
long a_total(const long *values, int count);
long b_total(const long *values, int count);
long c_total(const long *values, int count);
long a_sum(const long *values, int count);
long b_sum(const long *values, int count);
long a_scale(long x);
long b_scale(long x);
const char *a_name(int i);
const char *b_name(int i);
