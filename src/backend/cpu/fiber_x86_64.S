/* Context switch for x86-64 (System V ABI).
 *
 * void hipc_fiber_switch(void** from, void* to)
 *   Saves rbp, rbx and r12-r15 on the current stack, stores rsp to *from
 *   (rdi), switches to `to` (rsi) and restores the same set from there.
 *   Everything else is caller-saved. The MXCSR and x87 control words are
 *   not switched: all fibers of a worker run kernel code that shares them
 *   (and saving them would double the cost of a switch).
 *
 * A new context (made by hipc_fiber_make in fiber.c) holds zeroed registers,
 * r12 = argument, r13 = entry function, and returns into
 * hipc_fiber_trampoline, which calls entry(arg) on a 16-byte aligned stack. */
        .text
        .globl  hipc_fiber_switch
        .hidden hipc_fiber_switch
        .type   hipc_fiber_switch, @function
hipc_fiber_switch:
        .cfi_startproc
        pushq   %rbp
        pushq   %rbx
        pushq   %r12
        pushq   %r13
        pushq   %r14
        pushq   %r15
        movq    %rsp, (%rdi)
        movq    %rsi, %rsp
        popq    %r15
        popq    %r14
        popq    %r13
        popq    %r12
        popq    %rbx
        popq    %rbp
        ret
        .cfi_endproc
        .size   hipc_fiber_switch, .-hipc_fiber_switch

        .globl  hipc_fiber_trampoline
        .hidden hipc_fiber_trampoline
        .type   hipc_fiber_trampoline, @function
hipc_fiber_trampoline:
        .cfi_startproc
        .cfi_undefined rip
        movq    %r12, %rdi
        callq   *%r13
        ud2
        .cfi_endproc
        .size   hipc_fiber_trampoline, .-hipc_fiber_trampoline

        .section .note.GNU-stack,"",@progbits
