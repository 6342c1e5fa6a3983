// Functions that each build and drop std::strings and std::vectors, and
// report errors through a function that does not return: after inlining,
// each holds its own copies of the destructors and of the error path, which
// merge-outline moves out and folds.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

[[noreturn]] void fail(const char *what, const std::string &detail);

std::string describe(int n) {
  std::string s = "number " + std::to_string(n);
  if (n < 0)
    s += " (negative)";
  return s;
}

size_t joined_length(const std::vector<std::string> &parts) {
  std::string all;
  for (const std::string &p : parts)
    all += p;
  return all.size();
}

int count_vowels(const char *text) {
  std::string s(text);
  int n = 0;
  for (char c : s)
    n += c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u';
  return n;
}

std::string shout(const std::string &word) {
  std::string loud = word;
  for (char &c : loud)
    if (c >= 'a' && c <= 'z')
      c = (char)(c - 'a' + 'A');
  return loud + "!";
}

long parse_or_fail(const char *text) {
  char *end;
  long v = std::strtol(text, &end, 10);
  if (*end != '\0')
    fail("not a number", std::string(text));
  return v;
}

long positive_or_fail(long v) {
  if (v <= 0)
    fail("not positive", std::to_string(v));
  return v;
}

std::vector<std::string> split(const std::string &text, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : text) {
    if (c == sep) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}

std::string longest(const std::vector<std::string> &words) {
  std::string best;
  for (const std::string &w : words)
    if (w.size() > best.size())
      best = w;
  return best;
}

// Loops whose bodies check each word and stop the program on a bad one:
// the error paths leave the loops for good, and merge-outline takes them
// from inside the loops by default.
long sum_numbers(const std::vector<std::string> &words) {
  long total = 0;
  for (const std::string &w : words) {
    char *end;
    long v = std::strtol(w.c_str(), &end, 10);
    if (*end != '\0' || v < 0)
      fail("not a count", w + " in a list of " + std::to_string(words.size()));
    total += v;
  }
  return total;
}

long widest(const std::vector<std::string> &words, long limit) {
  long best = 0;
  for (const std::string &w : words) {
    long n = (long)w.size();
    if (n > limit)
      fail("too long", w + " in a list of " + std::to_string(words.size()));
    best = n > best ? n : best;
  }
  return best;
}
