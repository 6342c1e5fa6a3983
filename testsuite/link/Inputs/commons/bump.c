/* A common symbol (-fcommon) defined in two units (gold-thinlto.test). */
int shared_count;
int bump(void) { return ++shared_count; }
