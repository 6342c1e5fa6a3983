// The build plan: for each kind of record, a dependency graph (a record
// depends on records with smaller ids, so the graph is acyclic), a
// breadth-first walk from the first record and a topological order with
// ties broken by id. The same Graph template serves all three kinds.
#include "workshop.h"

#include <queue>

namespace demo {

namespace {

template <typename T> class Graph {
public:
  void add_node(T *node) { nodes_.push_back(node); }
  void add_edge(T *from, T *to) {
    successors_[from->id].push_back(to);
    predecessors_[to->id]++;
  }
  size_t node_count() const { return nodes_.size(); }

  // Nodes reachable from start, counted breadth first.
  size_t reachable_from(T *start) const {
    std::set<const T *> seen{start};
    std::deque<T *> work{start};
    while (!work.empty()) {
      T *node = work.front();
      work.pop_front();
      auto it = successors_.find(node->id);
      if (it == successors_.end())
        continue;
      for (T *next : it->second)
        if (seen.insert(next).second)
          work.push_back(next);
    }
    return seen.size();
  }

  // Kahn's algorithm; among ready nodes the smallest id goes first.
  std::vector<T *> topological_order() const {
    struct LaterId {
      bool operator()(const T *a, const T *b) const { return a->id > b->id; }
    };
    std::map<uint32_t, uint32_t> waiting = predecessors_;
    std::priority_queue<T *, std::vector<T *>, LaterId> ready;
    for (T *node : nodes_)
      if (!waiting.count(node->id))
        ready.push(node);
    std::vector<T *> order;
    while (!ready.empty()) {
      T *node = ready.top();
      ready.pop();
      order.push_back(node);
      auto it = successors_.find(node->id);
      if (it == successors_.end())
        continue;
      for (T *next : it->second)
        if (--waiting[next->id] == 0)
          ready.push(next);
    }
    return order;
  }

private:
  std::vector<T *> nodes_;
  std::map<uint32_t, std::vector<T *>> successors_;
  std::map<uint32_t, uint32_t> predecessors_;
};

template <typename T>
PlanSummary plan_one(const Pool<T> &pool, Random &random) {
  Graph<T> graph;
  std::vector<T *> sorted = by_name(pool);
  for (T *node : sorted)
    graph.add_node(node);
  // Edges go from a node to a few nodes later in name order: acyclic.
  for (size_t i = 0; i + 1 < sorted.size(); ++i) {
    unsigned fanout = 1 + random.next() % 3;
    for (unsigned k = 0; k != fanout; ++k) {
      size_t j = i + 1 + random.next() % std::min<size_t>(8, sorted.size() - i - 1);
      graph.add_edge(sorted[i], sorted[j]);
    }
  }
  PlanSummary summary{};
  std::vector<T *> order = graph.topological_order();
  summary.steps = order.size();
  summary.reachable = sorted.empty() ? 0 : graph.reachable_from(sorted.front());
  summary.order_checksum = fnv_basis;
  for (T *node : order)
    summary.order_checksum = fnv1a(summary.order_checksum, node->name);
  return summary;
}

void print_plan(const char *what, const PlanSummary &summary) {
  std::printf("plan %-9s steps=%zu reachable=%zu order=%016llx\n", what,
              summary.steps, summary.reachable,
              static_cast<unsigned long long>(summary.order_checksum));
}

} // namespace

PlanSummary plan_builds(const Catalog &catalog, Random &random) {
  PlanSummary parts = plan_one(catalog.parts, random);
  PlanSummary suppliers = plan_one(catalog.suppliers, random);
  PlanSummary machines = plan_one(catalog.machines, random);
  print_plan("parts", parts);
  print_plan("suppliers", suppliers);
  print_plan("machines", machines);
  PlanSummary total{};
  total.steps = parts.steps + suppliers.steps + machines.steps;
  total.reachable = parts.reachable + suppliers.reachable + machines.reachable;
  total.order_checksum = parts.order_checksum ^ suppliers.order_checksum ^
                         machines.order_checksum;
  return total;
}

} // namespace demo
