//===- OffloadDialect.cpp - The offload dialect ---------------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialects/OffloadDialect.h"

#include "dialects/CudaChips.h"
#include "dialects/FeatureList.h"
#include "dialects/HostCpus.h"
#include "dialects/VulkanEnv.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/TargetParser/Triple.h"

using namespace mlir;
using namespace mlir::offload;

#include "dialects/OffloadDialect.cpp.inc"

#include "dialects/OffloadEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/OffloadAttrs.cpp.inc"

void OffloadDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/OffloadAttrs.cpp.inc"
      >();
  // The models live in the layers above (each target's serializer in
  // target/, the loader's translation in translation/), which register them
  // as DialectRegistry extensions, as upstream's targets do: a tool before
  // it makes its context, the plugin in its registry callback
  // (registration/). The promise lets a gpu.module list these attributes as
  // targets in a tool that links no serializer (offload-translate), and
  // names the missing model where one is used without being registered.
  declarePromisedInterface<gpu::TargetAttrInterface, CudaTargetAttr>();
  declarePromisedInterface<gpu::TargetAttrInterface, HostTargetAttr>();
  declarePromisedInterface<gpu::TargetAttrInterface, VulkanTargetAttr>();
  declarePromisedInterface<gpu::TargetAttrInterface, RocmTargetAttr>();
  declarePromisedInterface<gpu::OffloadingLLVMTranslationAttrInterface,
                           LoaderAttr>();
}

//===----------------------------------------------------------------------===//
// CudaTargetAttr
//===----------------------------------------------------------------------===//

static constexpr llvm::StringLiteral kKnownFlags[] = {"fast", "ftz"};

static LogicalResult
verifyStringArray(function_ref<InFlightDiagnostic()> emitError, ArrayAttr array,
                  StringRef what) {
  if (array && !llvm::all_of(array, llvm::IsaPred<StringAttr>))
    return emitError() << "'" << what << "' must be an array of strings";
  return success();
}

LogicalResult
CudaTargetAttr::verify(function_ref<InFlightDiagnostic()> emitError, int O,
                       StringRef triple, StringRef chip, StringRef features,
                       DictionaryAttr flags, ArrayAttr link,
                       ArrayAttr ptxasOptions, StringRef assembler) {
  if (O < 0 || O > 3)
    return emitError() << "optimization level O = " << O
                       << " is out of range; it must be 0, 1, 2 or 3";
  if (llvm::Triple(triple).getArch() != llvm::Triple::nvptx64)
    return emitError() << "unsupported triple '" << triple
                       << "'; #offload.cuda targets 'nvptx64-nvidia-cuda'";
  const cuda::Chip *info = cuda::lookupChip(chip);
  if (!info)
    return emitError() << "unknown chip '" << chip
                       << "'; supported chips: " << cuda::listSupportedChips();
  llvm::Expected<std::optional<unsigned>> ptx =
      cuda::parsePtxFeatures(features);
  if (!ptx)
    return emitError() << llvm::toString(ptx.takeError());
  if (*ptx && **ptx < info->minPtxVersion)
    return emitError() << "PTX ISA " << cuda::formatPtxVersion(**ptx)
                       << " cannot target " << chip << ", which needs +ptx"
                       << info->minPtxVersion
                       << " or newer (or no features, for the oldest that "
                          "works)";
  if (flags) {
    for (NamedAttribute flag : flags) {
      if (!llvm::is_contained(kKnownFlags, flag.getName().strref()))
        return emitError() << "unknown flag '" << flag.getName().strref()
                           << "'; known flags: fast, ftz";
      if (!isa<UnitAttr, BoolAttr>(flag.getValue()))
        return emitError() << "flag '" << flag.getName().strref()
                           << "' is set by its name alone or by true or "
                              "false, not by "
                           << flag.getValue();
    }
  }
  if (failed(verifyStringArray(emitError, link, "link")) ||
      failed(verifyStringArray(emitError, ptxasOptions, "ptxasOptions")))
    return failure();
  if (!llvm::is_contained({"", "nvjitlink", "ptxas"}, assembler))
    return emitError() << "unknown assembler '" << assembler
                       << "'; it is nvjitlink or ptxas (or absent, for "
                          "nvJitLink where the toolkit has it)";
  return success();
}

//===----------------------------------------------------------------------===//
// The names an object exports
//===----------------------------------------------------------------------===//

/// Whether `op`, in a gpu.module, is a kernel.
static bool isKernel(Operation *op) {
  if (auto function = dyn_cast<gpu::GPUFuncOp>(op))
    return function.isKernel();
  return op->hasAttr(gpu::GPUDialect::getKernelFuncAttrName());
}

/// Whether `op` defines a symbol that the compiled object keeps under its
/// name: a kernel, or a function or global with a body or value whose
/// linkage is not local. Declarations are resolved by name (libdevice,
/// intrinsics) and local symbols renamed by the backend.
static bool isExported(Operation *op) {
  auto symbol = dyn_cast<SymbolOpInterface>(op);
  if (!symbol || isKernel(op))
    return symbol != nullptr;
  if (symbol.isPrivate() || symbol.isDeclaration())
    return false;
  if (auto function = dyn_cast<FunctionOpInterface>(op);
      function && function.isExternal())
    return false;
  auto isLocal = [](LLVM::Linkage linkage) {
    return linkage == LLVM::Linkage::Internal ||
           linkage == LLVM::Linkage::Private;
  };
  if (auto function = dyn_cast<LLVM::LLVMFuncOp>(op))
    return !isLocal(function.getLinkage());
  if (auto global = dyn_cast<LLVM::GlobalOp>(op))
    return !isLocal(global.getLinkage()) &&
           (global.getValue() || !global.getInitializerRegion().empty());
  return isa<gpu::GPUFuncOp, FunctionOpInterface>(op);
}

/// Whether `name` is a PTX identifier: a letter followed by letters, digits,
/// '_' and '$', or '_', '$' or '%' followed by at least one of those.
static bool isPtxIdentifier(StringRef name) {
  auto follows = [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '$';
  };
  if (name.empty() || !llvm::all_of(name.drop_front(), follows))
    return false;
  if (llvm::isAlpha(name.front()))
    return true;
  return (name.front() == '_' || name.front() == '$' || name.front() == '%') &&
         name.size() > 1;
}

LogicalResult CudaTargetAttr::verifyTarget(Operation *module) const {
  for (Operation &op : module->getRegion(0).getOps()) {
    if (!isExported(&op))
      continue;
    StringRef name = cast<SymbolOpInterface>(op).getName();
    if (isPtxIdentifier(name))
      continue;
    return op.emitError()
           << (isKernel(&op) ? "kernel " : "symbol ")
           << FlatSymbolRefAttr::get(op.getContext(), name)
           << " cannot be compiled for #offload.cuda: PTX names are a letter "
              "followed by letters, digits, '_' and '$', or '_', '$' or '%' "
              "followed by at least one of those; rename it";
  }
  return success();
}

/// The runtime finds a kernel by its name as a C string, which ends at the
/// first NUL: two kernels would share the part before it. `target` names the
/// attribute, `why` says what else cannot take the name.
static LogicalResult verifyKernelNamesWithoutNul(Operation *module,
                                                 StringRef target,
                                                 StringRef why) {
  for (Operation &op : module->getRegion(0).getOps()) {
    auto symbol = dyn_cast<SymbolOpInterface>(op);
    if (!symbol || !isKernel(&op) || !symbol.getName().contains('\0'))
      continue;
    return op.emitError() << "kernel "
                          << FlatSymbolRefAttr::get(op.getContext(),
                                                    symbol.getName())
                          << " cannot be compiled for " << target
                          << ": its name holds a NUL character, " << why
                          << "; rename it";
  }
  return success();
}

LogicalResult HostTargetAttr::verifyTarget(Operation *module) const {
  return verifyKernelNamesWithoutNul(
      module, "#offload.host",
      "and the runtime looks kernels up by C strings, which end there");
}

/// Whether `flags` sets `flag`: by its name alone (`{fast}`) or `= true`.
static bool isFlagSet(DictionaryAttr flags, StringRef flag) {
  Attribute value = flags ? flags.get(flag) : Attribute();
  if (auto boolean = dyn_cast_or_null<BoolAttr>(value))
    return boolean.getValue();
  return isa_and_nonnull<UnitAttr>(value);
}

bool CudaTargetAttr::hasFlag(StringRef flag) const {
  return isFlagSet(getFlags(), flag);
}

//===----------------------------------------------------------------------===//
// HostTargetAttr
//===----------------------------------------------------------------------===//

LogicalResult
HostTargetAttr::verify(function_ref<InFlightDiagnostic()> emitError, int O,
                       StringRef triple, StringRef cpu, StringRef features) {
  if (O < 0 || O > 3)
    return emitError() << "optimization level O = " << O
                       << " is out of range; it must be 0, 1, 2 or 3";
  if (!triple.empty()) {
    llvm::Triple parsed(triple);
    if (parsed.getArch() != llvm::Triple::x86_64 &&
        parsed.getArch() != llvm::Triple::aarch64)
      return emitError() << "unsupported triple '" << triple
                         << "'; #offload.host targets x86_64 and aarch64 "
                            "CPUs (or, when empty, the compiling machine)";
  }
  if (cpu.trim() != cpu || cpu.contains(','))
    return emitError() << "cpu '" << cpu << "' is not a CPU name";
  if (failed(splitFeatureList(emitError, features, "+avx2,-avx512f")))
    return failure();
  return host::verifyCpuAndFeatures(emitError, triple, cpu, features);
}

//===----------------------------------------------------------------------===//
// LoaderAttr
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// RocmTargetAttr
//===----------------------------------------------------------------------===//

LogicalResult
RocmTargetAttr::verify(function_ref<InFlightDiagnostic()> emitError, int O,
                       StringRef triple, StringRef chip, StringRef features,
                       StringRef abi, bool wave64, DictionaryAttr flags,
                       ArrayAttr link) {
  FailureOr<object_format::AmdgpuTargetId> id =
      rocm::parseTargetId(emitError, chip);
  if (failed(id) ||
      failed(rocm::verifyParameters(emitError, O, triple, *id, features, abi,
                                    wave64, flags)))
    return failure();
  return verifyStringArray(emitError, link, "link");
}

/// Fails when `target` comes after another AMD target of `module` whose
/// code object the runtime could not tell from its own (the same chip, xnack
/// and sramecc) but whose waves are of another size: the runtime would pick
/// either, and a kernel's subgroups would change with it.
static LogicalResult verifyWaveSizeIsKnownByObject(Operation *module,
                                                   RocmTargetAttr target) {
  auto gpuModule = dyn_cast<gpu::GPUModuleOp>(module);
  ArrayAttr targets = gpuModule ? gpuModule.getTargetsAttr() : nullptr;
  if (!targets)
    return success();
  object_format::AmdgpuTargetId id = target.getTargetId();
  for (Attribute before : targets) {
    if (before == target)
      return success();
    auto other = dyn_cast<RocmTargetAttr>(before);
    if (!other || other.getWaveSize() == target.getWaveSize())
      continue;
    object_format::AmdgpuTargetId otherId = other.getTargetId();
    if (otherId.chip != id.chip ||
        object_format::getAmdgpuFeatureFlags(otherId) !=
            object_format::getAmdgpuFeatureFlags(id))
      continue;
    // At the module's location, without printing the whole module.
    return emitError(module->getLoc())
           << "gpu.module lists " << other << " and " << target
           << ", whose code objects the runtime cannot tell apart (both for "
           << other.getChip() << ") but whose waves differ ("
           << other.getWaveSize() << " and " << target.getWaveSize()
           << " lanes): keep one of them";
  }
  return success();
}

LogicalResult RocmTargetAttr::verifyTarget(Operation *module) const {
  if (failed(verifyWaveSizeIsKnownByObject(module, *this)))
    return failure();
  return verifyKernelNamesWithoutNul(module, "#offload.rocm",
                                     "which an ELF symbol's name cannot hold");
}

bool RocmTargetAttr::hasFlag(StringRef flag) const {
  return isFlagSet(getFlags(), flag);
}

object_format::AmdgpuTargetId RocmTargetAttr::getTargetId() const {
  std::optional<object_format::AmdgpuTargetId> id =
      object_format::parseAmdgpuTargetId(getChip().str(), nullptr);
  assert(id && "the verifier accepts target IDs only");
  return *id;
}

unsigned RocmTargetAttr::getWaveSize() const {
  return rocm::getWaveSize(getTargetId(), getWave64());
}

unsigned RocmTargetAttr::getCodeObjectVersion() const {
  unsigned version = 0;
  bool bad = getAbi().getAsInteger(10, version);
  assert(!bad && "the verifier accepts 400, 500 and 600 only");
  (void)bad;
  return version;
}

//===----------------------------------------------------------------------===//
// VulkanTargetAttr
//===----------------------------------------------------------------------===//

LogicalResult
VulkanTargetAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         StringRef version, ArrayAttr caps, ArrayAttr exts,
                         int maxSharedMemory, int maxInvocations) {
  return vulkan::verifyEnvironment(emitError, version, caps, exts,
                                   maxSharedMemory, maxInvocations);
}

LogicalResult VulkanTargetAttr::verifyTarget(Operation *module) const {
  return verifyKernelNamesWithoutNul(
      module, "#offload.vulkan",
      "which a SPIR-V entry point's name cannot hold");
}

LogicalResult LoaderAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 Attribute object, int priority,
                                 LoadMode load) {
  // `true` parses as an i1 integer, -1 when read as a signed index.
  if (isa_and_nonnull<BoolAttr>(object))
    return emitError() << "object must be an index or a GPU target attribute, "
                          "not "
                       << object;
  if (auto index = dyn_cast_or_null<IntegerAttr>(object);
      index && index.getValue().isNegative())
    return emitError() << "object index "
                       << llvm::toString(index.getValue(), 10, /*Signed=*/true)
                       << " is negative";
  // A promise is enough: the model may live in a library this tool does not
  // link (offload-translate has no serializer), and asking for the interface
  // itself would abort there.
  if (object && !isa<IntegerAttr>(object) &&
      !object.hasPromiseOrImplementsInterface<gpu::TargetAttrInterface>())
    return emitError() << "object must be an index or a GPU target attribute, "
                          "not "
                       << object;
  if (priority < 0 || priority > 65535)
    return emitError() << "priority " << priority
                       << " is out of range; it must be 0 to 65535";
  return success();
}
