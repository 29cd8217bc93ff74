/* Context switch for AArch64 (AAPCS64).
 *
 * void hipc_fiber_switch(void** from, void* to)
 *   Saves x19-x30, d8-d15 and FPCR on the current stack, stores sp to *from
 *   (x0), switches to `to` (x1) and restores the same set from there.
 *
 * A new context (made by hipc_fiber_make in fiber.c) holds x19 = argument,
 * x20 = entry function, x30 = hipc_fiber_trampoline. */
        .text
        .globl  hipc_fiber_switch
        .hidden hipc_fiber_switch
        .type   hipc_fiber_switch, %function
hipc_fiber_switch:
        sub     sp, sp, #176
        stp     x19, x20, [sp, #0]
        stp     x21, x22, [sp, #16]
        stp     x23, x24, [sp, #32]
        stp     x25, x26, [sp, #48]
        stp     x27, x28, [sp, #64]
        stp     x29, x30, [sp, #80]
        stp     d8, d9, [sp, #96]
        stp     d10, d11, [sp, #112]
        stp     d12, d13, [sp, #128]
        stp     d14, d15, [sp, #144]
        mrs     x9, fpcr
        str     x9, [sp, #160]
        mov     x9, sp
        str     x9, [x0]
        mov     sp, x1
        ldp     x19, x20, [sp, #0]
        ldp     x21, x22, [sp, #16]
        ldp     x23, x24, [sp, #32]
        ldp     x25, x26, [sp, #48]
        ldp     x27, x28, [sp, #64]
        ldp     x29, x30, [sp, #80]
        ldp     d8, d9, [sp, #96]
        ldp     d10, d11, [sp, #112]
        ldp     d12, d13, [sp, #128]
        ldp     d14, d15, [sp, #144]
        ldr     x9, [sp, #160]
        msr     fpcr, x9
        add     sp, sp, #176
        ret
        .size   hipc_fiber_switch, .-hipc_fiber_switch

        .globl  hipc_fiber_trampoline
        .hidden hipc_fiber_trampoline
        .type   hipc_fiber_trampoline, %function
hipc_fiber_trampoline:
        mov     x0, x19
        blr     x20
        brk     #0
        .size   hipc_fiber_trampoline, .-hipc_fiber_trampoline

        .section .note.GNU-stack,"",%progbits
