/* gold-module-asm.test: a native object that uses asm_helper. */
int asm_helper(int);
int native_call(int x) { return asm_helper(x) * 2; }
