// The workshop planner's records and the three parts of the program:
// the catalog (catalog.cpp), the build plan (plan.cpp) and the driver
// (main.cpp). Part, Supplier and Machine have the same layout on purpose:
// a real code base grows such look-alike records, and each gets its own
// copy of every container routine.
#ifndef DEMO_WORKSHOP_H
#define DEMO_WORKSHOP_H

#include "store.h"

#include <cstdio>
#include <deque>
#include <set>

namespace demo {

enum class Material : int { steel, oak, brass, glass, rubber };
enum class Shift : int { early, day, late, night };

struct Part {
  uint32_t id;
  uint32_t stock;
  int64_t cost_cents;
  std::string name;
  uint64_t weight() const { return stock * static_cast<uint64_t>(cost_cents); }
};

struct Supplier {
  uint32_t id;
  uint32_t rating;
  int64_t credit_cents;
  std::string name;
  uint64_t weight() const { return rating * static_cast<uint64_t>(credit_cents); }
};

struct Machine {
  uint32_t id;
  uint32_t hours;
  int64_t rate_cents;
  std::string name;
  uint64_t weight() const { return hours * static_cast<uint64_t>(rate_cents); }
};

// A visitor over the catalog's records; each concrete visitor computes one
// summary.
class Visitor {
public:
  virtual ~Visitor() = default;
  virtual void visit(const Part &part) = 0;
  virtual void visit(const Supplier &supplier) = 0;
  virtual void visit(const Machine &machine) = 0;
};

// Deterministic pseudo-random numbers (a 64-bit LCG), so runs compare equal.
struct Random {
  uint64_t state;
  uint32_t next() {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<uint32_t>(state >> 33);
  }
};

struct Catalog {
  Pool<Part> parts;
  Pool<Supplier> suppliers;
  Pool<Machine> machines;
  Index<Part> part_index;
  Index<Supplier> supplier_index;
  Index<Machine> machine_index;
  Tally<Material> materials;
  Tally<Shift> shifts;
  Tally<int> part_buckets;
  Tally<unsigned> supplier_buckets;
};

// catalog.cpp
void fill_catalog(Catalog &catalog, Random &random, unsigned scale);
void retire_records(Catalog &catalog, uint32_t every);
void accept(const Catalog &catalog, Visitor &visitor);
void print_catalog(const Catalog &catalog);

// plan.cpp: a build plan, a dependency graph between parts, suppliers
// and machines.
struct PlanSummary {
  size_t steps;
  size_t reachable;
  uint64_t order_checksum;
};
PlanSummary plan_builds(const Catalog &catalog, Random &random);

} // namespace demo

#endif
