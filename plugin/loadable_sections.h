/* The loadable bytes of an ELF object or program (loadable_sections.cpp):
 * what a program occupies once loaded, beside its .text. Code that merging
 * or outlining removes from .text can come back elsewhere (each new
 * function has an unwind entry in .eh_frame and one in .eh_frame_hdr), so
 * the report records both (docs/report.md, "object"). */
#ifndef LTOFOLD_LOADABLE_SECTIONS_H
#define LTOFOLD_LOADABLE_SECTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Sets *bytes to the sum of the sizes of the sections of the ELF file
 * `data` (`size` bytes) that are allocated (SHF_ALLOC) and have contents
 * in the file (not SHT_NOBITS, as .bss and .tbss are not). Returns false,
 * leaving *bytes alone, when `data` is not an ELF object or program: other
 * formats say what is loaded in ways of their own, not measured here. */
bool ltofold_loadable_bytes(const char *data, size_t size, uint64_t *bytes);

#ifdef __cplusplus
}
#endif

#endif
