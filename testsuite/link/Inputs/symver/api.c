/* A shared library with two versions of one function (gold-symver.test):
 * the names the program links against come from `.symver` in module asm
 * and the version script; the functions' own names are local to the
 * library, and only the asm names them. */
int api_v1(int x) { return x + 1; }
int api_v2(int x) { return x + 2; }
__asm__(".symver api_v1,api@VER_1");
__asm__(".symver api_v2,api@@VER_2");
