#include "fn_tree.h"

#include <stdlib.h>
#include <string.h>

static uint64_t mix_priority(uint64_t x) { /* splitmix64 */
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

void fn_tree_init(fn_tree *tree, ltofold_comparator *comparator) {
  tree->root = NULL;
  tree->comparator = comparator;
  ptr_map_init(&tree->nodes);
  ptr_map_init(&tree->unfolded_in);
  tree->next_priority_seed = 0;
  tree->size = 0;
}

static void free_subtree(fn_tree_node *node) {
  while (node) {
    free_subtree(node->left);
    fn_tree_node *right = node->right;
    free(node->unfolded);
    free(node);
    node = right;
  }
}

void fn_tree_free(fn_tree *tree) {
  free_subtree(tree->root);
  tree->root = NULL;
  ptr_map_free(&tree->nodes);
  ptr_map_free(&tree->unfolded_in);
  tree->size = 0;
}

static int compare_nodes(fn_tree *tree, LLVMValueRef function, uint64_t hash,
                         const fn_tree_node *node) {
  if (hash != node->hash)
    return hash < node->hash ? -1 : 1;
  return ltofold_compare_functions(tree->comparator, function, node->function);
}

/* Makes the link that pointed to `old` point to `new_child`. */
static void replace_child(fn_tree *tree, fn_tree_node *parent,
                          fn_tree_node *old, fn_tree_node *new_child) {
  if (!parent)
    tree->root = new_child;
  else if (parent->left == old)
    parent->left = new_child;
  else
    parent->right = new_child;
  if (new_child)
    new_child->parent = parent;
}

/* Lifts `child` above its parent, keeping the in-order sequence. */
static void rotate_up(fn_tree *tree, fn_tree_node *child) {
  fn_tree_node *parent = child->parent;
  replace_child(tree, parent->parent, parent, child);
  if (parent->left == child) {
    parent->left = child->right;
    if (child->right)
      child->right->parent = parent;
    child->right = parent;
  } else {
    parent->right = child->left;
    if (child->left)
      child->left->parent = parent;
    child->left = parent;
  }
  parent->parent = child;
}

fn_tree_node *fn_tree_insert(fn_tree *tree, LLVMValueRef function,
                             uint64_t hash) {
  fn_tree_node *parent = NULL, **link = &tree->root;
  while (*link) {
    parent = *link;
    int order = compare_nodes(tree, function, hash, parent);
    if (order == 0)
      return parent;
    link = order < 0 ? &parent->left : &parent->right;
  }
  fn_tree_node *node = calloc(1, sizeof *node);
  if (!node)
    abort();
  node->function = function;
  node->hash = hash;
  node->priority = mix_priority(tree->next_priority_seed++);
  node->parent = parent;
  *link = node;
  while (node->parent && node->parent->priority < node->priority)
    rotate_up(tree, node);
  ptr_map_put(&tree->nodes, function, (uint64_t)(uintptr_t)node);
  tree->size++;
  return NULL;
}

bool fn_tree_remove(fn_tree *tree, LLVMValueRef function,
                    void (*release)(LLVMValueRef, void *), void *data) {
  uint64_t slot;
  if (!ptr_map_get(&tree->nodes, function, &slot))
    return false;
  fn_tree_node *node = (fn_tree_node *)(uintptr_t)slot;
  /* Rotate the node down, always lifting the child of higher priority, until
   * it has at most one child; then splice it out. */
  while (node->left && node->right)
    rotate_up(tree, node->left->priority > node->right->priority ? node->left
                                                                 : node->right);
  replace_child(tree, node->parent, node, node->left ? node->left : node->right);
  ptr_map_remove(&tree->nodes, function);
  for (size_t i = 0; i < node->unfolded_count; ++i) {
    ptr_map_remove(&tree->unfolded_in, node->unfolded[i]);
    if (release)
      release(node->unfolded[i], data);
  }
  free(node->unfolded);
  free(node);
  tree->size--;
  return true;
}

void fn_tree_remove_unfolded(fn_tree *tree, LLVMValueRef function) {
  uint64_t slot;
  if (!ptr_map_get(&tree->unfolded_in, function, &slot))
    return;
  fn_tree_node *node = (fn_tree_node *)(uintptr_t)slot;
  for (size_t i = 0; i < node->unfolded_count; ++i)
    if (node->unfolded[i] == function) {
      memmove(&node->unfolded[i], &node->unfolded[i + 1],
              (node->unfolded_count - i - 1) * sizeof *node->unfolded);
      node->unfolded_count--;
      break;
    }
  ptr_map_remove(&tree->unfolded_in, function);
}

void fn_tree_add_unfolded(fn_tree *tree, fn_tree_node *node,
                          LLVMValueRef function) {
  fn_tree_remove_unfolded(tree, function);
  if (node->unfolded_count == node->unfolded_capacity) {
    node->unfolded_capacity = node->unfolded_capacity ? node->unfolded_capacity * 2 : 4;
    node->unfolded = realloc(node->unfolded,
                             node->unfolded_capacity * sizeof *node->unfolded);
    if (!node->unfolded)
      abort();
  }
  node->unfolded[node->unfolded_count++] = function;
  ptr_map_put(&tree->unfolded_in, function, (uint64_t)(uintptr_t)node);
}

void fn_tree_replace(fn_tree *tree, fn_tree_node *node, LLVMValueRef function) {
  ptr_map_remove(&tree->nodes, node->function);
  node->function = function;
  ptr_map_put(&tree->nodes, function, (uint64_t)(uintptr_t)node);
}

bool fn_tree_contains(const fn_tree *tree, LLVMValueRef function) {
  return ptr_map_get(&tree->nodes, function, NULL);
}
