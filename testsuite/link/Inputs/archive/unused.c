/* Archive member nothing refers to: lld must not pull it in, so ltofold must
 * never see (or report) these twins. */
int unused_twin_one(int x) { return x * 7 + 3; }
int unused_twin_two(int x) { return x * 7 + 3; }
