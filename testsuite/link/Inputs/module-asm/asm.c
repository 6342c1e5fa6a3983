/* gold-module-asm.test: a bitcode unit whose definitions are in
 * module-level inline assembly (as in code that defines functions in asm,
 * or uses .symver). asm_helper is defined there; via_asm is too, and it
 * refers to asm_target, a C function in main.c that nothing else uses.
 * The linker must learn of both from the plugin's symbol list, like any
 * other definition and reference: LLVM's own symbol table for bitcode
 * (irsymtab) includes the symbols module asm defines and uses. */
__asm__(".text\n"
        ".globl asm_helper\n"
        ".type asm_helper,@function\n"
        "asm_helper:\n"
        "  lea 42(%rdi), %eax\n"
        "  ret\n"
        ".size asm_helper, .-asm_helper\n"
        ".globl via_asm\n"
        ".type via_asm,@function\n"
        "via_asm:\n"
        "  jmp asm_target\n"
        ".size via_asm, .-via_asm\n");
