//===- HostVectorMath.cpp - The vector math library of host objects -------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/host/HostVectorMath.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/Twine.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <dlfcn.h>

#define DEBUG_TYPE "offload-host-vector-math"

using namespace llvm;

namespace mlir::offload::host {
namespace {

/// A function of glibc's libm that libmvec has vector variants of, in
/// float (`name` + "f") and double.
struct MathFunction {
  const char *name;
  unsigned arguments;
  /// Whether LLVM has an intrinsic for it (llvm.<name>.f32), which
  /// math-to-llvm makes of the math op, and the vectorizer sees instead of
  /// the call.
  bool intrinsic;
};

/// libmvec's functions on x86-64 (glibc 2.35 and later: 2.22 had sin, cos,
/// exp, log, pow), sincos left out: its results are pointers.
constexpr MathFunction kFunctions[] = {
    {"acos", 1, true},   {"acosh", 1, false}, {"asin", 1, true},
    {"asinh", 1, false}, {"atan", 1, true},   {"atan2", 2, true},
    {"atanh", 1, false}, {"cbrt", 1, false},  {"cos", 1, true},
    {"cosh", 1, true},   {"erf", 1, false},   {"erfc", 1, false},
    {"exp", 1, true},    {"exp10", 1, true},  {"exp2", 1, true},
    {"expm1", 1, false}, {"hypot", 2, false}, {"log", 1, true},
    {"log10", 1, true},  {"log1p", 1, false}, {"log2", 1, true},
    {"pow", 2, true},    {"sin", 1, true},    {"sinh", 1, true},
    {"tan", 1, true},    {"tanh", 1, true},
};

/// A vector variant's ISA in the x86-64 vector function ABI, and its width.
struct VectorIsa {
  char letter;
  unsigned bits;
};

/// Where this process's dynamic loader finds `soname`, a library that
/// defines `symbol`; empty if nowhere.
std::string findSharedLibrary(const char *soname, const char *symbol) {
  void *handle = dlopen(soname, RTLD_LAZY | RTLD_LOCAL);
  if (!handle)
    return "";
  std::string path;
  Dl_info info;
  if (void *address = dlsym(handle, symbol);
      address && dladdr(address, &info) && info.dli_fname)
    path = info.dli_fname;
  dlclose(handle);
  return path;
}

/// The names of the functions that the shared object at `path` exports.
Expected<StringSet<>> readExports(StringRef path) {
  Expected<object::OwningBinary<object::ObjectFile>> file =
      object::ObjectFile::createObjectFile(path);
  if (!file)
    return file.takeError();
  auto *elf = dyn_cast<object::ELFObjectFileBase>(file->getBinary());
  if (!elf)
    return createStringError(path + " is not an ELF shared object");
  StringSet<> exports;
  for (const object::ELFSymbolRef &symbol : elf->getDynamicSymbolIterators()) {
    Expected<StringRef> name = symbol.getName();
    if (!name)
      return name.takeError();
    if (symbol.getELFType() == ELF::STT_FUNC ||
        symbol.getELFType() == ELF::STT_GNU_IFUNC)
      exports.insert(*name);
  }
  return exports;
}

/// glibc's libmvec on this machine: where the loader finds it, and what it
/// exports.
struct LibmvecFile {
  std::string path;
  StringSet<> exports;
};

/// This machine's libmvec, looked up once a process: none where the loader
/// finds none, or its symbols cannot be read.
const std::optional<LibmvecFile> &getLibmvec() {
  static const std::optional<LibmvecFile> libmvec =
      []() -> std::optional<LibmvecFile> {
    // Its first functions, in every version.
    std::string path = findSharedLibrary("libmvec.so.1", "_ZGVbN4v_expf");
    if (path.empty())
      return std::nullopt;
    Expected<StringSet<>> exports = readExports(path);
    if (!exports) {
      LLVM_DEBUG(dbgs() << "libmvec left out: " << toString(exports.takeError())
                        << "\n");
      return std::nullopt;
    }
    return LibmvecFile{std::move(path), std::move(*exports)};
  }();
  return libmvec;
}

} // namespace

std::optional<VectorMathLibrary>
VectorMathLibrary::findLibmvec(const Triple &triple,
                               const MCSubtargetInfo &subtarget) {
  Triple process(sys::getProcessTriple());
  if (triple.getArch() != Triple::x86_64 || !triple.isOSLinux() ||
      !triple.isGNUEnvironment() || process.getArch() != triple.getArch() ||
      !process.isOSLinux())
    return std::nullopt;
  const std::optional<LibmvecFile> &libmvec = getLibmvec();
  if (!libmvec)
    return std::nullopt;
  VectorMathLibrary library;
  library.path = libmvec->path;
  SmallVector<VectorIsa, 2> isas = {{'b', 128}};
  if (subtarget.checkFeatures("+avx2"))
    isas.push_back({'d', 256});
  else if (subtarget.checkFeatures("+avx"))
    isas.push_back({'c', 256});

  StringSaver names(*library.storage);
  for (const MathFunction &function : kFunctions) {
    for (unsigned elementBits : {32u, 64u}) {
      std::string scalar =
          (Twine(function.name) + (elementBits == 32 ? "f" : "")).str();
      std::string intrinsic = (Twine("llvm.") + function.name +
                               (elementBits == 32 ? ".f32" : ".f64"))
                                  .str();
      std::string parameters(function.arguments, 'v');
      for (const VectorIsa &isa : isas) {
        unsigned lanes = isa.bits / elementBits;
        std::string vector = (Twine("_ZGV") + Twine(isa.letter) + "N" +
                              Twine(lanes) + parameters + "_" + scalar)
                                 .str();
        if (!libmvec->exports.contains(vector))
          continue;
        // LLVM's own ISA token: the vector arguments are passed as LLVM
        // passes a vector of their type, in the registers of `isa`'s width.
        StringRef prefix =
            names.save(Twine("_ZGV_LLVM_N") + Twine(lanes) + parameters);
        StringRef vectorName = names.save(vector);
        library.functions.emplace_back(names.save(scalar), vectorName,
                                       ElementCount::getFixed(lanes),
                                       /*Masked=*/false, prefix, std::nullopt);
        if (function.intrinsic)
          library.functions.emplace_back(
              names.save(intrinsic), vectorName, ElementCount::getFixed(lanes),
              /*Masked=*/false, prefix, std::nullopt);
      }
    }
  }
  if (library.functions.empty())
    return std::nullopt;
  LLVM_DEBUG(dbgs() << "vector math library:\n" << library.describe());
  return library;
}

void VectorMathLibrary::addTo(TargetLibraryInfoImpl &library) const {
  library.addVectorizableFunctions(functions);
}

std::string VectorMathLibrary::describe() const {
  std::string text;
  raw_string_ostream os(text);
  os << path << "\n";
  for (const VecDesc &function : functions)
    os << function.getScalarFnName() << " " << function.getVectorFnName() << " "
       << function.getVectorizationFactor().getFixedValue() << "\n";
  return text;
}

} // namespace mlir::offload::host
