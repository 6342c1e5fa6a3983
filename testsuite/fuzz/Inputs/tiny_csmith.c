/* A program in csmith's layout, for csmith_twin.py. */
#include "csmith.h"
static long __undefined;
/* --- Struct/Union Declarations --- */
/* --- GLOBAL VARIABLES --- */
static int32_t g_2 = 6L;
static volatile uint32_t g_89[2] = {1UL,2UL};/* VOLATILE GLOBAL g_89 */
/* --- FORWARD DECLARATIONS --- */
static uint32_t  func_1(void);
static int16_t  func_9(int16_t  p_10);
/* --- FUNCTIONS --- */
static uint32_t  func_1(void)
{ /* block id: 0 */
    g_2 = safe_add_func_int32_t_s_s(g_2, func_9(0x7FL));
    return g_89[1];
}
static int16_t  func_9(int16_t  p_10)
{ /* block id: 1 */
    return p_10 + 41L;
}
/* ---------------------------------------- */
int main (int argc, char* argv[])
{
    int print_hash_value = 0;
    if (argc == 2 && strcmp(argv[1], "1") == 0) print_hash_value = 1;
    platform_main_begin();
    crc32_gentab();
    func_1();
    transparent_crc(g_2, "g_2", print_hash_value);
    platform_main_end(crc32_context ^ 0xFFFFFFFFUL, print_hash_value);
    return 0;
}
