//===- vector_math_test.cc - Host kernels' math against the C library -----===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each math op of vector_math_kernels.mlir, compiled for the host and run
// by libmgpu's host backend, on inputs at random over every finite float
// (and over the range where the function's values are ordinary), the edges
// and the special values, against the C library's function one precision
// higher: double for float, long double for double. The loops vectorize
// through glibc's libmvec where the machine has it
// (testdata/target/host-vector-math.mlir checks that they do); its
// functions are within glibc's 4 ulp (3.4 measured), the scalar functions
// within 3; CUDA documents 1 to 4 ulp for the same float functions.
// Infinities, NaNs and signed zeros must be exactly the reference's.
//
//===----------------------------------------------------------------------===//

#include <gtest/gtest.h>

#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace {

/// A 1-D memref's descriptor, as the kernels' C interfaces take it.
template <typename T> using MemRef1 = StridedMemRefType<T, 1>;

template <typename T> MemRef1<T> MemRefOf(std::vector<T> &v) {
  return {v.data(), v.data(), 0, {int64_t(v.size())}, {1}};
}

} // namespace

#define UNARY(name)                                                            \
  extern "C" void _mlir_ciface_##name##_f32(MemRef1<float> *,                  \
                                            MemRef1<float> *);                 \
  extern "C" void _mlir_ciface_##name##_f64(MemRef1<double> *,                 \
                                            MemRef1<double> *);
#define BINARY(name)                                                           \
  extern "C" void _mlir_ciface_##name##_f32(                                   \
      MemRef1<float> *, MemRef1<float> *, MemRef1<float> *);                   \
  extern "C" void _mlir_ciface_##name##_f64(                                   \
      MemRef1<double> *, MemRef1<double> *, MemRef1<double> *);
UNARY(acos)
UNARY(acosh)
UNARY(asin)
UNARY(asinh)
UNARY(atan)
UNARY(atanh)
UNARY(cbrt)
UNARY(cos)
UNARY(cosh)
UNARY(erf)
UNARY(erfc)
UNARY(exp)
UNARY(exp2)
UNARY(expm1)
UNARY(log)
UNARY(log10)
UNARY(log1p)
UNARY(log2)
UNARY(sin)
UNARY(sinh)
UNARY(tan)
UNARY(tanh)
BINARY(atan2)
BINARY(powf)
#undef UNARY
#undef BINARY

namespace {

/// The largest error the tests allow, in units in the last place of the
/// correctly rounded result: glibc's bound for libmvec.
constexpr double kMaxUlps = 4.0;

/// How far `got` is from `want` (computed in a wider type), in units in the
/// last place of T at `want`; infinity where a special value differs.
template <typename T, typename Wide> double UlpError(T got, Wide want) {
  if (std::isnan(want) || std::isnan(got))
    return std::isnan(want) && std::isnan(got)
               ? 0
               : std::numeric_limits<double>::infinity();
  T rounded = static_cast<T>(want);
  if (std::isinf(rounded) || std::isinf(got))
    return got == rounded ? 0 : std::numeric_limits<double>::infinity();
  if (got == 0 && rounded == 0 && std::signbit(got) != std::signbit(rounded))
    return std::numeric_limits<double>::infinity();
  // The ulp of the binade of `want`, the smallest subnormal's below it.
  int exponent;
  std::frexp(static_cast<T>(std::fabs(want)), &exponent);
  T ulp = std::ldexp(T(1), std::max(exponent - std::numeric_limits<T>::digits,
                                    std::numeric_limits<T>::min_exponent -
                                        std::numeric_limits<T>::digits));
  return double(std::fabs(Wide(got) - want) / Wide(ulp));
}

/// Inputs: random bit patterns of finite values, random values in
/// [low, high], and the special values and edges.
template <typename T>
std::vector<T> MakeInputs(T low, T high, std::mt19937_64 &random) {
  using Bits = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
  std::vector<T> inputs = {
      T(0),
      -T(0),
      T(1),
      T(-1),
      T(0.5),
      T(-0.5),
      T(2),
      std::numeric_limits<T>::infinity(),
      -std::numeric_limits<T>::infinity(),
      std::numeric_limits<T>::quiet_NaN(),
      std::numeric_limits<T>::min(),
      std::numeric_limits<T>::denorm_min(),
      -std::numeric_limits<T>::denorm_min(),
      std::numeric_limits<T>::max(),
      std::numeric_limits<T>::lowest(),
      std::numeric_limits<T>::epsilon(),
      low,
      high,
      std::nextafter(low, high),
      std::nextafter(high, low),
  };
  std::uniform_int_distribution<Bits> bits;
  std::uniform_real_distribution<T> ordinary(low, high);
  while (inputs.size() < 40000) {
    Bits pattern = bits(random);
    T value;
    std::memcpy(&value, &pattern, sizeof(value));
    if (std::isfinite(value))
      inputs.push_back(value);
    inputs.push_back(ordinary(random));
  }
  return inputs;
}

/// `value` with every digit its type has.
template <typename T> std::string Show(T value) {
  char text[64];
  std::snprintf(text, sizeof(text), "%.*g",
                std::numeric_limits<T>::max_digits10, double(value));
  return text;
}

/// Expects every `out[i]` within kMaxUlps of `want(i)`; `call(i)` says what
/// was computed. Prints the largest error.
template <typename T, typename Wide>
void ExpectWithinUlps(const char *name, const std::vector<T> &out,
                      const std::function<Wide(size_t)> &want,
                      const std::function<std::string(size_t)> &call) {
  double worst = 0;
  std::string where;
  for (size_t i = 0; i < out.size(); ++i) {
    Wide wanted = want(i);
    double ulps = UlpError<T, Wide>(out[i], wanted);
    if (ulps > worst) {
      worst = ulps;
      where = call(i) + " = " + Show(out[i]) + ", want " + Show(T(wanted));
    }
  }
  EXPECT_LE(worst, kMaxUlps) << where;
  std::printf("%-8s %s: %.2f ulp at most\n", name,
              sizeof(T) == 4 ? "f32" : "f64", worst);
}

template <typename T, typename Wide>
void CheckUnary(const char *name, void (*kernel)(MemRef1<T> *, MemRef1<T> *),
                Wide (*reference)(Wide), T low, T high) {
  std::mt19937_64 random(42);
  std::vector<T> x = MakeInputs<T>(low, high, random);
  std::vector<T> out(x.size(), T(-7));
  MemRef1<T> mx = MemRefOf(x), mout = MemRefOf(out);
  kernel(&mx, &mout);
  ExpectWithinUlps<T, Wide>(
      name, out, [&](size_t i) { return reference(Wide(x[i])); },
      [&](size_t i) { return std::string(name) + "(" + Show(x[i]) + ")"; });
}

template <typename T, typename Wide>
void CheckBinary(const char *name,
                 void (*kernel)(MemRef1<T> *, MemRef1<T> *, MemRef1<T> *),
                 Wide (*reference)(Wide, Wide), T low, T high) {
  std::mt19937_64 random(7);
  std::vector<T> x = MakeInputs<T>(low, high, random);
  std::vector<T> y = MakeInputs<T>(low, high, random);
  std::shuffle(y.begin(), y.end(), random);
  std::vector<T> out(x.size(), T(-7));
  MemRef1<T> mx = MemRefOf(x), my = MemRefOf(y), mout = MemRefOf(out);
  kernel(&mx, &my, &mout);
  ExpectWithinUlps<T, Wide>(
      name, out, [&](size_t i) { return reference(Wide(x[i]), Wide(y[i])); },
      [&](size_t i) {
        return std::string(name) + "(" + Show(x[i]) + ", " + Show(y[i]) + ")";
      });
}

#define CHECK_UNARY(name, low, high)                                           \
  TEST(VectorMath, name) {                                                     \
    CheckUnary<float, double>(#name, _mlir_ciface_##name##_f32,                \
                              static_cast<double (*)(double)>(std::name),      \
                              float(low), float(high));                        \
    CheckUnary<double, long double>(                                           \
        #name, _mlir_ciface_##name##_f64,                                      \
        static_cast<long double (*)(long double)>(std::name), double(low),     \
        double(high));                                                         \
  }

CHECK_UNARY(acos, -1, 1)
CHECK_UNARY(acosh, 1, 100)
CHECK_UNARY(asin, -1, 1)
CHECK_UNARY(asinh, -100, 100)
CHECK_UNARY(atan, -100, 100)
CHECK_UNARY(atanh, -1, 1)
CHECK_UNARY(cbrt, -100, 100)
CHECK_UNARY(cos, -100, 100)
CHECK_UNARY(cosh, -80, 80)
CHECK_UNARY(erf, -5, 5)
CHECK_UNARY(erfc, -5, 10)
CHECK_UNARY(exp, -80, 80)
CHECK_UNARY(exp2, -120, 120)
CHECK_UNARY(expm1, -80, 80)
CHECK_UNARY(log, 0, 1000)
CHECK_UNARY(log10, 0, 1000)
CHECK_UNARY(log1p, -1, 1000)
CHECK_UNARY(log2, 0, 1000)
CHECK_UNARY(sin, -100, 100)
CHECK_UNARY(sinh, -80, 80)
CHECK_UNARY(tan, -100, 100)
CHECK_UNARY(tanh, -20, 20)

TEST(VectorMath, atan2) {
  CheckBinary<float, double>(
      "atan2", _mlir_ciface_atan2_f32,
      static_cast<double (*)(double, double)>(std::atan2), -100.f, 100.f);
  CheckBinary<double, long double>(
      "atan2", _mlir_ciface_atan2_f64,
      static_cast<long double (*)(long double, long double)>(std::atan2),
      -100.0, 100.0);
}

TEST(VectorMath, powf) {
  CheckBinary<float, double>("powf", _mlir_ciface_powf_f32,
                             static_cast<double (*)(double, double)>(std::pow),
                             0.f, 20.f);
  CheckBinary<double, long double>(
      "powf", _mlir_ciface_powf_f64,
      static_cast<long double (*)(long double, long double)>(std::pow), 0.0,
      20.0);
}

} // namespace
