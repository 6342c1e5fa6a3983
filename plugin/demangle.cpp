// Readable symbol names (demangle.h), by LLVM's demangler (Itanium C++,
// Rust, D and Microsoft names): the LLVM-C API has none. The Itanium
// partial demangler gives a function's name without its return type and
// parameters, and its parameter list, which the short forms need.
#include "demangle.h"

#include <llvm/Demangle/Demangle.h>

#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

// The suffixes merge gives the functions it makes, and how they read.
struct ltofold_suffix {
  const char *suffix;
  const char *marker;
};
const ltofold_suffix ltofold_suffixes[] = {
    {".ltofold.similar", " (merged body)"}, // merge/similar.c
    {".ltofold.body", " (shared body)"},    // merge/merge.c
};

// Splits ltofold's suffixes off `symbol`: returns the symbol without them
// and sets `markers` to theirs, in the order they were added.
std::string strip_ltofold_suffixes(const std::string &symbol,
                                   std::string &markers) {
  std::string base = symbol;
  markers.clear();
  for (bool found = true; found;) {
    found = false;
    for (const ltofold_suffix &s : ltofold_suffixes) {
      size_t length = strlen(s.suffix);
      if (base.size() > length &&
          base.compare(base.size() - length, length, s.suffix) == 0) {
        base.erase(base.size() - length);
        markers.insert(0, s.marker);
        found = true;
      }
    }
  }
  return base;
}

// A string the partial demangler printed (malloc'd, or NULL), taken over.
std::string take_printed(char *printed, const std::string &otherwise) {
  if (!printed)
    return otherwise;
  std::string text = printed;
  free(printed);
  return text;
}

// The forms of demangle.h, shortest first.
enum {
  FORM_NAME,
  FORM_PARAMETERS,
  FORM_WHOLE,
  FORM_BRACKETED,
  FORM_SYMBOL,
  FORM_COUNT
};

struct symbol_entry {
  std::string forms[FORM_COUNT];
  int form = FORM_NAME;
};

void fill_forms(const std::string &symbol, symbol_entry &entry) {
  std::string markers;
  std::string base = strip_ltofold_suffixes(symbol, markers);
  std::string whole = llvm::demangle(base);
  std::string name = whole, parameters = whole;
  llvm::ItaniumPartialDemangler demangler;
  if (!demangler.partialDemangle(base.c_str()) && demangler.isFunction()) {
    name = take_printed(demangler.getFunctionName(nullptr, nullptr), whole);
    parameters =
        name +
        take_printed(demangler.getFunctionParameters(nullptr, nullptr), "");
  }
  entry.forms[FORM_NAME] = name + markers;
  entry.forms[FORM_PARAMETERS] = parameters + markers;
  entry.forms[FORM_WHOLE] = whole + markers;
  entry.forms[FORM_BRACKETED] = whole + markers + " [" + symbol + "]";
  entry.forms[FORM_SYMBOL] = symbol;
}

} // namespace

struct ltofold_symbol_names {
  std::unordered_map<std::string, symbol_entry> entries;
  bool settled = false;
};

// Every symbol takes its shortest form; while some names are shared by
// different symbols, each of those takes its next form. A symbol in its
// last form (itself) is unique, so each round that finds a shared name
// moves at least one symbol on, and the rounds end. The result depends on
// the set only, not on the order symbols were added.
static void settle(ltofold_symbol_names *names) {
  for (auto &[symbol, entry] : names->entries)
    fill_forms(symbol, entry);
  for (bool moved = true; moved;) {
    moved = false;
    std::map<std::string, std::vector<symbol_entry *>> by_name;
    for (auto &[symbol, entry] : names->entries)
      by_name[entry.forms[entry.form]].push_back(&entry);
    for (auto &[name, sharing] : by_name) {
      if (sharing.size() < 2)
        continue;
      for (symbol_entry *entry : sharing)
        if (entry->form < FORM_SYMBOL) {
          ++entry->form;
          moved = true;
        }
    }
  }
  names->settled = true;
}

extern "C" char *ltofold_demangle(const char *name) {
  symbol_entry entry;
  fill_forms(name, entry);
  const std::string &whole = entry.forms[FORM_WHOLE];
  if (whole == name)
    return nullptr;
  return strdup(whole.c_str());
}

extern "C" ltofold_symbol_names *ltofold_symbol_names_new(void) {
  return new ltofold_symbol_names;
}

extern "C" void ltofold_symbol_names_add(ltofold_symbol_names *names,
                                         const char *symbol) {
  if (names->settled)
    abort(); // a caller's mistake: the names read so far would change
  names->entries.emplace(symbol, symbol_entry{});
}

extern "C" const char *ltofold_symbol_names_get(ltofold_symbol_names *names,
                                                const char *symbol) {
  if (!names->settled)
    settle(names);
  auto found = names->entries.find(symbol);
  if (found == names->entries.end())
    return symbol;
  return found->second.forms[found->second.form].c_str();
}

extern "C" void ltofold_symbol_names_free(ltofold_symbol_names *names) {
  delete names;
}
