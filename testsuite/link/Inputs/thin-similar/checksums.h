long p_checksum(const long *values, int count);
long q_checksum(const long *values, int count);
long r_checksum(const long *values, int count);
long s_checksum(const long *values, int count);
long p_weigh(const long *values, int count);
long q_weigh(const long *values, int count);
long r_weigh(const long *values, int count);
