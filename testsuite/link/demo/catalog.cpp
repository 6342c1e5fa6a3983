// The catalog: fills the pools and indexes with generated records, retires
// some, walks them with a visitor and prints checksums of what is left.
#include "workshop.h"

namespace demo {

namespace {

const char *const syllables[] = {"ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo",
                                 "ze", "ba", "do", "fu", "gi", "ha", "jo", "pe"};

std::string make_name(Random &random, const char *prefix) {
  std::string name = prefix;
  unsigned length = 2 + random.next() % 3;
  for (unsigned i = 0; i != length; ++i)
    name += syllables[random.next() % 16];
  return name;
}

// Adds a record to its pool and index unless its name is taken.
template <typename T>
bool add_unique(Pool<T> &pool, Index<T> &index, std::unique_ptr<T> record) {
  if (index.find(record->name))
    return false;
  index.insert(pool.add(std::move(record)));
  return true;
}

template <typename T>
size_t retire(Pool<T> &pool, Index<T> &index, uint32_t every) {
  std::vector<T *> doomed;
  for (size_t i = 0; i != pool.size(); ++i)
    if (pool.at(i)->id % every == 0)
      doomed.push_back(pool.at(i));
  for (T *record : doomed)
    index.erase(record);
  return pool.remove_if([every](const T &r) { return r.id % every == 0; });
}

template <typename T> void print_pool(const char *what, const Pool<T> &pool,
                                      const Index<T> &index) {
  std::printf("%-9s count=%zu indexed=%zu checksum=%016llx\n", what, pool.size(),
              index.size(), static_cast<unsigned long long>(checksum(pool)));
  for (T *record : heaviest(pool, 3))
    std::printf("  heavy %-12s id=%u weight=%llu\n", record->name.c_str(),
                record->id, static_cast<unsigned long long>(record->weight()));
  std::vector<T *> window = index.range(40, 60);
  uint64_t hash = fnv_basis;
  for (T *record : window)
    hash = fnv1a(hash, record->name);
  std::printf("  ids 40..60: %zu records, checksum=%016llx\n", window.size(),
              static_cast<unsigned long long>(hash));
}

} // namespace

void fill_catalog(Catalog &catalog, Random &random, unsigned scale) {
  for (uint32_t id = 1; id <= scale; ++id) {
    std::unique_ptr<Part> part(
        new Part{id, random.next() % 500, 100 + random.next() % 90000, make_name(random, "p-")});
    catalog.materials.add(static_cast<Material>(random.next() % 5));
    catalog.part_buckets.add(static_cast<int>(part->stock % 7));
    add_unique(catalog.parts, catalog.part_index, std::move(part));
  }
  for (uint32_t id = 1; id <= scale / 2; ++id) {
    std::unique_ptr<Supplier> supplier(
        new Supplier{id, 1 + random.next() % 5, random.next() % 1000000, make_name(random, "s-")});
    catalog.supplier_buckets.add(supplier->rating);
    add_unique(catalog.suppliers, catalog.supplier_index, std::move(supplier));
  }
  for (uint32_t id = 1; id <= scale / 3; ++id) {
    std::unique_ptr<Machine> machine(
        new Machine{id, random.next() % 2000, 1500 + random.next() % 9000, make_name(random, "m-")});
    catalog.shifts.add(static_cast<Shift>(random.next() % 4));
    add_unique(catalog.machines, catalog.machine_index, std::move(machine));
  }
}

void retire_records(Catalog &catalog, uint32_t every) {
  size_t parts = retire(catalog.parts, catalog.part_index, every);
  size_t suppliers = retire(catalog.suppliers, catalog.supplier_index, every + 1);
  size_t machines = retire(catalog.machines, catalog.machine_index, every + 2);
  std::printf("retired   parts=%zu suppliers=%zu machines=%zu\n", parts, suppliers,
              machines);
}

void accept(const Catalog &catalog, Visitor &visitor) {
  for (Part *part : by_name(catalog.parts))
    visitor.visit(*part);
  for (Supplier *supplier : by_name(catalog.suppliers))
    visitor.visit(*supplier);
  for (Machine *machine : by_name(catalog.machines))
    visitor.visit(*machine);
}

void print_catalog(const Catalog &catalog) {
  print_pool("parts", catalog.parts, catalog.part_index);
  print_pool("suppliers", catalog.suppliers, catalog.supplier_index);
  print_pool("machines", catalog.machines, catalog.machine_index);
  std::printf("tallies   materials=%zu/%016llx shifts=%zu/%016llx\n",
              catalog.materials.distinct(),
              static_cast<unsigned long long>(catalog.materials.checksum()),
              catalog.shifts.distinct(),
              static_cast<unsigned long long>(catalog.shifts.checksum()));
  std::printf("buckets   parts=%zu/%016llx suppliers=%zu/%016llx\n",
              catalog.part_buckets.distinct(),
              static_cast<unsigned long long>(catalog.part_buckets.checksum()),
              catalog.supplier_buckets.distinct(),
              static_cast<unsigned long long>(catalog.supplier_buckets.checksum()));
}

} // namespace demo
