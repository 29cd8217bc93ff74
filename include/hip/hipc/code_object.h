// Force-included by `hipcc --genco` in the host pass: marks the shared
// object it builds as a hipc code object, which hipModuleLoad and
// hipModuleLoadData check for (src/runtime/module.c) before loading it.
// Each translation unit adds one copy; the section starts with the tag.
#ifndef HIPC_CODE_OBJECT_H
#define HIPC_CODE_OBJECT_H
__asm__(".pushsection .hipc_code_object,\"a\",%progbits\n"
        ".asciz \"hipc code object 1\"\n"
        ".popsection\n");
#endif
