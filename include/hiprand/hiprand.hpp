// hipRAND's C++ API (namespace hiprand_cpp, AMD's names): engines that own a
// hiprandGenerator_t, distributions that fill device memory from them, and
// hiprand_cpp::error, thrown for every status but success. A thin layer
// over the C API of hiprand/hiprand.h (link with -lhiprand).
#ifndef HIPRAND_HPP_
#define HIPRAND_HPP_

#include <climits>
#include <cmath>
#include <exception>
#include <limits>
#include <random>
#include <string>
#include <type_traits>

#include "hiprand/hiprand.h"

// hipc's default seeds (README.md, "hipRAND").
#define HIPRAND_PHILOX4x32_DEFAULT_SEED 0ULL
#define HIPRAND_XORWOW_DEFAULT_SEED 0ULL
#define HIPRAND_MRG32K3A_DEFAULT_SEED 0ULL
#define HIPRAND_MTGP32_DEFAULT_SEED 0ULL
#define HIPRAND_MT19937_DEFAULT_SEED 0ULL

namespace hiprand_cpp {

class error : public std::exception {
 public:
  typedef hiprandStatus_t error_type;

  explicit error(error_type e) noexcept : code_(e), text_(to_string(e)) {}
  error_type error_code() const noexcept { return code_; }
  std::string error_string() const noexcept { return text_; }
  const char* what() const noexcept override { return text_.c_str(); }

  static std::string to_string(error_type e) {
    switch (e) {
#define HIPRAND_HIPC_CASE(name) \
  case name:                    \
    return #name;
      HIPRAND_HIPC_CASE(HIPRAND_STATUS_SUCCESS)
      HIPRAND_HIPC_CASE(HIPRAND_STATUS_VERSION_MISMATCH)
      HIPRAND_HIPC_CASE(HIPRAND_STATUS_NOT_INITIALIZED)
      HIPRAND_HIPC_CASE(HIPRAND_STATUS_ALLOCATION_FAILED)
      HIPRAND_HIPC_CASE(HIPRAND_STATUS_TYPE_ERROR)
      HIPRAND_HIPC_CASE(HIPRAND_STATUS_OUT_OF_RANGE)
      HIPRAND_HIPC_CASE(HIPRAND_STATUS_LENGTH_NOT_MULTIPLE)
      HIPRAND_HIPC_CASE(HIPRAND_STATUS_DOUBLE_PRECISION_REQUIRED)
      HIPRAND_HIPC_CASE(HIPRAND_STATUS_LAUNCH_FAILURE)
      HIPRAND_HIPC_CASE(HIPRAND_STATUS_PREEXISTING_FAILURE)
      HIPRAND_HIPC_CASE(HIPRAND_STATUS_INITIALIZATION_FAILED)
      HIPRAND_HIPC_CASE(HIPRAND_STATUS_ARCH_MISMATCH)
      HIPRAND_HIPC_CASE(HIPRAND_STATUS_INTERNAL_ERROR)
      HIPRAND_HIPC_CASE(HIPRAND_STATUS_NOT_IMPLEMENTED)
#undef HIPRAND_HIPC_CASE
    }
    return "unknown hipRAND status " + std::to_string(static_cast<int>(e));
  }

  friend bool operator==(const error& a, const error& b) {
    return a.code_ == b.code_;
  }
  friend bool operator!=(const error& a, const error& b) { return !(a == b); }

 private:
  error_type code_;
  std::string text_;
};

namespace detail {

inline void check(hiprandStatus_t s) {
  if (s != HIPRAND_STATUS_SUCCESS)
    throw error(s);
}

// What every engine is: the owner of one generator of type Type.
template <hiprandRngType_t Type>
class engine_base {
 public:
  typedef unsigned int result_type;
  typedef hiprandOrdering_t order_type;
  typedef unsigned long long offset_type;

  engine_base(const engine_base&) = delete;
  engine_base& operator=(const engine_base&) = delete;
  engine_base(engine_base&& o) noexcept : m_generator(o.m_generator) {
    o.m_generator = nullptr;
  }
  engine_base& operator=(engine_base&& o) noexcept {
    if (this != &o) {
      if (m_generator != nullptr)
        hiprandDestroyGenerator(m_generator);
      m_generator = o.m_generator;
      o.m_generator = nullptr;
    }
    return *this;
  }
  ~engine_base() noexcept {
    if (m_generator != nullptr)
      hiprandDestroyGenerator(m_generator);
  }

  void stream(hipStream_t value) {
    check(hiprandSetStream(m_generator, value));
  }
  void order(order_type value) {
    check(hiprandSetGeneratorOrdering(m_generator, value));
  }
  void offset(offset_type value) {
    check(hiprandSetGeneratorOffset(m_generator, value));
  }
  // Fills output (device memory) with size 32-bit values.
  void operator()(result_type* output, size_t size) {
    check(hiprandGenerate(m_generator, output, size));
  }
  result_type min() const { return 0; }
  result_type max() const { return UINT_MAX; }
  static constexpr hiprandRngType_t type() { return Type; }

  // The generator (AMD's keeps it protected; the distributions use it).
  hiprandGenerator_t m_generator = nullptr;

 protected:
  engine_base() { check(hiprandCreateGenerator(&m_generator, Type)); }
  // Takes ownership of a generator made by the C API.
  explicit engine_base(hiprandGenerator_t& generator)
      : m_generator(generator) {
    if (generator == nullptr)
      throw error(HIPRAND_STATUS_NOT_INITIALIZED);
    generator = nullptr;
  }
};

template <hiprandRngType_t Type, unsigned long long DefaultSeed>
class pseudo_engine : public engine_base<Type> {
 public:
  typedef unsigned long long seed_type;
  typedef typename engine_base<Type>::offset_type offset_type;
  typedef typename engine_base<Type>::order_type order_type;
  static constexpr seed_type default_seed = DefaultSeed;

  pseudo_engine(seed_type seed_value = DefaultSeed,
                offset_type offset_value = 0,
                order_type order_value = HIPRAND_ORDERING_PSEUDO_DEFAULT) {
    this->order(order_value);
    if (offset_value != 0)
      this->offset(offset_value);
    seed(seed_value);
  }
  explicit pseudo_engine(hiprandGenerator_t& generator)
      : engine_base<Type>(generator) {}

  void seed(seed_type value) {
    check(hiprandSetPseudoRandomGeneratorSeed(this->m_generator, value));
  }
};

template <hiprandRngType_t Type, unsigned int DefaultNumDimensions>
class quasi_engine : public engine_base<Type> {
 public:
  typedef unsigned int dimensions_num_type;
  typedef typename engine_base<Type>::offset_type offset_type;
  typedef typename engine_base<Type>::order_type order_type;
  static constexpr dimensions_num_type default_num_dimensions =
      DefaultNumDimensions;

  quasi_engine(dimensions_num_type num_of_dimensions = DefaultNumDimensions,
               offset_type offset_value = 0,
               order_type order_value = HIPRAND_ORDERING_QUASI_DEFAULT) {
    this->order(order_value);
    if (offset_value != 0)
      this->offset(offset_value);
    dimensions(num_of_dimensions);
  }
  explicit quasi_engine(hiprandGenerator_t& generator)
      : engine_base<Type>(generator) {}

  void dimensions(dimensions_num_type value) {
    check(hiprandSetQuasiRandomGeneratorDimensions(this->m_generator, value));
  }
};

// The 64-bit quasi-random engines: 64-bit values.
template <hiprandRngType_t Type, unsigned int DefaultNumDimensions>
class quasi64_engine : public quasi_engine<Type, DefaultNumDimensions> {
 public:
  typedef unsigned long long result_type;
  using quasi_engine<Type, DefaultNumDimensions>::quasi_engine;

  // Fills output (device memory) with size 64-bit values.
  void operator()(result_type* output, size_t size) {
    check(hiprandGenerateLongLong(this->m_generator, output, size));
  }
  result_type min() const { return 0; }
  result_type max() const { return ULLONG_MAX; }
};

}  // namespace detail

template <unsigned long long DefaultSeed = HIPRAND_PHILOX4x32_DEFAULT_SEED>
using philox4x32_10_engine =
    detail::pseudo_engine<HIPRAND_RNG_PSEUDO_PHILOX4_32_10, DefaultSeed>;
template <unsigned long long DefaultSeed = HIPRAND_XORWOW_DEFAULT_SEED>
using xorwow_engine =
    detail::pseudo_engine<HIPRAND_RNG_PSEUDO_XORWOW, DefaultSeed>;
template <unsigned long long DefaultSeed = HIPRAND_MRG32K3A_DEFAULT_SEED>
using mrg32k3a_engine =
    detail::pseudo_engine<HIPRAND_RNG_PSEUDO_MRG32K3A, DefaultSeed>;
template <unsigned long long DefaultSeed = HIPRAND_MTGP32_DEFAULT_SEED>
using mtgp32_engine =
    detail::pseudo_engine<HIPRAND_RNG_PSEUDO_MTGP32, DefaultSeed>;
template <unsigned long long DefaultSeed = HIPRAND_MT19937_DEFAULT_SEED>
using mt19937_engine =
    detail::pseudo_engine<HIPRAND_RNG_PSEUDO_MT19937, DefaultSeed>;
template <unsigned int DefaultNumDimensions = 1>
using sobol32_engine =
    detail::quasi_engine<HIPRAND_RNG_QUASI_SOBOL32, DefaultNumDimensions>;
template <unsigned int DefaultNumDimensions = 1>
using scrambled_sobol32_engine =
    detail::quasi_engine<HIPRAND_RNG_QUASI_SCRAMBLED_SOBOL32,
                         DefaultNumDimensions>;

template <unsigned int DefaultNumDimensions = 1>
using sobol64_engine =
    detail::quasi64_engine<HIPRAND_RNG_QUASI_SOBOL64, DefaultNumDimensions>;
template <unsigned int DefaultNumDimensions = 1>
using scrambled_sobol64_engine =
    detail::quasi64_engine<HIPRAND_RNG_QUASI_SCRAMBLED_SOBOL64,
                           DefaultNumDimensions>;

typedef philox4x32_10_engine<> philox4x32_10;
typedef xorwow_engine<> xorwow;
typedef mrg32k3a_engine<> mrg32k3a;
typedef mtgp32_engine<> mtgp32;
typedef mt19937_engine<> mt19937;
typedef sobol32_engine<> sobol32;
typedef scrambled_sobol32_engine<> scrambled_sobol32;
typedef sobol64_engine<> sobol64;
typedef scrambled_sobol64_engine<> scrambled_sobol64;
typedef xorwow default_random_engine;
typedef std::random_device random_device;

inline int version() {
  int v = 0;
  detail::check(hiprandGetVersion(&v));
  return v;
}

template <class IntType = unsigned int>
class uniform_int_distribution {
  static_assert(std::is_same<IntType, unsigned char>::value ||
                    std::is_same<IntType, unsigned short>::value ||
                    std::is_same<IntType, unsigned int>::value,
                "IntType: unsigned char, unsigned short or unsigned int");

 public:
  typedef IntType result_type;
  uniform_int_distribution() {}
  void reset() {}
  IntType min() const { return 0; }
  IntType max() const { return static_cast<IntType>(~IntType(0)); }

  template <class Generator>
  void operator()(Generator& g, IntType* output, size_t size) {
    hiprandStatus_t s;
    if (std::is_same<IntType, unsigned char>::value)
      s = hiprandGenerateChar(g.m_generator,
                              reinterpret_cast<unsigned char*>(output), size);
    else if (std::is_same<IntType, unsigned short>::value)
      s = hiprandGenerateShort(
          g.m_generator, reinterpret_cast<unsigned short*>(output), size);
    else
      s = hiprandGenerate(g.m_generator,
                          reinterpret_cast<unsigned int*>(output), size);
    detail::check(s);
  }
  bool operator==(const uniform_int_distribution&) const { return true; }
  bool operator!=(const uniform_int_distribution&) const { return false; }
};

template <class RealType = float>
class uniform_real_distribution {
  static_assert(std::is_same<RealType, float>::value ||
                    std::is_same<RealType, double>::value,
                "RealType: float or double");

 public:
  typedef RealType result_type;
  uniform_real_distribution() {}
  void reset() {}
  RealType min() const { return std::nextafter(RealType(0), RealType(1)); }
  RealType max() const { return RealType(1); }

  template <class Generator>
  void operator()(Generator& g, RealType* output, size_t size) {
    detail::check(
        std::is_same<RealType, float>::value
            ? hiprandGenerateUniform(g.m_generator,
                                     reinterpret_cast<float*>(output), size)
            : hiprandGenerateUniformDouble(
                  g.m_generator, reinterpret_cast<double*>(output), size));
  }
  bool operator==(const uniform_real_distribution&) const { return true; }
  bool operator!=(const uniform_real_distribution&) const { return false; }
};

template <class RealType = float>
class normal_distribution {
  static_assert(std::is_same<RealType, float>::value ||
                    std::is_same<RealType, double>::value,
                "RealType: float or double");

 public:
  typedef RealType result_type;
  class param_type {
   public:
    typedef normal_distribution distribution_type;
    param_type(RealType mean = 0.0, RealType stddev = 1.0)
        : mean_(mean), stddev_(stddev) {}
    RealType mean() const { return mean_; }
    RealType stddev() const { return stddev_; }
    bool operator==(const param_type& o) const {
      return mean_ == o.mean_ && stddev_ == o.stddev_;
    }
    bool operator!=(const param_type& o) const { return !(*this == o); }

   private:
    RealType mean_, stddev_;
  };

  normal_distribution(RealType mean = 0.0, RealType stddev = 1.0)
      : p_(mean, stddev) {}
  explicit normal_distribution(const param_type& p) : p_(p) {}
  void reset() {}
  RealType mean() const { return p_.mean(); }
  RealType stddev() const { return p_.stddev(); }
  RealType min() const { return std::numeric_limits<RealType>::lowest(); }
  RealType max() const { return std::numeric_limits<RealType>::max(); }
  param_type param() const { return p_; }
  void param(const param_type& p) { p_ = p; }

  // size must be even (Box-Muller pairs) for pseudo-random engines.
  template <class Generator>
  void operator()(Generator& g, RealType* output, size_t size) {
    detail::check(
        std::is_same<RealType, float>::value
            ? hiprandGenerateNormal(g.m_generator,
                                    reinterpret_cast<float*>(output), size,
                                    static_cast<float>(mean()),
                                    static_cast<float>(stddev()))
            : hiprandGenerateNormalDouble(
                  g.m_generator, reinterpret_cast<double*>(output), size,
                  mean(), stddev()));
  }
  bool operator==(const normal_distribution& o) const { return p_ == o.p_; }
  bool operator!=(const normal_distribution& o) const { return !(*this == o); }

 private:
  param_type p_;
};

template <class RealType = float>
class lognormal_distribution {
  static_assert(std::is_same<RealType, float>::value ||
                    std::is_same<RealType, double>::value,
                "RealType: float or double");

 public:
  typedef RealType result_type;
  class param_type {
   public:
    typedef lognormal_distribution distribution_type;
    param_type(RealType m = 0.0, RealType s = 1.0) : m_(m), s_(s) {}
    RealType m() const { return m_; }
    RealType s() const { return s_; }
    bool operator==(const param_type& o) const {
      return m_ == o.m_ && s_ == o.s_;
    }
    bool operator!=(const param_type& o) const { return !(*this == o); }

   private:
    RealType m_, s_;
  };

  lognormal_distribution(RealType m = 0.0, RealType s = 1.0) : p_(m, s) {}
  explicit lognormal_distribution(const param_type& p) : p_(p) {}
  void reset() {}
  RealType m() const { return p_.m(); }
  RealType s() const { return p_.s(); }
  RealType min() const { return 0; }
  RealType max() const { return std::numeric_limits<RealType>::max(); }
  param_type param() const { return p_; }
  void param(const param_type& p) { p_ = p; }

  template <class Generator>
  void operator()(Generator& g, RealType* output, size_t size) {
    detail::check(
        std::is_same<RealType, float>::value
            ? hiprandGenerateLogNormal(g.m_generator,
                                       reinterpret_cast<float*>(output), size,
                                       static_cast<float>(m()),
                                       static_cast<float>(s()))
            : hiprandGenerateLogNormalDouble(
                  g.m_generator, reinterpret_cast<double*>(output), size,
                  m(), s()));
  }
  bool operator==(const lognormal_distribution& o) const {
    return p_ == o.p_;
  }
  bool operator!=(const lognormal_distribution& o) const {
    return !(*this == o);
  }

 private:
  param_type p_;
};

template <class IntType = unsigned int>
class poisson_distribution {
  static_assert(std::is_same<IntType, unsigned int>::value,
                "IntType: unsigned int");

 public:
  typedef IntType result_type;
  class param_type {
   public:
    typedef poisson_distribution distribution_type;
    param_type(double mean = 1.0) : mean_(mean) {}
    double mean() const { return mean_; }
    bool operator==(const param_type& o) const { return mean_ == o.mean_; }
    bool operator!=(const param_type& o) const { return !(*this == o); }

   private:
    double mean_;
  };

  poisson_distribution(double mean = 1.0) : p_(mean) {}
  explicit poisson_distribution(const param_type& p) : p_(p) {}
  void reset() {}
  double mean() const { return p_.mean(); }
  IntType min() const { return 0; }
  IntType max() const { return std::numeric_limits<IntType>::max(); }
  param_type param() const { return p_; }
  void param(const param_type& p) { p_ = p; }

  template <class Generator>
  void operator()(Generator& g, IntType* output, size_t size) {
    detail::check(hiprandGeneratePoisson(g.m_generator, output, size, mean()));
  }
  bool operator==(const poisson_distribution& o) const { return p_ == o.p_; }
  bool operator!=(const poisson_distribution& o) const {
    return !(*this == o);
  }

 private:
  param_type p_;
};

}  // namespace hiprand_cpp

#endif
