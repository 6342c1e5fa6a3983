/* A function the sample profiles (compile.prof, link.prof) count:
 * gold-sample-profile.test. */
__attribute__((noinline)) int work(int x) {
  return x * 3 + 1;
}

int main(int argc, char **argv) {
  (void)argv;
  return work(argc) == 4 ? 0 : 1;
}
