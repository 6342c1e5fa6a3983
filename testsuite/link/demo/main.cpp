// The workshop planner's driver: builds a catalog from a fixed seed, prints
// checksums of the catalog, its visitors' summaries and the build plans.
// Usage: workshop [SCALE]   (default 240). The output depends only on SCALE.
#include "workshop.h"

#include <cstdlib>

namespace demo {
namespace {

// Sums the weights of each kind of record.
class WeightVisitor : public Visitor {
public:
  void visit(const Part &part) override { parts_ += part.weight(); }
  void visit(const Supplier &supplier) override { suppliers_ += supplier.weight(); }
  void visit(const Machine &machine) override { machines_ += machine.weight(); }
  void print() const {
    std::printf("weights   parts=%llu suppliers=%llu machines=%llu\n",
                static_cast<unsigned long long>(parts_),
                static_cast<unsigned long long>(suppliers_),
                static_cast<unsigned long long>(machines_));
  }

private:
  uint64_t parts_ = 0, suppliers_ = 0, machines_ = 0;
};

// Collects the names of each kind of record (in visiting order, which is
// name order) and the longest name seen.
class NameVisitor : public Visitor {
public:
  void visit(const Part &part) override { note(parts_, part.name); }
  void visit(const Supplier &supplier) override { note(suppliers_, supplier.name); }
  void visit(const Machine &machine) override { note(machines_, machine.name); }
  void print() const {
    std::printf("names     parts=%zu suppliers=%zu machines=%zu longest=%s\n",
                parts_.size(), suppliers_.size(), machines_.size(), longest_.c_str());
    uint64_t hash = fnv_basis;
    for (const std::vector<std::string> *names : {&parts_, &suppliers_, &machines_})
      for (const std::string &name : *names)
        hash = fnv1a(hash, name);
    std::printf("names     checksum=%016llx\n", static_cast<unsigned long long>(hash));
  }

private:
  void note(std::vector<std::string> &names, const std::string &name) {
    names.push_back(name);
    if (name.size() > longest_.size() || (name.size() == longest_.size() && name < longest_))
      longest_ = name;
  }
  std::vector<std::string> parts_, suppliers_, machines_;
  std::string longest_;
};

} // namespace
} // namespace demo

int main(int argc, char **argv) {
  unsigned scale = argc > 1 ? static_cast<unsigned>(std::strtoul(argv[1], nullptr, 10)) : 240;
  demo::Random random{0x5eed};
  demo::Catalog catalog;
  demo::fill_catalog(catalog, random, scale);
  demo::print_catalog(catalog);

  demo::WeightVisitor weights;
  demo::NameVisitor names;
  demo::accept(catalog, weights);
  demo::accept(catalog, names);
  weights.print();
  names.print();

  demo::PlanSummary plan = demo::plan_builds(catalog, random);
  demo::retire_records(catalog, 7);
  demo::print_catalog(catalog);
  demo::PlanSummary after = demo::plan_builds(catalog, random);
  std::printf("total     steps=%zu->%zu reachable=%zu->%zu order=%016llx\n", plan.steps,
              after.steps, plan.reachable, after.reachable,
              static_cast<unsigned long long>(plan.order_checksum ^ after.order_checksum));
  return 0;
}
