/* hipc's environment variables, read and checked in one place (env.c).
 * Every HIPC_* variable the library reads goes through these: a value
 * that is set but not valid is reported once on stderr, naming the
 * variable, the value, what is allowed and what is used instead, never
 * silently ignored. Unset or empty means the default, silently. */
#ifndef HIPC_ENV_H
#define HIPC_ENV_H

/* The bounds of HIPC_CPU_STACK_KB (the fiber stacks of the CPU device). */
#define HIPC_CPU_STACK_KB_MIN 16
#define HIPC_CPU_STACK_KB_MAX (1L << 20)

/* An integer in [min, max] (decimal), else `fallback`. */
long hipc__env_int(const char* name, long min, long max, long fallback);
/* The index of the value in `choices` (a NULL-terminated list), else
 * `fallback`. */
int hipc__env_choice(const char* name, const char* const* choices,
                     int fallback);
/* A switch: "1" is on, "0" off; anything else is reported and taken as
 * `fallback`. */
int hipc__env_flag(const char* name, int fallback);

/* Prints "hipc: NAME=VALUE <why>; <using>" (once per NAME), for checks
 * of other kinds of values. */
void hipc__env_report(const char* name, const char* value, const char* why,
                      const char* using);

#endif /* HIPC_ENV_H */
