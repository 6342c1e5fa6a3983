/* Readable names for the symbols ltofold prints (demangle.cpp).
 *
 * A report names functions by their symbols, which for C++ are mangled and
 * for the bodies merge makes carry a suffix of ltofold's own
 * (NAME.ltofold.similar, the merged body of a similar fold; NAME.ltofold.body,
 * the body two functions whose addresses matter both call). A reader wants
 * `WeightVisitor::visit (merged body)`, not
 * `_ZN13WeightVisitor5visitERK6Circle.ltofold.similar`; and where several
 * symbols are printed together (a fold group, a report diff), two different
 * symbols must never read alike. So names are made readable as a set: each
 * symbol gets the shortest of these forms that no other symbol of the set
 * shares,
 *
 *   1. the qualified name without return type or parameters
 *      (`demo::WeightVisitor::visit`);
 *   2. with its parameter list (`demo::WeightVisitor::visit(Circle const&)`),
 *      for overloads;
 *   3. the whole demangled form (return type, `const`, LLVM's clone
 *      suffixes such as ` (.llvm.1234)`), for overloads on qualifiers;
 *   4. that form followed by the symbol in brackets;
 *   5. the symbol itself, which is unique in a set by definition;
 *
 * each followed by ltofold's marker where the symbol has its suffix. A name
 * that is not mangled (C) reads as itself in every form. */
#ifndef LTOFOLD_DEMANGLE_H
#define LTOFOLD_DEMANGLE_H

#ifdef __cplusplus
extern "C" {
#endif

/* The whole demangled form of `name` (malloc'd), with ltofold's suffix
 * read as its marker (`foo() (merged body)`), or NULL when `name` is
 * neither mangled nor has such a suffix. For one name shown on its own
 * (the report page shows the symbol beside it). */
char *ltofold_demangle(const char *name);

/* A set of symbols printed together, and their readable names. */
typedef struct ltofold_symbol_names ltofold_symbol_names;

ltofold_symbol_names *ltofold_symbol_names_new(void);
/* Adds a symbol to the set (again: no effect). Not after a name was read. */
void ltofold_symbol_names_add(ltofold_symbol_names *names, const char *symbol);
/* The readable name of `symbol`, one of the set (else: the symbol itself),
 * owned by the set. The first call settles every name of the set. */
const char *ltofold_symbol_names_get(ltofold_symbol_names *names,
                                     const char *symbol);
void ltofold_symbol_names_free(ltofold_symbol_names *names);

#ifdef __cplusplus
}
#endif

#endif
