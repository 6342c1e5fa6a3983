/* Internal to merge/: the tree of unique functions (the seed's FnTree).
 *
 * A treap ordered by (hash, comparator): O(log N) expected comparisons per
 * insert, and removal of a known function without any comparison, which
 * matters because a function is removed exactly when its body is about to
 * change and can no longer be compared consistently. Priorities come from a
 * counter run through a mixer, so the shape is deterministic. */
#ifndef LTOFOLD_FN_TREE_H
#define LTOFOLD_FN_TREE_H

#include "compare.h"

typedef struct fn_tree_node {
  LLVMValueRef function; /* the representative of its class */
  uint64_t hash;
  uint64_t priority;
  struct fn_tree_node *left, *right, *parent;
  /* Functions found equal to the representative that could not be folded
   * with it (a fold needs the same type, or a linkage the pair lacks), kept
   * so that later equal functions can fold with them instead. Not in the
   * tree; each is in at most one node's list. Owned array. */
  LLVMValueRef *unfolded;
  size_t unfolded_count, unfolded_capacity;
} fn_tree_node;

typedef struct fn_tree {
  fn_tree_node *root;
  ltofold_comparator *comparator; /* not owned */
  ptr_map nodes;                  /* function -> its node (uintptr_t) */
  ptr_map unfolded_in;            /* unfolded function -> node of its list */
  uint64_t next_priority_seed;
  size_t size;
} fn_tree;

void fn_tree_init(fn_tree *tree, ltofold_comparator *comparator);
void fn_tree_free(fn_tree *tree);
/* Inserts `function` unless an equal one is present. Returns the node of the
 * equal function, or NULL if `function` was inserted. */
fn_tree_node *fn_tree_insert(fn_tree *tree, LLVMValueRef function,
                             uint64_t hash);
/* Removes `function` if present; returns whether it was. No comparisons.
 * The node's unfolded functions are handed to `release` (may be NULL), one
 * by one, and leave the tree's bookkeeping. */
bool fn_tree_remove(fn_tree *tree, LLVMValueRef function,
                    void (*release)(LLVMValueRef, void *), void *data);
/* Adds `function` to the node's unfolded list (leaving any other list). */
void fn_tree_add_unfolded(fn_tree *tree, fn_tree_node *node,
                          LLVMValueRef function);
/* Takes `function` out of the unfolded list it is in, if any. */
void fn_tree_remove_unfolded(fn_tree *tree, LLVMValueRef function);
/* Puts `function` in place of the node's function (they compare equal). */
void fn_tree_replace(fn_tree *tree, fn_tree_node *node, LLVMValueRef function);
bool fn_tree_contains(const fn_tree *tree, LLVMValueRef function);

#endif
