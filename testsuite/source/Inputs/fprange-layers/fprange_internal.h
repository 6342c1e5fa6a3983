/* The layers, bottom first:
 *
 *   low.h        low.c     the bottom (a row names middle.c in its text)
 *   this header  middle.c
 *                top.c     the top
 */
