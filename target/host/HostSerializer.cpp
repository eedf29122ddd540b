//===- HostSerializer.cpp - gpu.module to a shared object -----------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/host/HostSerializer.h"
#include "target/host/HostStreamingStores.h"

#include "dialects/host/HostTargetAttr.h"
#include "object_format/ObjectFormat.h"
#include "target/common/Backend.h"
#include "target/common/FatalErrorRecovery.h"
#include "target/common/Lld.h"

#include "mgpu/mgpu.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

// As upstream's targets, so that one -debug-only shows every serializer.
#define DEBUG_TYPE "serialize-to-binary"

using namespace llvm;

namespace mlir::offload::host {

HostSerializer::HostSerializer(gpu::GPUModuleOp module, HostTargetAttr target,
                               const HostMachine &machine,
                               const gpu::TargetOptions &options)
    : CachingSerializer(module, target, machine.triple, machine.cpu,
                        machine.features, target.getO(), options),
      target(target), machine(machine) {}

InFlightDiagnostic HostSerializer::emitModuleError() {
  return gpuModule.emitError()
         << "cannot compile gpu.module @" << gpuModule.getName()
         << " for the host (" << machine.triple << ", " << machine.cpu << "): ";
}

FailureOr<SmallVector<char, 0>>
HostSerializer::emitObject(llvm::Module &llvmModule) {
  Triple triple(machine.triple);
  std::string lookupError;
  const Target *llvmTarget = TargetRegistry::lookupTarget(triple, lookupError);
  if (!llvmTarget)
    return emitModuleError() << lookupError;
  std::unique_ptr<TargetMachine> pic(llvmTarget->createTargetMachine(
      triple, machine.cpu, machine.features, TargetOptions(), Reloc::PIC_,
      std::nullopt, getCodeGenOptLevel(target.getO())));
  // What the runtime checks before it runs the object on a CPU.
  std::string features = listCpuFeatures(*pic->getMCSubtargetInfo());
  auto *list = ConstantDataArray::getString(llvmModule.getContext(), features);
  new GlobalVariable(llvmModule, list->getType(), /*isConstant=*/true,
                     GlobalValue::ExternalLinkage, list,
                     MGPU_HOST_CPU_FEATURES_SYMBOL);
  LLVM_DEBUG(dbgs() << "CPU features the object records: " << features << "\n");

  Expected<SmallVector<char, 0>> object =
      runBackend(llvmModule, *pic, CodeGenFileType::ObjectFile,
                 triple.getArchName(), getLibraryInfo());
  if (!object)
    return emitModuleError() << toString(object.takeError());
  return std::move(*object);
}

FailureOr<SmallVector<char, 0>>
HostSerializer::linkSharedObject(ArrayRef<char> object) {
  Expected<std::string> linker = findLinker();
  if (!linker)
    return emitModuleError() << toString(linker.takeError());
  std::vector<std::string> options = {
      "-shared", "--hash-style=gnu", "--build-id=none",
      "-z",      "noexecstack",      "-z",
      "now"};
  // Needed only by the objects that call it.
  if (vectorMath)
    options.insert(options.end(), {"--as-needed", vectorMath->getPath().str()});
  Expected<LinkedObject> linked =
      linkObject(*linker, object, options,
                 "gpu.module @" + gpuModule.getName() + " (host)");
  if (!linked)
    return emitModuleError() << toString(linked.takeError());
  if (!linked->messages.empty())
    emitToolRemark(sys::path::filename(*linker) + " for the host:\n" +
                   linked->messages);
  // A host shared object, or the linker did not do its job.
  object_format::Identity found =
      object_format::identify(linked->bytes.data(), linked->bytes.size());
  if (found.format != object_format::Format::HostObject)
    return emitModuleError() << sys::path::filename(*linker)
                             << " exited 0 without writing a shared object "
                                "(it wrote "
                             << object_format::describe(found) << ")";
  return std::move(linked->bytes);
}

/// The ELF machine of objects for `triple`, which #offload.host's verifier
/// holds to x86-64 and AArch64.
static int getElfMachine(const Triple &triple) {
  return triple.getArch() == Triple::aarch64 ? object_format::kElfMachineAArch64
                                             : object_format::kElfMachineX86_64;
}

/// `object`, once it is found to be a whole host shared object for
/// `triple`. linkSharedObject() checked the linker's output already: anything
/// else is a bug here, an internal error.
static FailureOr<SmallVector<char, 0>>
checkOutput(FailureOr<SmallVector<char, 0>> object, const Triple &triple,
            function_ref<InFlightDiagnostic()> error) {
  if (failed(object))
    return object;
  object_format::Identity found =
      object_format::identify(object->data(), object->size());
  int machine = getElfMachine(triple);
  if (found.format != object_format::Format::HostObject ||
      found.elfMachine != machine)
    return error() << "internal error: the serializer's output is "
                   << object_format::describe(found)
                   << ", where a host shared object for "
                   << object_format::describeElfMachine(machine)
                   << " was asked for";
  object_format::Extent extent =
      object_format::getExtent(object->data(), object->size());
  if (!extent.fits())
    return error() << "internal error: the serializer's output, "
                   << object_format::describe(found)
                   << ", is truncated or damaged: " << extent.problem;
  return object;
}

LogicalResult HostSerializer::findVectorMath() {
  if (vectorMathFound)
    return success();
  FailureOr<TargetMachine *> targetMachine = getOrCreateTargetMachine();
  if (failed(targetMachine))
    return emitModuleError() << "LLVM has no target machine for it";
  Triple triple(machine.triple);
  vectorMath = VectorMathLibrary::findLibmvec(
      triple, *(*targetMachine)->getMCSubtargetInfo());
  libraryInfo.emplace(triple);
  if (vectorMath)
    vectorMath->addTo(*libraryInfo);
  vectorMathFound = true;
  return success();
}

const TargetLibraryInfoImpl *HostSerializer::getLibraryInfo() {
  if (failed(findVectorMath()))
    return nullptr;
  return &*libraryInfo;
}

LogicalResult HostSerializer::addToolsToKey(CacheKey &key) {
  // The attribute may leave them to the compiling machine.
  key.add(machine.triple).add(machine.cpu).add(machine.features);
  if (failed(findVectorMath()))
    return failure();
  key.add(vectorMath ? vectorMath->describe() : "no vector math library");
  gpu::CompilationTarget format = options.getCompilationTarget();
  if (format != gpu::CompilationTarget::Binary &&
      format != gpu::CompilationTarget::Fatbin)
    return success();
  addLinkerToKey(key);
  return success();
}

FailureOr<SmallVector<char, 0>>
HostSerializer::compileObject(llvm::Module &llvmModule) {
  LLVM_DEBUG({
    dbgs() << "LLVM IR of gpu.module @" << gpuModule.getName()
           << " for the host, linked and optimized:\n";
    llvmModule.print(dbgs(), nullptr);
  });
  if (Triple(machine.triple).getArch() == Triple::x86_64)
    addStreamingStores(llvmModule);
  switch (options.getCompilationTarget()) {
  case gpu::CompilationTarget::Offload:
    return ModuleToObject::moduleToObject(llvmModule);
  case gpu::CompilationTarget::Assembly: {
    FailureOr<TargetMachine *> targetMachine = getOrCreateTargetMachine();
    if (failed(targetMachine))
      return failure();
    FailureOr<SmallString<0>> assembly = failure();
    std::string fatalError;
    if (failed(runRecoveringFatalErrors(
            [&] {
              assembly = translateModuleToISA(llvmModule, **targetMachine, [&] {
                return emitModuleError();
              });
            },
            fatalError)))
      return emitModuleError() << "the backend failed: " << fatalError;
    if (failed(assembly))
      return failure();
    if (isaCallback)
      isaCallback(*assembly);
    return SmallVector<char, 0>(assembly->begin(), assembly->end());
  }
  case gpu::CompilationTarget::Binary:
  case gpu::CompilationTarget::Fatbin: {
    FailureOr<SmallVector<char, 0>> object = emitObject(llvmModule);
    if (failed(object))
      return failure();
    return checkOutput(linkSharedObject(*object), Triple(machine.triple),
                       [&] { return emitModuleError(); });
  }
  }
  llvm_unreachable("unknown compilation target");
}

} // namespace mlir::offload::host
