long p_checksum(const long *values, int count);
long q_checksum(const long *values, int count);
long r_checksum(const long *values, int count);
long s_checksum(const long *values, int count);
