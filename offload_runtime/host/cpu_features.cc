//===- cpu_features.cc - Whether this CPU runs a host object --------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/host/cpu_features.h"

#include <cstring>

#if defined(__x86_64__)
#include <cpuid.h>
#include <sys/syscall.h>
#include <unistd.h>
#elif defined(__aarch64__)
#include <sys/auxv.h>
#endif

namespace mgpu::host {
namespace {

#if defined(__x86_64__)

enum Register { kEax, kEbx, kEcx, kEdx };

/// The register state the OS must save for a feature's instructions to be
/// usable (XCR0), beyond what CPUID says the CPU has.
enum class Saved { kNone, kAvx, kAvx512, kAmx, kApx };

struct Feature {
  const char *name;
  unsigned leaf, subleaf;
  Register reg;
  unsigned bit;
  Saved saved;
};

// LLVM's names and where CPUID reports each (Intel SDM vol. 2, CPUID; AMD
// APM vol. 3, E.4), as LLVM's sys::getHostCPUFeatures reads them.
constexpr Feature kFeatures[] = {
    {"x87", 1, 0, kEdx, 0, Saved::kNone},
    {"cx8", 1, 0, kEdx, 8, Saved::kNone},
    {"cmov", 1, 0, kEdx, 15, Saved::kNone},
    {"mmx", 1, 0, kEdx, 23, Saved::kNone},
    {"fxsr", 1, 0, kEdx, 24, Saved::kNone},
    {"sse", 1, 0, kEdx, 25, Saved::kNone},
    {"sse2", 1, 0, kEdx, 26, Saved::kNone},
    {"sse3", 1, 0, kEcx, 0, Saved::kNone},
    {"pclmul", 1, 0, kEcx, 1, Saved::kNone},
    {"ssse3", 1, 0, kEcx, 9, Saved::kNone},
    {"fma", 1, 0, kEcx, 12, Saved::kAvx},
    {"cx16", 1, 0, kEcx, 13, Saved::kNone},
    {"sse4.1", 1, 0, kEcx, 19, Saved::kNone},
    {"sse4.2", 1, 0, kEcx, 20, Saved::kNone},
    {"crc32", 1, 0, kEcx, 20, Saved::kNone},
    {"movbe", 1, 0, kEcx, 22, Saved::kNone},
    {"popcnt", 1, 0, kEcx, 23, Saved::kNone},
    {"aes", 1, 0, kEcx, 25, Saved::kNone},
    {"xsave", 1, 0, kEcx, 26, Saved::kNone},
    {"avx", 1, 0, kEcx, 28, Saved::kAvx},
    {"f16c", 1, 0, kEcx, 29, Saved::kAvx},
    {"rdrnd", 1, 0, kEcx, 30, Saved::kNone},
    {"sahf", 0x80000001, 0, kEcx, 0, Saved::kNone},
    {"lzcnt", 0x80000001, 0, kEcx, 5, Saved::kNone},
    {"sse4a", 0x80000001, 0, kEcx, 6, Saved::kNone},
    {"prfchw", 0x80000001, 0, kEcx, 8, Saved::kNone},
    {"xop", 0x80000001, 0, kEcx, 11, Saved::kAvx},
    {"lwp", 0x80000001, 0, kEcx, 15, Saved::kNone},
    {"fma4", 0x80000001, 0, kEcx, 16, Saved::kAvx},
    {"tbm", 0x80000001, 0, kEcx, 21, Saved::kNone},
    {"mwaitx", 0x80000001, 0, kEcx, 29, Saved::kNone},
    {"64bit", 0x80000001, 0, kEdx, 29, Saved::kNone},
    {"clzero", 0x80000008, 0, kEbx, 0, Saved::kNone},
    {"rdpru", 0x80000008, 0, kEbx, 4, Saved::kNone},
    {"wbnoinvd", 0x80000008, 0, kEbx, 9, Saved::kNone},
    {"fsgsbase", 7, 0, kEbx, 0, Saved::kNone},
    {"sgx", 7, 0, kEbx, 2, Saved::kNone},
    {"bmi", 7, 0, kEbx, 3, Saved::kNone},
    {"avx2", 7, 0, kEbx, 5, Saved::kAvx},
    {"bmi2", 7, 0, kEbx, 8, Saved::kNone},
    {"invpcid", 7, 0, kEbx, 10, Saved::kNone},
    {"rtm", 7, 0, kEbx, 11, Saved::kNone},
    {"avx512f", 7, 0, kEbx, 16, Saved::kAvx512},
    {"avx512dq", 7, 0, kEbx, 17, Saved::kAvx512},
    {"rdseed", 7, 0, kEbx, 18, Saved::kNone},
    {"adx", 7, 0, kEbx, 19, Saved::kNone},
    {"avx512ifma", 7, 0, kEbx, 21, Saved::kAvx512},
    {"clflushopt", 7, 0, kEbx, 23, Saved::kNone},
    {"clwb", 7, 0, kEbx, 24, Saved::kNone},
    {"avx512cd", 7, 0, kEbx, 28, Saved::kAvx512},
    {"sha", 7, 0, kEbx, 29, Saved::kNone},
    {"avx512bw", 7, 0, kEbx, 30, Saved::kAvx512},
    {"avx512vl", 7, 0, kEbx, 31, Saved::kAvx512},
    {"prefetchwt1", 7, 0, kEcx, 0, Saved::kNone},
    {"avx512vbmi", 7, 0, kEcx, 1, Saved::kAvx512},
    {"pku", 7, 0, kEcx, 4, Saved::kNone},
    {"waitpkg", 7, 0, kEcx, 5, Saved::kNone},
    {"avx512vbmi2", 7, 0, kEcx, 6, Saved::kAvx512},
    {"shstk", 7, 0, kEcx, 7, Saved::kNone},
    {"gfni", 7, 0, kEcx, 8, Saved::kNone},
    {"vaes", 7, 0, kEcx, 9, Saved::kAvx},
    {"vpclmulqdq", 7, 0, kEcx, 10, Saved::kAvx},
    {"avx512vnni", 7, 0, kEcx, 11, Saved::kAvx512},
    {"avx512bitalg", 7, 0, kEcx, 12, Saved::kAvx512},
    {"avx512vpopcntdq", 7, 0, kEcx, 14, Saved::kAvx512},
    {"rdpid", 7, 0, kEcx, 22, Saved::kNone},
    {"kl", 7, 0, kEcx, 23, Saved::kNone},
    {"cldemote", 7, 0, kEcx, 25, Saved::kNone},
    {"movdiri", 7, 0, kEcx, 27, Saved::kNone},
    {"movdir64b", 7, 0, kEcx, 28, Saved::kNone},
    {"enqcmd", 7, 0, kEcx, 29, Saved::kNone},
    {"uintr", 7, 0, kEdx, 5, Saved::kNone},
    {"avx512vp2intersect", 7, 0, kEdx, 8, Saved::kAvx512},
    {"serialize", 7, 0, kEdx, 14, Saved::kNone},
    {"tsxldtrk", 7, 0, kEdx, 16, Saved::kNone},
    {"pconfig", 7, 0, kEdx, 18, Saved::kNone},
    {"amx-bf16", 7, 0, kEdx, 22, Saved::kAmx},
    {"avx512fp16", 7, 0, kEdx, 23, Saved::kAvx512},
    {"amx-tile", 7, 0, kEdx, 24, Saved::kAmx},
    {"amx-int8", 7, 0, kEdx, 25, Saved::kAmx},
    {"sha512", 7, 1, kEax, 0, Saved::kAvx},
    {"sm3", 7, 1, kEax, 1, Saved::kAvx},
    {"sm4", 7, 1, kEax, 2, Saved::kAvx},
    {"raoint", 7, 1, kEax, 3, Saved::kNone},
    {"avxvnni", 7, 1, kEax, 4, Saved::kAvx},
    {"avx512bf16", 7, 1, kEax, 5, Saved::kAvx512},
    {"cmpccxadd", 7, 1, kEax, 7, Saved::kNone},
    {"amx-fp16", 7, 1, kEax, 21, Saved::kAmx},
    {"hreset", 7, 1, kEax, 22, Saved::kNone},
    {"avxifma", 7, 1, kEax, 23, Saved::kAvx},
    {"movrs", 7, 1, kEax, 31, Saved::kNone},
    {"avxvnniint8", 7, 1, kEdx, 4, Saved::kAvx},
    {"avxneconvert", 7, 1, kEdx, 5, Saved::kAvx},
    {"amx-complex", 7, 1, kEdx, 8, Saved::kAmx},
    {"avxvnniint16", 7, 1, kEdx, 10, Saved::kAvx},
    {"prefetchi", 7, 1, kEdx, 14, Saved::kNone},
    {"usermsr", 7, 1, kEdx, 15, Saved::kNone},
    // APX: 32 general-purpose registers and the instructions that use them.
    {"egpr", 7, 1, kEdx, 21, Saved::kApx},
    {"push2pop2", 7, 1, kEdx, 21, Saved::kApx},
    {"ppx", 7, 1, kEdx, 21, Saved::kApx},
    {"ndd", 7, 1, kEdx, 21, Saved::kApx},
    {"ccmp", 7, 1, kEdx, 21, Saved::kApx},
    {"nf", 7, 1, kEdx, 21, Saved::kApx},
    {"cf", 7, 1, kEdx, 21, Saved::kApx},
    {"zu", 7, 1, kEdx, 21, Saved::kApx},
    {"xsaveopt", 0xd, 1, kEax, 0, Saved::kNone},
    {"xsavec", 0xd, 1, kEax, 1, Saved::kNone},
    {"xsaves", 0xd, 1, kEax, 3, Saved::kNone},
    {"ptwrite", 0x14, 0, kEbx, 4, Saved::kNone},
    {"widekl", 0x19, 0, kEbx, 2, Saved::kNone},
    {"amx-fp8", 0x1e, 1, kEax, 4, Saved::kAmx},
    {"amx-transpose", 0x1e, 1, kEax, 5, Saved::kAmx},
    {"amx-tf32", 0x1e, 1, kEax, 6, Saved::kAmx},
    {"amx-avx512", 0x1e, 1, kEax, 7, Saved::kAmx},
    {"amx-movrs", 0x1e, 1, kEax, 8, Saved::kAmx},
};

/// CPUID(leaf, subleaf), or zeros where the CPU has no such leaf or subleaf.
bool Cpuid(unsigned leaf, unsigned subleaf, unsigned out[4]) {
  out[0] = out[1] = out[2] = out[3] = 0;
  if (static_cast<unsigned>(__get_cpuid_max(leaf & 0x80000000u, nullptr)) <
      leaf)
    return false;
  if (subleaf && (leaf == 7 || leaf == 0x1e)) {
    // Subleaf 0's EAX is the highest subleaf of these leaves; others (0xd)
    // have every subleaf they document.
    unsigned first[4];
    __cpuid_count(leaf, 0, first[0], first[1], first[2], first[3]);
    if (first[0] < subleaf)
      return false;
  }
  __cpuid_count(leaf, subleaf, out[0], out[1], out[2], out[3]);
  return true;
}

/// XCR0: the register state the OS saves, or 0 without XSAVE.
unsigned long long SavedState() {
  unsigned regs[4];
  Cpuid(1, 0, regs);
  if (!((regs[kEcx] >> 27) & 1)) // OSXSAVE
    return 0;
  unsigned low, high;
  __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
  return (static_cast<unsigned long long>(high) << 32) | low;
}

/// Linux enables AMX's tile data per process, when asked.
bool AllowAmx() {
  constexpr int kArchRequestXcompPerm = 0x1023;
  constexpr int kXfeatureTileData = 18;
  return syscall(SYS_arch_prctl, kArchRequestXcompPerm, kXfeatureTileData) == 0;
}

bool HasSaved(Saved saved) {
  static const unsigned long long xcr0 = SavedState();
  auto all = [&](unsigned long long bits) { return (xcr0 & bits) == bits; };
  switch (saved) {
  case Saved::kNone:
    return true;
  case Saved::kAvx:
    return all(0x6);
  case Saved::kAvx512:
    return all(0xe6);
  case Saved::kAmx: {
    static const bool allowed = all(0x60000) && AllowAmx();
    return allowed;
  }
  case Saved::kApx:
    return all(1ull << 19);
  }
  return false;
}

/// Whether the CPU has `name`; false too for a name not detected here, which
/// `detected` then says.
bool HasFeature(std::string_view name, bool &detected) {
  detected = true;
  if (name == "avx10.1" || name == "avx10.2") {
    unsigned regs[4], version[4];
    bool avx10 = Cpuid(7, 1, regs) && ((regs[kEdx] >> 19) & 1) &&
                 Cpuid(0x24, 0, version) && HasSaved(Saved::kAvx512);
    return avx10 && (version[kEbx] & 0xff) >= (name == "avx10.1" ? 1u : 2u);
  }
  for (const Feature &feature : kFeatures) {
    if (name != feature.name)
      continue;
    unsigned regs[4];
    return Cpuid(feature.leaf, feature.subleaf, regs) &&
           ((regs[feature.reg] >> feature.bit) & 1) && HasSaved(feature.saved);
  }
  detected = false;
  return false;
}

std::string Brand() {
  unsigned regs[12];
  for (unsigned i = 0; i < 3; ++i)
    if (!Cpuid(0x80000002 + i, 0, regs + 4 * i))
      return "";
  std::string brand(reinterpret_cast<const char *>(regs), sizeof(regs));
  brand.resize(std::strlen(brand.c_str()));
  size_t first = brand.find_first_not_of(' ');
  return first == std::string::npos ? "" : brand.substr(first);
}

#elif defined(__aarch64__)

struct Feature {
  const char *name;
  int word; // AT_HWCAP or AT_HWCAP2
  unsigned long bit;
};

// LLVM's names and the kernel's HWCAPs (Documentation/arch/arm64/elf_hwcaps)
// of the features that code generation uses on its own: in vector and
// floating-point code (sha3's EOR3 and BCAX among them, for plain XORs),
// atomics, loads and stores and memcpy. The others (AES, SHA-1/2, SM4, CRC,
// random numbers, pointer authentication, memory tagging, SME...) reach an
// object only through intrinsics that a kernel in our dialects does not
// call, and some kernels do not report them to the guests they run; a target
// that lists them is not refused for them.
constexpr Feature kFeatures[] = {
    {"fp-armv8", AT_HWCAP, 1ul << 0},   {"neon", AT_HWCAP, 1ul << 1},
    {"lse", AT_HWCAP, 1ul << 8},        {"fullfp16", AT_HWCAP, 1ul << 9},
    {"rdm", AT_HWCAP, 1ul << 12},       {"complxnum", AT_HWCAP, 1ul << 14},
    {"rcpc", AT_HWCAP, 1ul << 15},      {"dotprod", AT_HWCAP, 1ul << 20},
    {"sve", AT_HWCAP, 1ul << 22},       {"fp16fml", AT_HWCAP, 1ul << 23},
    {"rcpc-immo", AT_HWCAP, 1ul << 26}, {"sve2", AT_HWCAP2, 1ul << 1},
    {"i8mm", AT_HWCAP2, 1ul << 13},     {"bf16", AT_HWCAP2, 1ul << 14},
    {"cssc", AT_HWCAP2, 1ul << 34},     {"mops", AT_HWCAP2, 1ul << 43},
    {"sha3", AT_HWCAP, 1ul << 17},
};

bool HasFeature(std::string_view name, bool &detected) {
  for (const Feature &feature : kFeatures)
    if (name == feature.name) {
      detected = true;
      return (getauxval(feature.word) & feature.bit) != 0;
    }
  detected = false;
  return false;
}

std::string Brand() { return ""; }

#else
#error "the host backend knows x86-64 and AArch64"
#endif

} // namespace

std::vector<std::string> MissingCpuFeatures(std::string_view required) {
  std::vector<std::string> missing;
  while (!required.empty()) {
    size_t comma = required.find(',');
    std::string_view name = required.substr(0, comma);
    required = comma == std::string_view::npos ? std::string_view()
                                               : required.substr(comma + 1);
    bool detected;
    if (!name.empty() && !HasFeature(name, detected) && detected)
      missing.emplace_back(name);
  }
  return missing;
}

std::string DescribeCpu() {
  std::string brand = Brand();
#if defined(__x86_64__)
  return brand.empty() ? "this x86-64 CPU" : brand;
#else
  return brand.empty() ? "this AArch64 CPU" : brand;
#endif
}

} // namespace mgpu::host
