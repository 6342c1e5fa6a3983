/* The partitions program (gold-partitions.test, gold-cache.test): statics
 * and internalized globals used from many functions, so that cutting the
 * program into objects must make them visible across objects; similar
 * functions that merge folds; constructors; function addresses compared. */
int tally_add(int key, int amount);
int tally_sub(int key, int amount);
int tally_get(int key);
extern int shared_scale; /* defined in tally.c, used by main.c */
int weigh_small(int x);
int weigh_large(int x);
