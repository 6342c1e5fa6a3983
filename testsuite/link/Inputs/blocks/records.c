/* Families of functions whose blocks match one for one, but one block of
 * each member does something else: record makers that, for some kinds,
 * log, weigh, or tag the record; a pair of exported formatters whose
 * addresses escape, one of which appends the name. No family differs
 * inside a loop. */
#include <stdio.h>
#include <string.h>

struct rec {
  int id, kind;
  double weight;
  char name[24];
};

int made, logged, rejected;
static char log_line[64];

__attribute__((noinline)) static void log_rec(const struct rec *r) {
  snprintf(log_line, sizeof log_line, "%s/%d", r->name, r->kind);
  logged++;
}

#define MAKER(fn, EXTRA)                                                    \
  __attribute__((noinline)) static int fn(struct rec *r, int v) {          \
    if (v < 0 || v > 100000) {                                               \
      rejected++;                                                            \
      return -1;                                                             \
    }                                                                        \
    r->id = v * 3 + 1;                                                       \
    r->kind = v & 7;                                                         \
    r->weight = v * 0.5 + r->kind;                                           \
    snprintf(r->name, sizeof r->name, "rec-%d-%d", v, r->kind);              \
    if (r->kind > 2) {                                                       \
      EXTRA;                                                                 \
    }                                                                        \
    made++;                                                                  \
    return r->id ^ (r->kind << 4);                                           \
  }
MAKER(make_plain, r->weight += 1)
MAKER(make_logged, log_rec(r))
MAKER(make_heavy, r->weight *= 2.5; r->id += (int)strlen(r->name))
MAKER(make_tagged, r->kind |= 8; r->name[0] = 'R')

/* Exported, address taken in main.c: members stay as thunks. */
#define FORMAT(fn, EXTRA)                                                   \
  int fn(const struct rec *r, char *out, int size) {                       \
    if (!r || size < 8)                                                      \
      return 0;                                                              \
    int n = snprintf(out, (size_t)size, "%d:%d:%.2f", r->id, r->kind,        \
                     r->weight);                                             \
    if (r->name[0]) {                                                        \
      EXTRA;                                                                 \
    }                                                                        \
    if (n >= size)                                                           \
      n = size - 1;                                                          \
    int h = 5381;                                                            \
    h = h * 33 + r->id;                                                      \
    h = h * 33 + r->kind;                                                    \
    h = h * 33 + (int)(r->weight * 16);                                      \
    h = h * 33 + r->name[0] * r->name[1];                                    \
    printf("format hash %d %d %d\n", h, h % 97, h / 13);                    \
    return n + r->name[0];                                                   \
  }
FORMAT(format_short, puts(out))
FORMAT(format_named, printf("%s named %s\n", out, r->name))

int run_records(int seed) {
  struct rec r;
  int total = 0;
  for (int i = 0; i < 6; ++i) {
    int v = seed * (i + 1) + i * 37;
    memset(&r, 0, sizeof r);
    total += make_plain(&r, v);
    total += make_logged(&r, v + 1);
    total += make_heavy(&r, v + 2);
    total += make_tagged(&r, v + 3);
    printf("%d %d %.3f %s %s\n", r.id, r.kind, r.weight, r.name, log_line);
  }
  return total;
}
