// BUILD-WITH: src/hipcc/rewrite.c src/hipcc/lex.c src/hipcc/rewrite_launch.c src/hipcc/rewrite_kernel.c src/hipcc/rewrite_shared.c src/hipcc/rewrite_symbols.c src/hipcc/rewrite_managed.c src/hipcc/managed.c src/hipcc/rewrite_regions.c src/hipcc/rewrite_regions_emit.c src/hipcc/rewrite_regions_calls.c src/hipcc/rewrite_regions_uniform.c src/hipcc/rewrite_regions_slots.c src/hipcc/rewrite_regions_warp.c src/hipcc/util.c
/* Input -> output pairs for hipcc's rewriter (src/hipcc/rewrite*.c and
 * lex.c), one behaviour per case. Build and run from the repository root:
 *
 *   cc -std=c11 -Wall -Wextra -Isrc/hipcc tests/hipcc/test_rewrite.c \
 *      src/hipcc/rewrite.c src/hipcc/lex.c src/hipcc/rewrite_launch.c \
 *      src/hipcc/rewrite_kernel.c src/hipcc/rewrite_shared.c src/hipcc/rewrite_symbols.c src/hipcc/util.c \
 *      -o build/tests/test_rewrite
 *   build/tests/test_rewrite [case-name...]
 *
 * (tests/run.sh builds it from the BUILD-WITH line.) Exits 0 when every case
 * passes; otherwise prints each failing case with the expected and actual
 * text and exits 1.
 */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rewrite.h"

struct rcase {
  const char *name;
  const char *in;
  const char *out;  /* the expected text, or for errors the message */
  int error;        /* 1: rewriting must fail with message `out` */
};

/* A kernel's launch stub, for brevity: <header, specifiers, void NAME(PARAMS)>
 * S1 <args> S2 <sig> S3 <&NAME, &__hipc_body_NAME, M, W> S4. */
#define S1 " { void* __hipc_args[] = {"
#define S2 "0}; ::hipc::kernel<void(*)("
#define S3 "), "
#define S4 ">::launch(__hipc_args); }"

/* The prologue of a kernel that cannot be split (the fallback), for
 * brevity: P1 <args> P2 <sig> P3 <F, M, W> P4. */
#define P1 " if (__builtin_expect(::hipc_launch_pending(), 0)) { void* " \
           "__hipc_args[] = {"
#define P2 "0}; ::hipc::kernel_inline<void(*)("
#define P3 "), "
#define P4 ">::launch(__hipc_args); return; }"

/* The registration of a __device__ variable: REG("<token>_<n>", name,
 * kind), name being the text of the declarator's name. */
#define REG(id, name, kind)                                              \
  " static int __hipc_sym_" id " __attribute__((unused)) = "            \
  "::hipc_register_symbol((const void*)__builtin_addressof(" name "), " \
  "\"" name "\", sizeof(" name "), " #kind                              \
  " | ::hipc::symbol_readonly(__builtin_addressof(" name ")));"

static const struct rcase cases[] = {
    /* ---- Launches ---- */
    {"launch_two_args", "k<<<g, b>>>(x, y);",
     "((void)__hipPushCallConfiguration(g, b, 0, 0), k(x, y));", 0},
    {"launch_three_args", "k<<<g, b, s>>>(x);",
     "((void)__hipPushCallConfiguration(g, b, s, 0), k(x));", 0},
    {"launch_four_args", "k<<<g, b, s, q>>>(x);",
     "((void)__hipPushCallConfiguration(g, b, s, q), k(x));", 0},
    {"launch_no_kernel_args", "k<<<1, 1>>>();",
     "((void)__hipPushCallConfiguration(1, 1, 0, 0), k());", 0},
    {"launch_template_kernel", "k<T, 4><<<g, b>>>(x);",
     "((void)__hipPushCallConfiguration(g, b, 0, 0), k<T, 4>(x));", 0},
    {"launch_nested_template_args", "k<A<int>, B<C<2>>><<<g, b>>>(x);",
     "((void)__hipPushCallConfiguration(g, b, 0, 0), k<A<int>, B<C<2>>>(x));",
     0},
    {"launch_shift_in_config", "k<<<dim3(n >> 1), 64>>>(p);",
     "((void)__hipPushCallConfiguration(dim3(n >> 1), 64, 0, 0), k(p));", 0},
    {"launch_qualified", "ns::k<<<1, 2>>>(p);",
     "((void)__hipPushCallConfiguration(1, 2, 0, 0), ns::k(p));", 0},
    {"launch_global_qualified", "x = ::k<<<1, 2>>>(p);",
     "x = ((void)__hipPushCallConfiguration(1, 2, 0, 0), ::k(p));", 0},
    {"launch_member", "s.f->k<<<1, 2>>>(p);",
     "((void)__hipPushCallConfiguration(1, 2, 0, 0), s.f->k(p));", 0},
    {"launch_template_keyword", "ns::template k<int><<<1, 2>>>(p);",
     "((void)__hipPushCallConfiguration(1, 2, 0, 0), ns::template k<int>(p));",
     0},
    {"launch_parenthesised_callee", "(*fp)<<<1, 2>>>(p);",
     "((void)__hipPushCallConfiguration(1, 2, 0, 0), (*fp)(p));", 0},
    {"launch_subscript_callee", "return tab[i]<<<1, 2>>>(p);",
     "return ((void)__hipPushCallConfiguration(1, 2, 0, 0), tab[i](p));", 0},
    {"launch_after_return", "return k<<<1, 2>>>(p);",
     "return ((void)__hipPushCallConfiguration(1, 2, 0, 0), k(p));", 0},
    {"launch_spaces", "k <<< 1, 2 >>> (p);",
     "((void)__hipPushCallConfiguration(1, 2, 0, 0), k(p));", 0},
    {"launch_newlines_kept", "k<<<1,\n 2>>>(a,\n b);\nx;",
     "((void)__hipPushCallConfiguration(1,\n 2, 0, 0), k(a,\n b));\nx;", 0},
    {"launch_newline_before_args", "k<<<1, 2>>>\n(a);",
     "((void)__hipPushCallConfiguration(1, 2, 0, 0), k\n(a));", 0},
    {"launch_nested_in_args", "a<<<1, 2>>>(b<<<3, 4>>>(x));",
     "((void)__hipPushCallConfiguration(1, 2, 0, 0), "
     "a(((void)__hipPushCallConfiguration(3, 4, 0, 0), b(x))));", 0},
    {"launch_braces_in_config", "k<<<dim3{1, 2}, b>>>(x);",
     "((void)__hipPushCallConfiguration(dim3{1, 2}, b, 0, 0), k(x));", 0},
    {"launch_in_string_untouched", "s = \"k<<<1, 2>>>(x)\";",
     "s = \"k<<<1, 2>>>(x)\";", 0},
    {"launch_in_char_untouched", "c = '<'; k<<<1, 2>>>(x);",
     "c = '<'; ((void)__hipPushCallConfiguration(1, 2, 0, 0), k(x));", 0},
    {"launch_in_raw_string_untouched", "s = R\"x(k<<<1, 2>>>(\")x\";",
     "s = R\"x(k<<<1, 2>>>(\")x\";", 0},
    {"digit_separator", "n = 1'000; k<<<1, 2>>>(n);",
     "n = 1'000; ((void)__hipPushCallConfiguration(1, 2, 0, 0), k(n));", 0},
    {"shift_operator_untouched", "x = a << b; y = c >> d;",
     "x = a << b; y = c >> d;", 0},
    {"operator_shift_template", "f = &operator<<<T>;",
     "f = &operator<<<T>;", 0},
    {"closing_templates_untouched", "A<B<C<int>>> v;", "A<B<C<int>>> v;", 0},
    {"line_markers_kept", "# 1 \"a.hip\"\nk<<<1, 2>>>(x);\n# 7 \"a.hip\"\n",
     "# 1 \"a.hip\"\n((void)__hipPushCallConfiguration(1, 2, 0, 0), k(x));\n"
     "# 7 \"a.hip\"\n", 0},

    /* ---- Launch errors ---- */
    {"error_no_closing", "# 1 \"a.hip\"\nint x;\nk<<<1, 2(x);\n",
     "a.hip:2: error: '<<<' without a matching '>>>'", 1},
    {"error_no_kernel", "# 3 \"b.hip\"\n<<<1, 2>>>(x);",
     "b.hip:3: error: expected a kernel name before '<<<'", 1},
    {"error_no_args", "# 1 \"a.hip\"\nk<<<1, 2>>>;",
     "a.hip:1: error: expected '(' after '>>>'", 1},
    {"error_one_config_arg", "# 1 \"a.hip\"\nk<<<1>>>(x);",
     "a.hip:1: error: a kernel launch configuration takes 2 to 4 arguments "
     "(parenthesise template arguments)", 1},
    {"error_unterminated_args", "# 1 \"a.hip\"\nk<<<1, 2>>>(x;",
     "a.hip:1: error: unterminated kernel argument list", 1},
    {"error_line_after_marker",
     "# 1 \"a.hip\"\n\n# 40 \"a.hip\"\nk<<<1, 2(x);\n",
     "a.hip:40: error: '<<<' without a matching '>>>'", 1},

    /* ---- Kernel definitions ---- */
    {"kernel_doc_example",
     "template <typename T, int N>\n__global__ void __launch_bounds__(256) "
     "k(T* out, const T* in, int n = 3) { BODY }",
     "template <typename T, int N>\n void  __hipc_body_k(T* out, const T* in, "
     "int n = 3) { BODY } template <typename T, int N> void k(T* out, "
     "const T* in, int n = 3)" S1 "(void*)&out, (void*)&in, (void*)&n, " S2
     "T* out, const T* in, int n" S3 "&k<T, N>, &__hipc_body_k<T, N>, 256, 0"
     S4, 0},
    {"kernel_plain", "__global__ void k(int a) {}",
     " void __hipc_body_k(int a) {} void k(int a)" S1 "(void*)&a, " S2 "int a"
     S3 "&k, &__hipc_body_k, 0, 0" S4, 0},
    {"kernel_no_params", "__global__ void k() {}",
     " void __hipc_body_k() {} void k()" S1 S2 S3 "&k, &__hipc_body_k, 0, 0"
     S4, 0},
    {"kernel_void_params", "__global__ void k(void) {}",
     " void __hipc_body_k(void) {} void k(void)" S1 S2 S3
     "&k, &__hipc_body_k, 0, 0" S4, 0},
    {"kernel_static", "static __global__ void k(int a) {}",
     "static  void __hipc_body_k(int a) {} static void k(int a)" S1
     "(void*)&a, " S2 "int a" S3 "&k, &__hipc_body_k, 0, 0" S4, 0},
    {"kernel_static_inline", "static inline __global__ void k(int a) {}",
     "static inline  void __hipc_body_k(int a) {} static inline void k(int a)"
     S1 "(void*)&a, " S2 "int a" S3 "&k, &__hipc_body_k, 0, 0" S4, 0},
    {"kernel_extern_c", "extern \"C\" __global__ void k(int a) {}",
     "extern \"C\"  void __hipc_body_k(int a) {} extern \"C\" void k(int a)"
     S1 "(void*)&a, " S2 "int a" S3 "&k, &__hipc_body_k, 0, 0" S4, 0},
    {"kernel_specifier_after_global", "__global__ static void k(int a) {}",
     " static void __hipc_body_k(int a) {} static void k(int a)" S1
     "(void*)&a, " S2 "int a" S3 "&k, &__hipc_body_k, 0, 0" S4, 0},
    {"kernel_void_before_global", "void __global__ k(int a) {}",
     "void  __hipc_body_k(int a) {} void k(int a)" S1 "(void*)&a, " S2
     "int a" S3 "&k, &__hipc_body_k, 0, 0" S4, 0},
    {"kernel_bounds_before_type",
     "__global__ __launch_bounds__(128, 2) void k(int a) {}",
     "  void __hipc_body_k(int a) {} void k(int a)" S1 "(void*)&a, " S2
     "int a" S3 "&k, &__hipc_body_k, 128, 2" S4, 0},
    {"kernel_bounds_expression",
     "__global__ void __launch_bounds__(B * 2, f(1, 2)) k() {}",
     " void  __hipc_body_k() {} void k()" S1 S2 S3
     "&k, &__hipc_body_k, (B * 2), (f(1, 2))" S4, 0},
    {"kernel_default_args_stripped_in_sig",
     "__global__ void k(int a = 1, float b = f(2, 3)) {}",
     " void __hipc_body_k(int a = 1, float b = f(2, 3)) {} void k(int a = 1, "
     "float b = f(2, 3))" S1 "(void*)&a, (void*)&b, " S2 "int a, float b" S3
     "&k, &__hipc_body_k, 0, 0" S4, 0},
    {"kernel_unnamed_params",
     "__global__ void k(int, unsigned int, Foo, ns::Foo, Foo<int>, "
     "const float*, T*) {}",
     " void __hipc_body_k(int, unsigned int, Foo, ns::Foo, Foo<int>, "
     "const float*, T*) {} void k(int __hipc_p0, "
     "unsigned int __hipc_p1, Foo __hipc_p2, ns::Foo __hipc_p3, "
     "Foo<int> __hipc_p4, const float* __hipc_p5, T* __hipc_p6)" S1
     "(void*)&__hipc_p0, (void*)&__hipc_p1, (void*)&__hipc_p2, "
     "(void*)&__hipc_p3, (void*)&__hipc_p4, (void*)&__hipc_p5, "
     "(void*)&__hipc_p6, " S2 "int __hipc_p0, unsigned int __hipc_p1, "
     "Foo __hipc_p2, ns::Foo __hipc_p3, Foo<int> __hipc_p4, "
     "const float* __hipc_p5, T* __hipc_p6" S3 "&k, &__hipc_body_k, 0, 0" S4,
     0},
    {"kernel_named_params_kept",
     "__global__ void k(unsigned x, const Foo<int, 2>& y, float* "
     "__restrict__ z) {}",
     " void __hipc_body_k(unsigned x, const Foo<int, 2>& y, float* "
     "__restrict__ z) {} void k(unsigned x, const Foo<int, 2>& y, float* "
     "__restrict__ z)" S1 "(void*)&x, (void*)&y, (void*)&z, " S2
     "unsigned x, const Foo<int, 2>& y, float* __restrict__ z" S3
     "&k, &__hipc_body_k, 0, 0" S4, 0},
    {"kernel_unnamed_with_default", "__global__ void k(int = 3) {}",
     " void __hipc_body_k(int = 3) {} void k(int __hipc_p0 = 3)" S1
     "(void*)&__hipc_p0, " S2 "int __hipc_p0" S3 "&k, &__hipc_body_k, 0, 0"
     S4, 0},
    {"kernel_array_param", "__global__ void k(float a[4]) {}",
     " void __hipc_body_k(float a[4]) {} void k(float a[4])" S1 "(void*)&a, "
     S2 "float a[4]" S3 "&k, &__hipc_body_k, 0, 0" S4, 0},
    {"kernel_function_pointer_param", "__global__ void k(void (*f)(int)) {}",
     " void __hipc_body_k(void (*f)(int)) {} void k(void (*f)(int))" S1
     "(void*)&f, " S2 "void (*f)(int)" S3 "&k, &__hipc_body_k, 0, 0" S4, 0},
    {"kernel_param_pack",
     "template <typename... Ts> __global__ void k(Ts... xs) {}",
     "template <typename... Ts>  void __hipc_body_k(Ts... xs) {} "
     "template <typename... Ts> void k(Ts... xs)" S1 "(void*)&xs..., " S2
     "Ts... xs" S3 "&k<Ts...>, &__hipc_body_k<Ts...>, 0, 0" S4, 0},
    {"kernel_unnamed_pack",
     "template <class... Ts> __global__ void k(int a, Ts&&...) {}",
     "template <class... Ts>  void __hipc_body_k(int a, Ts&&...) {} "
     "template <class... Ts> void k(int a, Ts&&... __hipc_p1)" S1
     "(void*)&a, (void*)&__hipc_p1..., " S2 "int a, Ts&&... __hipc_p1" S3
     "&k<Ts...>, &__hipc_body_k<Ts...>, 0, 0" S4, 0},
    {"kernel_template_defaults",
     "template <typename T = float, int N = 4> __global__ void k(T a) {}",
     "template <typename T, int N>  void __hipc_body_k(T a) {} "
     "template <typename T = float, int N = 4> void k(T a)" S1 "(void*)&a, "
     S2 "T a" S3 "&k<T, N>, &__hipc_body_k<T, N>, 0, 0" S4, 0},
    {"kernel_template_defaults_keep_newlines",
     "template <typename T = A<1,\n 2>>\n__global__ void k(T a) {}",
     "template <typename T\n >\n void __hipc_body_k(T a) {} "
     "template <typename T = A<1, 2>> void k(T a)" S1 "(void*)&a, " S2 "T a"
     S3 "&k<T>, &__hipc_body_k<T>, 0, 0" S4, 0},
    {"kernel_unnamed_template_params",
     "template <typename T, typename = void, int> __global__ void k(T a) {}",
     "template <typename T, typename __hipc_t1, int __hipc_t2>  "
     "void __hipc_body_k(T a) {} template <typename T, typename __hipc_t1 = "
     "void, int __hipc_t2> void k(T a)" S1 "(void*)&a, " S2 "T a" S3
     "&k<T, __hipc_t1, __hipc_t2>, &__hipc_body_k<T, __hipc_t1, __hipc_t2>, "
     "0, 0" S4, 0},
    {"kernel_template_template_param",
     "template <template <class> class C, std::size_t N> "
     "__global__ void k(int a) {}",
     "template <template <class> class C, std::size_t N>  "
     "void __hipc_body_k(int a) {} template <template <class> class C, "
     "std::size_t N> void k(int a)" S1 "(void*)&a, " S2 "int a" S3
     "&k<C, N>, &__hipc_body_k<C, N>, 0, 0" S4, 0},
    {"kernel_requires_clause",
     "template <typename T> requires C<T> __global__ void k(T a) {}",
     "template <typename T> requires C<T>  void __hipc_body_k(T a) {} "
     "template <typename T> requires C<T> void k(T a)" S1 "(void*)&a, " S2
     "T a" S3 "&k<T>, &__hipc_body_k<T>, 0, 0" S4, 0},
    {"kernel_overloads",
     "__global__ void k(int a) {}\n__global__ void k(float a) {}",
     " void __hipc_body_k(int a) {} void k(int a)" S1 "(void*)&a, " S2 "int a"
     S3 "&k, &__hipc_body_k, 0, 0" S4 "\n void __hipc_body_k(float a) {} "
     "void k(float a)" S1 "(void*)&a, " S2 "float a" S3
     "&k, &__hipc_body_k, 0, 0" S4, 0},
    {"kernel_body_with_braces",
     "__global__ void k(char* p) {\n  if (*p) { p[0] = '}'; }\n"
     "  const char* s = \"{{\";\n  char c = '{';\n}\nint x;",
     " void __hipc_body_k(char* p) {\n  if (*p) { p[0] = '}'; }\n"
     "  const char* s = \"{{\";\n  char c = '{';\n} void k(char* p)" S1
     "(void*)&p, " S2 "char* p" S3 "&k, &__hipc_body_k, 0, 0" S4 "\nint x;",
     0},
    {"kernel_launch_in_body",
     "__global__ void k(int a) { g<<<1, 2>>>(a); }",
     " void __hipc_body_k(int a) { ((void)__hipPushCallConfiguration(1, 2, 0, "
     "0), g(a)); } void k(int a)" S1 "(void*)&a, " S2 "int a" S3
     "&k, &__hipc_body_k, 0, 0" S4, 0},
    {"kernel_params_over_lines",
     "__global__ void k(int a,\n                  float b)\n{\n}",
     " void __hipc_body_k(int a,\n                  float b)\n{\n} "
     "void k(int a, float b)" S1 "(void*)&a, (void*)&b, " S2 "int a, float b"
     S3 "&k, &__hipc_body_k, 0, 0" S4, 0},
    {"kernel_attribute", "__global__ void __attribute__((used)) k(int a) {}",
     " void __attribute__((used)) __hipc_body_k(int a) {} "
     "void __attribute__((used)) k(int a)" S1 "(void*)&a, " S2 "int a" S3
     "&k, &__hipc_body_k, 0, 0" S4, 0},
    {"kernel_attribute_after_params",
     "__global__ void k(int a) __attribute__((noinline)) {}",
     " void __hipc_body_k(int a) __attribute__((noinline)) {} "
     "void k(int a) __attribute__((noinline))" S1 "(void*)&a, " S2 "int a" S3
     "&k, &__hipc_body_k, 0, 0" S4, 0},

    /* ---- Kernel definitions: the prologue fallback ---- */
    {"kernel_explicit_specialisation",
     "template <> __global__ void k<int>(int a) {}",
     "template <>  void k<int>(int a) {" P1 "(void*)&a, " P2 "int a" P3
     "&k<int>, 0, 0" P4 "}", 0},
    {"kernel_explicit_specialisation_deduced",
     "template <> __global__ void k(int a) {}",
     "template <>  void k(int a) {" P1 "(void*)&a, " P2 "int a" P3
     "&k<>, 0, 0" P4 "}", 0},
    {"kernel_qualified_definition", "__global__ void ns::k(int a) {}",
     " void ns::k(int a) {" P1 "(void*)&a, " P2 "int a" P3 "&ns::k, 0, 0" P4
     "}", 0},
    {"kernel_function_try_block",
     "__global__ void k(int a) try { f(); } catch (...) {}",
     " void k(int a) try {" P1 "(void*)&a, " P2 "int a" P3 "&k, 0, 0" P4
     " f(); } catch (...) {}", 0},
    {"kernel_unterminated_body", "__global__ void k(int a) { f();",
     " void k(int a) {" P1 "(void*)&a, " P2 "int a" P3 "&k, 0, 0" P4 " f();",
     0},

    /* ---- Kernel declarations ---- */
    {"declaration", "__global__ void k(int a = 1);", " void k(int a = 1);", 0},
    {"declaration_bounds", "__global__ void __launch_bounds__(64) k(int);",
     " void  k(int);", 0},
    {"declaration_template",
     "template <typename T> __global__ void k(T, int);",
     "template <typename T>  void k(T, int);", 0},
    {"explicit_instantiation", "template __global__ void k<float>(float*);",
     "template  void k<float>(float*);", 0},
    {"error_kernel_unterminated_decltype",
     "# 1 \"a.hip\"\n__global__ decltype(x k",
     "a.hip:1: error: cannot find the parameter list of this __global__ "
     "function", 1},
    {"error_kernel_without_params", "# 1 \"a.hip\"\n__global__ int x;",
     "a.hip:1: error: cannot find the parameter list of this __global__ "
     "function", 1},

    /* ---- Shared memory ---- */
    {"dynamic_shared", "extern __shared__ float s[];",
     "static ::hipc::dynamic_shared<float> s;", 0},
    {"dynamic_shared_two_words", "extern __shared__ unsigned char s[];",
     "static ::hipc::dynamic_shared<unsigned char> s;", 0},
    {"dynamic_shared_attribute_before",
     "extern __shared__ __attribute__((aligned(16))) float4 s[];",
     "static ::hipc::dynamic_shared<float4> s;", 0},
    {"dynamic_shared_attribute_after",
     "extern __shared__ float s[] __attribute__((aligned(16)));",
     "static ::hipc::dynamic_shared<float> s;", 0},
    {"dynamic_shared_attribute_first",
     "__attribute__((aligned(8))) extern __shared__ double s[];",
     "static ::hipc::dynamic_shared<double> s;", 0},
    {"dynamic_shared_keeps_newlines", "extern __shared__\nfloat s[];\nx;",
     "static ::hipc::dynamic_shared<float> s;\n\nx;", 0},
    {"shared_variable", "__device__ void f() { __shared__ float x; }",
     " void f() { static thread_local float x; ::hipc::shared_note((void*)&x, sizeof(x)); }",
     0},
    {"shared_in_function",
     "__device__ void f() { if (1) { } __shared__ int t[4]; }",
     " void f() { if (1) { } static thread_local int t[4]; "
     "::hipc::shared_note((void*)&t, sizeof(t)); }", 0},
    {"shared_in_namespace", "namespace a::b { __shared__ int t; }",
     "namespace a::b { static thread_local int t; static void* __hipc_sa_5_0() { return (void*)&t; } "
     "const ::hipc::shared_use __hipc_su_5_0(__hipc_sa_5_0, sizeof(t)); }", 0},
    {"shared_in_extern_c", "extern \"C\" { __shared__ int t; }",
     "extern \"C\" { static thread_local int t; static void* __hipc_sa_3_0() { return (void*)&t; } "
     "const ::hipc::shared_use __hipc_su_3_0(__hipc_sa_3_0, sizeof(t)); }", 0},
    {"shared_in_nested_block_and_lambda",
     "__device__ void f() { if (1) { [] { __shared__ int y; }; } }",
     " void f() { if (1) { [] { static thread_local int y; "
     "::hipc::shared_note((void*)&y, sizeof(y)); }; } }", 0},
    {"shared_in_device_lambda_in_host_function",
     "void h() { auto l = [] __device__ () { __shared__ int y; }; }",
     "void h() { auto l = []  () { static thread_local int y; "
     "::hipc::shared_note((void*)&y, sizeof(y)); }; }", 0},
    {"error_shared_in_host_function",
     "# 3 \"a.hip\"\nvoid h() {\n __shared__ int x; }",
     "a.hip:4: error: __shared__ variable in a host function: __shared__ is "
     "allowed in __global__ and __device__ functions and at namespace scope",
     1},
    {"error_shared_after_device_function",
     "# 1 \"a.hip\"\n__device__ void f() { }\nvoid h() { __shared__ int x; }",
     "a.hip:2: error: __shared__ variable in a host function: __shared__ is "
     "allowed in __global__ and __device__ functions and at namespace scope",
     1},
    {"shared_in_hipc_header_trusted",
     "# 1 \"/p/include/hip/hipc/x.h\"\nvoid h() { __shared__ int x; }",
     "# 1 \"/p/include/hip/hipc/x.h\"\nvoid h() { static thread_local int x; "
     "::hipc::shared_note((void*)&x, sizeof(x)); }", 0},
    {"shared_array", "__shared__ int tile[16][16];",
     "static thread_local int tile[16][16]; static void* __hipc_sa_0_0() { return (void*)&tile; } "
     "const ::hipc::shared_use __hipc_su_0_0(__hipc_sa_0_0, sizeof(tile));", 0},
    {"static_shared_no_double_static", "static __shared__ float x;",
     "static thread_local float x; static void* __hipc_sa_1_0() { return (void*)&x; } "
     "const ::hipc::shared_use __hipc_su_1_0(__hipc_sa_1_0, sizeof(x));", 0},
    {"shared_then_static", "__shared__ static float x;",
     "thread_local static float x; static void* __hipc_sa_0_0() { return (void*)&x; } "
     "const ::hipc::shared_use __hipc_su_0_0(__hipc_sa_0_0, sizeof(x));", 0},
    {"shared_two_names", "__shared__ float a[4], b;",
     "static thread_local float a[4], b; static void* __hipc_sa_0_0() { return (void*)&a; } "
     "const ::hipc::shared_use __hipc_su_0_0(__hipc_sa_0_0, sizeof(a)); static void* __hipc_sa_0_1() { return (void*)&b; } "
     "const ::hipc::shared_use __hipc_su_0_1(__hipc_sa_0_1, sizeof(b));", 0},
    {"shared_template_type", "__shared__ pair<int, float> p[2];",
     "static thread_local pair<int, float> p[2]; static void* __hipc_sa_0_0() { return (void*)&p; } "
     "const ::hipc::shared_use __hipc_su_0_0(__hipc_sa_0_0, sizeof(p));", 0},
    {"shared_attribute", "__shared__ __attribute__((aligned(16))) float "
     "t[N * 2];",
     "static thread_local __attribute__((aligned(16))) float t[N * 2]; "
     "static void* __hipc_sa_0_0() { return (void*)&t; } "
     "const ::hipc::shared_use __hipc_su_0_0(__hipc_sa_0_0, sizeof(t));", 0},
    {"shared_keeps_lines", "__shared__ float\nx;\ny;",
     "static thread_local float\nx; static void* __hipc_sa_0_0() { return (void*)&x; } "
     "const ::hipc::shared_use __hipc_su_0_0(__hipc_sa_0_0, sizeof(x));\ny;", 0},
    {"shared_parenthesised_not_noted", "__shared__ float (*p)[4];",
     "static thread_local float (*p)[4];", 0},
    {"extern_shared_not_array", "extern __shared__ float x;",
     "extern thread_local float x;", 0},

    /* ---- __device__, __constant__ and __managed__ ---- */
    {"device_variable", "__device__ int x;", " int x;" REG("0_0", "x", 0),
     0},
    {"constant_array_initialised", "__constant__ float c[4] = {1, 2, 3, 4};",
     " float c[4] = {1, 2, 3, 4};" REG("0_0", "c", 1), 0},
    /* __managed__: tests/hipcc/test_managed.c */
    {"device_constant_is_constant", "__device__ __constant__ int m;",
     "  int m;" REG("0_0", "m", 1), 0},
    {"two_declarators", "__device__ int a, b[2] = {1, 2};",
     " int a, b[2] = {1, 2};" REG("0_0", "a", 0) REG("0_1", "b", 0), 0},
    {"static_device_variable", "static __device__ int x;",
     "static  int x;" REG("1_0", "x", 0), 0},
    {"qualifier_after_type", "int __device__ x;",
     "int  x;" REG("1_0", "x", 0), 0},
    {"pointer_variable", "__device__ int *p;", " int *p;" REG("0_0", "p", 0),
     0},
    {"attribute_after_name", "__device__ int x __attribute__((aligned(16)));",
     " int x __attribute__((aligned(16)));" REG("0_0", "x", 0), 0},
    {"template_type", "__device__ S<int, 2> s;",
     " S<int, 2> s;" REG("0_0", "s", 0), 0},
    {"struct_with_body", "__device__ struct P { int a; } p;",
     " struct P { int a; } p;" REG("0_0", "p", 0), 0},
    {"qualified_definition", "__device__ int S::v = 1;",
     " int S::v = 1;" REG("0_0", "S::v", 0), 0},
    {"in_namespace", "namespace n { __device__ int x; }",
     "namespace n {  int x;" REG("3_0", "x", 0) " }", 0},
    {"in_extern_c", "extern \"C\" { __device__ int x; }",
     "extern \"C\" {  int x;" REG("3_0", "x", 0) " }", 0},
    {"extern_declaration_not_registered", "extern __device__ int x;",
     "extern  int x;", 0},
    {"extern_definition_registered", "extern __device__ int x = 1;",
     "extern  int x = 1;" REG("1_0", "x", 0), 0},
    {"class_member_not_registered", "struct S { static __device__ int v; };",
     "struct S { static  int v; };", 0},
    {"variable_template_not_registered",
     "template <typename T> __device__ T v;", "template <typename T>  T v;",
     0},
    {"device_function_declaration", "__device__ int f(int);", " int f(int);",
     0},
    {"device_function_definition",
     "__device__ float f() { __shared__ int s; return 1; }",
     " float f() { static thread_local int s; "
     "::hipc::shared_note((void*)&s, sizeof(s)); return 1; }", 0},
    {"device_lambda", "auto f = [] __device__ (int i) { return i; };",
     "auto f = []  (int i) { return i; };", 0},
    {"operator_function_not_registered", "__device__ bool operator==(S, S);",
     " bool operator==(S, S);", 0},
    {"function_pointer_not_registered", "__device__ int (*fp)(int);",
     " int (*fp)(int);", 0},
    {"device_keeps_newlines", "__device__\nint x;\ny;",
     "\nint x;" REG("0_0", "x", 0) "\ny;", 0},

    /* ---- Untouched text ---- */
    {"comments_kept", "/* __global__ k<<<1>>>( */ // __shared__\nint x;",
     "/* __global__ k<<<1>>>( */ // __shared__\nint x;", 0},
    {"pragma_kept", "#pragma once\n__shared__ int x;",
     "#pragma once\nstatic thread_local int x; static void* __hipc_sa_0_0() { return (void*)&x; } "
     "const ::hipc::shared_use __hipc_su_0_0(__hipc_sa_0_0, sizeof(x));", 0},
    {"empty_input", "", "", 0},
};

/* Counts the newlines of `s`. */
static int lines(const char *s) {
  int n = 0;
  for (; *s; s++)
    n += *s == '\n';
  return n;
}

/* ---- The region form (rewrite_regions*.c) ----------------------------- */

/* A kernel in region form: its region function is emitted between the body
 * and the stub, and the stub names it. */
static const struct rcase region_exact[] = {
    {"regions_minimal",
     "__global__ void k(int* p) { int x = p[threadIdx.x]; __syncthreads(); "
     "p[1] = x; }",
     " void __hipc_body_k(int* p) { int x = p[threadIdx.x]; __syncthreads(); "
     "p[1] = x; } void __hipc_regions_k(int * p) { ::hipc::region_block "
     "__hipc_rb; ::hipc::slot< int > __hipc_v0; __hipc_rb.plan(__hipc_v0); "
     "__hipc_rb.commit(false); __hipc_rb.bind(__hipc_v0); "
     "__hipc_rb.run<false>([&]([[maybe_unused]] unsigned __hipc_t) { ::new "
     "((void*)__hipc_v0.at(__hipc_t)) typename decltype(__hipc_v0)::U ( "
     "p[threadIdx.x] ); [[maybe_unused]] auto& x = *__hipc_v0.at(__hipc_t); "
     "}); __hipc_rb.run<false>([&]([[maybe_unused]] unsigned __hipc_t) { "
     "[[maybe_unused]] auto& x = *__hipc_v0.at(__hipc_t); p[1] = x; }); } "
     "void k(int* p)" S1 "(void*)&p, " S2 "int* p" S3
     "&k, &__hipc_body_k, 0, 0, ::hipc::regions_fn<void(*)(int* p), "
     "&__hipc_regions_k>" S4,
     0},
};

/* Kernels and what their rewrite must (`want`, '|'-separated) and must not
 * (`avoid`) contain. `region` 0: the kernel stays on fibers, so nothing
 * mentions a region function. */
struct region_case {
  const char *name, *in, *want, *avoid;
  int region;
};

#define BAR "__syncthreads();"
static const struct region_case region_cases[] = {
    {"regions_for_loop",
     "__global__ void k(int* p, int n) { int acc = threadIdx.x; for (int t = "
     "0; t < n; t++) { acc += p[t]; " BAR " } p[0] = acc; }",
     "{ __hipc_u0 = ( 0 ); } for (;;) { if (!([&]() -> bool { "
     "[[maybe_unused]] auto& t = __hipc_u0; return ( t < n ); }())) break;|"
     "{ [[maybe_unused]] auto& t = __hipc_u0; t++ ; } } }|"
     "::hipc::slot< int > __hipc_v0;", "", 1},
    {"regions_fallback_thread_condition",
     "__global__ void k(int* p) { int i = threadIdx.x; for (int t = i % 2; "
     "t < 4; t += 2) { " BAR " } }", "", "", 0},
    {"regions_checked_condition",
     "__global__ void k(int* p) { for (int t = f(p); t < 4; t += 2) { " BAR
     " } }",
     "if (!__hipc_rb.cond([&]([[maybe_unused]] unsigned __hipc_t) -> bool { "
     "[[maybe_unused]] auto& t = *__hipc_v0.at(__hipc_t); return ( t < 4 ); "
     "})) break;", "", 1},
    {"regions_while_do",
     "__global__ void k(int* p) { int i = 0; while (i < 4) { " BAR " i++; } "
     "do { " BAR " } while (i > 9); p[0] = i; }",
     "return ( i < 4 );|{ for (;;) { if (!([&]() -> bool { [[maybe_unused]] "
     "auto& i = __hipc_u0; return ( i > 9 ); }())) break; } }", "", 1},
    {"regions_uniform",
     "__global__ void k(int* p, int n) { int m = n * 2 + blockIdx.x; " BAR
     " m += p[0]; " BAR " p[threadIdx.x] = m; }",
     "int __hipc_u0{};|{ __hipc_u0 = ( n * 2 + blockIdx.x ); }|{ "
     "[[maybe_unused]] auto& m = __hipc_u0; m += p[0] ; }", "slot", 1},
    {"regions_not_uniform",
     "__global__ void k(int* p, int n) { int m = n; " BAR " if (p[0]) m++; "
     BAR " int q = f(n); " BAR " p[threadIdx.x] = m + q; }",
     "::hipc::slot< int > __hipc_v0;|::hipc::slot< int > __hipc_v1;", "", 1},
    {"regions_recomputed",
     "constexpr int T = 8; __global__ void k(int* p, int n) { int i = "
     "blockIdx.x * T + threadIdx.x, j = i * n; " BAR " p[i] = j; }",
     "[[maybe_unused]] int i = blockIdx.x * T + threadIdx.x; "
     "[[maybe_unused]] int j = i * n; p[i] = j;", "slot", 1},
    {"regions_reference_argument",
     "void inc(int& v) { v++; } int get(int v) { return v; } __global__ void "
     "k(int* p) { int i = threadIdx.x, j = threadIdx.x; inc(i); get(j); " BAR
     " p[i] = j; }",
     "::hipc::slot< int > __hipc_v0;|[[maybe_unused]] int j = threadIdx.x; "
     "p[i] = j;", "", 1},
    {"regions_not_recomputed",
     "__global__ void k(int* p, int n) { int i = p[threadIdx.x]; " BAR
     " p[0] = i; }",
     "::hipc::slot< int > __hipc_v0;", "", 1},
    {"regions_template",
     "template <typename T, int N = 3> __global__ void k(T* p) { T v = "
     "p[threadIdx.x]; " BAR " p[N] = v; }",
     "template <typename T, int N> void __hipc_regions_k(T * p)|"
     "::hipc::regions_fn<void(*)(T* p), &__hipc_regions_k<T, N>>>::launch|::hipc::slot< T > __hipc_v0;", "", 1},
    {"regions_return",
     "__global__ void k(int* p) { if (p[0]) return; " BAR " p[1] = 2; }",
     "if (p[0]) { __hipc_rb.exit(__hipc_t); return; }|run<true>|"
     "__hipc_rb.commit(true);", "", 1},
    {"regions_hoisted",
     "__global__ void k(int* p) { const int N = 4; __shared__ int s[N]; "
     "s[0] = N; " BAR " p[0] = s[N - 1]; }",
     "{ ::hipc::region_block __hipc_rb; const int N = 4; static thread_local "
     "int s[N]; ::hipc::shared_note((void*)&s, sizeof(s)); "
     "__hipc_rb.commit(false);", "slot", 1},
    {"regions_assigned_param",
     "__global__ void k(int* p, int n) { p += threadIdx.x; " BAR
     " p[0] = 1; }",
     "::hipc::slot< ::hipc::auto_t<decltype(p)> > __hipc_v0;|typename "
     "decltype(__hipc_v0)::U(p);", "", 1},
    {"regions_assigned_param_uniform",
     "__global__ void k(int* p, int n) { p += n; " BAR " p[0] = 1; }",
     "::hipc::auto_t<decltype(p)> __hipc_u0 = p;|{ [[maybe_unused]] auto& p "
     "= __hipc_u0; p += n ; }", "slot", 1},
    {"regions_auto",
     "__global__ void k(float* p) { float x = p[threadIdx.x]; auto y = x * "
     "2; " BAR " p[1] = y; }",
     "::hipc::slot< ::hipc::auto_t<decltype(( (*__hipc_v0.at(0)) * 2))> > "
     "__hipc_v1;", "", 1},
    {"regions_auto_of_uniform",
     "__global__ void k(float* p) { float x = p[0]; auto y = x * threadIdx.x; "
     BAR " p[1] = y; }",
     "float __hipc_u0{}; ::hipc::slot< ::hipc::auto_t<decltype(( __hipc_u0 * "
     "threadIdx.x))> > __hipc_v0;", "", 1},
    {"regions_nested_block",
     "__global__ void k(int* p) { { int a = p[threadIdx.x]; " BAR
     " p[0] = a; } }",
     "[[maybe_unused]] auto& a = *__hipc_v0.at(__hipc_t); p[0] = a;", "", 1},
    {"regions_inner_break_ok",
     "__global__ void k(int* p) { for (int i = 0; i < 9; i++) { if (i == 3) "
     "break; p[i] = 0; } " BAR " }",
     "if (i == 3) break;", "", 1},
    {"regions_no_barrier", "__global__ void k(int* p) { p[0] = 1; }", "", "",
     0},
    {"regions_uniform_if",
     "__global__ void k(int* p, int n) { if (n > 2) { p[threadIdx.x] = 1; "
     BAR " } else " BAR " }",
     "{ if ([&]() -> bool { return ( n > 2 ); }()) { "
     "__hipc_rb.run<false>([&]([[maybe_unused]] unsigned __hipc_t) { "
     "p[threadIdx.x] = 1; }); } else { } }", "", 1},
    {"regions_fallback_if",
     "__global__ void k(int* p) { if (threadIdx.x) " BAR " }", "", "", 0},
    {"regions_fallback_if_block",
     "__global__ void k(int* p) { int i = threadIdx.x; if (i < 3) { " BAR
     " } }", "", "", 0},
    {"regions_fallback_if_call",
     "__global__ void k(int* p) { if (f(p)) { " BAR " } }", "", "", 0},
    {"regions_fallback_if_init",
     "__global__ void k(int* p) { if (int x = *p) { " BAR " } }", "", "", 0},
    {"regions_fallback_switch",
     "__global__ void k(int* p) { switch (p[0]) { case 1: " BAR " } }", "",
     "", 0},
    {"regions_fallback_break",
     "__global__ void k(int* p) { for (;;) { " BAR " if (p[0]) break; } }",
     "", "", 0},
    {"regions_fallback_continue",
     "__global__ void k(int* p) { for (int i = 0; i < 4; i++) { if (p[i]) "
     "continue; " BAR " } }", "", "", 0},
    {"regions_fallback_goto",
     "__global__ void k(int* p) { " BAR " goto out; out: p[0] = 1; }", "",
     "", 0},
    {"regions_fallback_lambda_return",
     "__global__ void k(int* p) { auto f = [&](int i) { return p[i]; }; "
     BAR " p[0] = f(1); }", "", "", 0},
    {"regions_fallback_warp",
     "__global__ void k(int* p) { " BAR " p[0] = __ballot(p[1]); }", "",
     "", 0},
    {"regions_shfl_split",
     "__global__ void k(int* p) { int v = p[threadIdx.x]; v += "
     "__shfl_down(v, 1, 16); p[threadIdx.x] = v; }",
     "::hipc::rx_put(__hipc_xb, __hipc_t, ( v ));|v += ::hipc::rx_down< "
     "::hipc::auto_t<decltype(( v ))> >(__hipc_x, __hipc_xb, __hipc_t, "
     "nullptr, 0, nullptr , 1, 16 ) ;", "", 1},
    {"regions_shfl_predicated",
     "__global__ void k(int* p) { int v = p[threadIdx.x]; if (threadIdx.x < "
     "8) { v = __shfl_xor(v, 1); } p[threadIdx.x] = v; }",
     "unsigned char __hipc_c = ( threadIdx.x < 8 ) ? 1 : 2;|"
     "if (*__hipc_p0.at(__hipc_t) != 1) { return; }|__hipc_p0.p, 1, __hipc_r0 + 0 , 1 )",
     "", 1},
    {"regions_fallback_shfl_decl",
     "__global__ void k(int* p) { int v = __shfl(p[1], 0); p[0] = v; }", "",
     "", 0},
    {"regions_fallback_shfl_nested",
     "__global__ void k(int* p) { p[0] = __shfl(__shfl(p[1], 0), 0); }", "",
     "", 0},
    {"regions_fallback_shfl_cond",
     "__global__ void k(int* p, int c) { p[0] = c && __shfl(p[1], 0); }", "",
     "", 0},
    {"regions_fallback_shfl_if_barrier",
     "__global__ void k(int* p) { if (threadIdx.x < 8) { p[0] = __shfl(p[1], "
     "0); " BAR " } }", "", "", 0},
    {"regions_fallback_sync_count",
     "__global__ void k(int* p) { " BAR " p[0] = __syncthreads_count(1); }",
     "", "", 0},
    {"regions_fallback_helper",
     "void h(int) { hipc_cpu_syncthreads(); } void g(int x) { h(x); } "
     "__global__ void k(int* p) { g(1); " BAR " }", "", "", 0},
    {"regions_helper_ok",
     "int h(int x) { return x + 1; } __global__ void k(int* p) { int v = "
     "h(p[0]); " BAR " p[1] = v; }", "", "", 1},
    {"regions_fallback_groups",
     "__global__ void k(int* p) { auto b = cooperative_groups::"
     "this_thread_block(); " BAR " }", "", "", 0},
    {"regions_fallback_reference",
     "__global__ void k(int* p) { int& r = p[0]; " BAR " r = 1; }", "", "",
     0},
    {"regions_fallback_binding",
     "__global__ void k(int* p) { auto [a, b] = f(p); " BAR " p[0] = a; }",
     "", "", 0},
    {"regions_fallback_decltype",
     "__global__ void k(int* p) { int x = 1; " BAR " decltype(x) y = x; "
     "p[0] = y; }", "", "", 0},
    {"regions_fallback_range_for",
     "__global__ void k(int* p) { for (int x : arr) { " BAR " } }", "", "",
     0},
    {"regions_fallback_cond_decl",
     "__global__ void k(int* p) { while (int x = *p) { " BAR " } }", "", "",
     0},
    {"regions_fallback_shadow",
     "__global__ void k(int* p) { int x = 1; for (;;) { int x = 2; " BAR
     " p[x] = 0; } p[x] = 1; }", "", "", 0},
    {"regions_fallback_qualified",
     "__global__ void ns::k(int* p) { " BAR " }", "", "", 0},
};

/* Whether `s` contains every '|'-separated part of `parts`. */
static int contains_all(const char *s, const char *parts) {
  while (*parts) {
    const char *bar = strchr(parts, '|');
    size_t n = bar ? (size_t)(bar - parts) : strlen(parts);
    char part[512];
    snprintf(part, sizeof part, "%.*s", (int)n, parts);
    if (strstr(s, part) == NULL)
      return 0;
    parts += n + (bar != NULL);
  }
  return 1;
}

static int run_region_case(const struct region_case *c) {
  char *out = NULL, *err = NULL;
  int ok = hipc__rewrite_text(c->in, strlen(c->in), &out, NULL, &err) == 0;
  if (ok)
    ok = contains_all(out, c->want) &&
         (!*c->avoid || strstr(out, c->avoid) == NULL) &&
         (strstr(out, "__hipc_regions_") != NULL) == c->region;
  if (!ok)
    printf("FAIL %s\n  input: %s\n  want (%s): %s\n  got:   %s\n", c->name,
           c->in, c->region ? "region form" : "fibers", c->want,
           out ? out : err);
  free(out), free(err);
  return ok;
}

static int selected(int argc, char **argv, const char *name) {
  if (argc < 2)
    return 1;
  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], name) == 0)
      return 1;
  return 0;
}

int main(int argc, char **argv) {
  int failed = 0, run = 0;
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    const struct rcase *c = &cases[i];
    if (!selected(argc, argv, c->name))
      continue;
    run++;
    char *out = NULL, *err = NULL;
    int rc = hipc__rewrite_text(c->in, strlen(c->in), &out, NULL, &err);
    const char *got = rc == 0 ? out : err;
    int ok = (rc != 0) == c->error && strcmp(got, c->out) == 0;
    if (ok && rc == 0 && lines(out) != lines(c->in)) {
      ok = 0;
      printf("FAIL %s: the number of lines changed\n", c->name);
    }
    if (!ok) {
      printf("FAIL %s (%s)\n  input:    %s\n  expected: %s\n  got:      "
             "%s\n", c->name, rc == 0 ? "rewrote" : "failed", c->in, c->out,
             got);
      failed++;
    }
    free(out);
    free(err);
  }
  for (size_t i = 0; i < sizeof region_exact / sizeof *region_exact; i++) {
    const struct rcase *c = &region_exact[i];
    if (!selected(argc, argv, c->name))
      continue;
    run++;
    char *out = NULL, *err = NULL;
    int rc = hipc__rewrite_text(c->in, strlen(c->in), &out, NULL, &err);
    if (rc != 0 || strcmp(out, c->out) != 0) {
      printf("FAIL %s\n  input:    %s\n  expected: %s\n  got:      %s\n",
             c->name, c->in, c->out, rc == 0 ? out : err);
      failed++;
    }
    free(out), free(err);
  }
  for (size_t i = 0; i < sizeof region_cases / sizeof *region_cases; i++) {
    if (!selected(argc, argv, region_cases[i].name))
      continue;
    run++;
    failed += !run_region_case(&region_cases[i]);
  }
  /* HIPC_NO_REGIONS=1 turns the transform off. */
  if (selected(argc, argv, "regions_disabled_by_env")) {
    struct region_case c = {"regions_disabled_by_env",
                            region_exact[0].in, "", "", 0};
    setenv("HIPC_NO_REGIONS", "1", 1);
    run++;
    failed += !run_region_case(&c);
    unsetenv("HIPC_NO_REGIONS");
  }
  printf("test_rewrite: %d of %d cases passed\n", run - failed, run);
  return failed ? 1 : 0;
}
