#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

std::string describe(int n);
size_t joined_length(const std::vector<std::string> &parts);
int count_vowels(const char *text);
std::string shout(const std::string &word);
long parse_or_fail(const char *text);
long positive_or_fail(long v);
std::vector<std::string> split(const std::string &text, char sep);
std::string longest(const std::vector<std::string> &words);
long sum_numbers(const std::vector<std::string> &words);
long widest(const std::vector<std::string> &words, long limit);

[[noreturn]] void fail(const char *what, const std::string &detail) {
  std::printf("error: %s: %s\n", what, detail.c_str());
  std::exit(3);
}

int main(int argc, char **argv) {
  const char *text = argc > 1 ? argv[1] : "a quick brown fox jumps over the lazy dog";
  std::vector<std::string> words = split(text, ' ');
  std::printf("%zu words, %zu letters, %d vowels\n", words.size(),
              joined_length(words), count_vowels(text));
  std::string best = longest(words);
  std::printf("longest: %s -> %s\n", best.c_str(), shout(best).c_str());
  for (int i = -2; i <= 2; ++i)
    std::printf("%s\n", describe(i * 1000000007).c_str());
  std::printf("widest: %ld\n", widest(words, 12));
  for (int i = 2; i < argc; ++i)
    std::printf("%ld\n", positive_or_fail(parse_or_fail(argv[i])));
  if (argc > 2)
    std::printf("sum: %ld\n", sum_numbers(std::vector<std::string>(argv + 2, argv + argc)));
  return 0;
}
