//===- RocmSerializer.cpp - gpu.module to an AMDGPU code object -----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/rocm/RocmSerializer.h"

#include "dialects/rocm/RocmTargetAttr.h"
#include "object_format/ObjectFormat.h"
#include "target/common/Backend.h"
#include "target/common/LinkFiles.h"
#include "target/common/Lld.h"
#include "target/rocm/CodeObject.h"
#include "target/rocm/ControlVariables.h"
#include "target/rocm/LinkedFunctions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/IPO/Internalize.h"
#include "llvm/Transforms/Utils/Cloning.h"

// As upstream's targets, so that one -debug-only shows every serializer.
#define DEBUG_TYPE "serialize-to-binary"

using namespace llvm;

namespace mlir::offload::rocm {

/// The name LLVM's AMDGPU backend knows the chip by: the target ID's first
/// part, from the chip table (which outlives every serializer).
static StringRef getChipName(const object_format::AmdgpuTargetId &id) {
  return StringRef(id.chip->name.data(), id.chip->name.size());
}

RocmSerializer::RocmSerializer(gpu::GPUModuleOp module, RocmTargetAttr target,
                               const object_format::AmdgpuTargetId &id,
                               StringRef llvmFeatures,
                               const gpu::TargetOptions &options)
    : CachingSerializer(module, target, target.getTriple(), getChipName(id),
                        llvmFeatures, target.getO(), options),
      target(target), id(id),
      search(DeviceLibrarySearchPath::get(options.getToolkitPath())) {}

RocmSerializer::~RocmSerializer() = default;

InFlightDiagnostic RocmSerializer::emitModuleError() {
  // At the module's location, without the module itself, which
  // Operation::emitError would print in full after the message.
  return mlir::emitError(gpuModule.getLoc())
         << "cannot compile gpu.module @" << gpuModule.getName() << " for "
         << target.getChip() << ": ";
}

void RocmSerializer::handleModulePreLink(llvm::Module &module) {
  // Errors of the linker and the backend become diagnostics here, instead
  // of a message on stderr and the end of the process.
  llvmDiagnostics.install(module.getContext());
  // The backend writes this code object version, with its kernel argument
  // layout, instead of its own default (which changes between releases).
  module.addModuleFlag(llvm::Module::Error, "amdhsa_code_object_version",
                       target.getCodeObjectVersion());
  // The module's own arithmetic; the device libraries follow the controls.
  if (target.hasFlag("fast"))
    for (llvm::Function &function : module)
      for (Instruction &inst : instructions(function))
        if (isa<FPMathOperator>(inst))
          inst.setFast(true);
}

LogicalResult RocmSerializer::handleBitcodeFile(llvm::Module &module) {
  const Triple &fileTriple = module.getTargetTriple();
  if (!fileTriple.empty() && (fileTriple.getArch() != Triple::amdgcn ||
                              fileTriple.getOS() != Triple::AMDHSA))
    return emitModuleError()
           << "the bitcode file \"" << module.getModuleIdentifier()
           << "\" to link is for " << fileTriple.str() << ", not " << triple;
  // Metadata that ROCm's libraries carry and nothing reads (upstream drops
  // it too); the rest of a file's layout and triple is the target's.
  for (StringRef name : {"opencl.ocl.version", "llvm.ident"})
    if (NamedMDNode *node = module.getNamedMetadata(name))
      module.eraseNamedMetadata(node);
  setDataLayoutAndTriple(module);
  return success();
}

std::unique_ptr<llvm::Module>
RocmSerializer::loadFile(llvm::LLVMContext &context, StringRef path) {
  // Lazily, as ModuleToObject::loadBitcodeFile, whose error would print the
  // whole gpu.module after it.
  SMDiagnostic error;
  std::unique_ptr<llvm::Module> file =
      getLazyIRFileModule(path, error, context);
  if (!file) {
    emitModuleError() << "cannot read the bitcode file \"" << path
                      << "\": " << error.getMessage();
    return nullptr;
  }
  if (failed(handleBitcodeFile(*file)))
    return nullptr;
  return file;
}

LogicalResult RocmSerializer::checkLinkFile(llvm::Module &file) {
  // Its kernel argument layout and its device library calls follow its
  // version; the linker would only say that two values conflict.
  StringRef name = file.getModuleIdentifier();
  unsigned version = target.getCodeObjectVersion();
  if (auto *fileVersion = mdconst::extract_or_null<ConstantInt>(
          file.getModuleFlag("amdhsa_code_object_version"))) {
    uint64_t given = fileVersion->getZExtValue();
    if (given != version)
      return emitModuleError()
             << "the bitcode file \"" << name
             << "\" to link is for code object version " << given / 100
             << " (abi = \"" << given << "\"), not version " << version / 100
             << " (abi = \"" << version << "\"): build it for abi " << version
             << " or set the target's abi to " << given;
  }
  FailureOr<LinkTarget> linkTarget = getLinkTarget();
  if (failed(linkTarget))
    return failure();
  std::string problem = checkLinkFileTarget(file, name, *linkTarget);
  if (!problem.empty())
    return emitModuleError() << problem;
  markLinkFileFunctions(file, name);
  return success();
}

LogicalResult RocmSerializer::linkModule(llvm::Module &module,
                                         std::unique_ptr<llvm::Module> file) {
  std::string name = file->getModuleIdentifier();
  // Only what the module uses, made internal as upstream's linkFiles does:
  // a code object exports its kernels alone.
  auto internalize = [](llvm::Module &linked, const StringSet<> &imported) {
    internalizeModule(linked, [&](const GlobalValue &value) {
      return !value.hasName() || !imported.contains(value.getName());
    });
  };
  if (Linker::linkModules(module, std::move(file), Linker::LinkOnlyNeeded,
                          internalize))
    return emitModuleError() << "cannot link \"" << name
                             << "\": " << llvmDiagnostics.takeErrors();
  return success();
}

LogicalResult RocmSerializer::linkDeviceLibraries(llvm::Module &module) {
  SmallVector<LibraryNeed> needs = findNeededLibraries(module);
  if (needs.empty())
    return success();
  Expected<SmallVector<std::string>> paths = search.choose(needs);
  if (!paths)
    return emitModuleError() << toString(paths.takeError());
  bool withOcml = llvm::any_of(needs, [](const LibraryNeed &need) {
    return need.library->name == "ocml";
  });
  // Before the libraries, which declare them: the linker resolves those
  // declarations to these definitions.
  defineControlVariables(module, getControlValues(target, id), withOcml);
  for (const std::string &path : *paths) {
    std::unique_ptr<llvm::Module> library = loadFile(module.getContext(), path);
    if (!library)
      return failure();
    setTargetAttributes(*library, chip, features);
    LLVM_DEBUG(dbgs() << "gpu.module @" << gpuModule.getName() << " for "
                      << target.getChip() << " links " << path << "\n");
    if (failed(linkModule(module, std::move(library))))
      return failure();
    linkedLibraries.push_back(path);
  }
  return success();
}

LogicalResult
RocmSerializer::checkNothingUndefined(const llvm::Module &module) {
  for (const llvm::Function &function : module) {
    if (!function.isDeclaration() || function.isIntrinsic() ||
        function.use_empty())
      continue;
    StringRef name = function.getName();
    bool fromLibrary =
        llvm::any_of(getDeviceLibraries(), [&](const DeviceLibrary &library) {
          return name.starts_with(library.prefix);
        });
    InFlightDiagnostic diag = emitModuleError() << "it calls " << name;
    if (fromLibrary)
      return diag << ", which no device library defines";
    return diag << ", which nothing it links defines (its own functions, "
                   "the `link` files and the device libraries)";
  }
  for (const GlobalVariable &variable : module.globals())
    if (variable.isDeclaration() && !variable.use_empty())
      return emitModuleError()
             << "it refers to the global " << variable.getName()
             << ", which nothing it links defines";
  return success();
}

std::optional<SmallVector<std::unique_ptr<llvm::Module>>>
RocmSerializer::loadBitcodeFiles(llvm::Module &module) {
  // Everything is linked here rather than by ModuleToObject: which device
  // libraries the module needs is known once the `link` files are in (they
  // may call ocml too), and what stays undefined once the libraries are.
  SmallVector<Attribute> files = getFilesToLink(target.getLink(), options);
  if (failed(checkFilesToLink(files, [&] { return emitModuleError(); })))
    return std::nullopt;
  for (Attribute entry : files) {
    SmallVector<std::unique_ptr<llvm::Module>> loaded;
    if (auto path = dyn_cast<StringAttr>(entry)) {
      loaded.push_back(loadFile(module.getContext(), path.getValue()));
      if (!loaded.back())
        return std::nullopt;
    } else if (failed(loadBitcodeFilesFromList(module.getContext(), entry,
                                               loaded))) {
      // Bitcode held in a resource.
      return std::nullopt;
    }
    for (std::unique_ptr<llvm::Module> &file : loaded)
      if (failed(checkLinkFile(*file)) ||
          failed(linkModule(module, std::move(file))))
        return std::nullopt;
  }
  if (failed(linkDeviceLibraries(module)))
    return std::nullopt;
  // Bitcode may be linked further; an object never is, and a symbol left
  // undefined in it would only fail when the runtime loads it.
  if (options.getCompilationTarget() != gpu::CompilationTarget::Offload &&
      failed(checkNothingUndefined(module)))
    return std::nullopt;
  return SmallVector<std::unique_ptr<llvm::Module>>();
}

LogicalResult RocmSerializer::addToolsToKey(CacheKey &key) {
  // The libraries' bytes are in the linked module already; a reinstalled
  // library still makes a new key without a hash of it.
  for (const std::string &library : linkedLibraries)
    key.addFileIdentity(library);
  // Only a code object is linked.
  gpu::CompilationTarget format = options.getCompilationTarget();
  if (format == gpu::CompilationTarget::Binary ||
      format == gpu::CompilationTarget::Fatbin)
    addLinkerToKey(key);
  return success();
}

FailureOr<const Target *> RocmSerializer::lookupAmdgpuTarget() {
  std::string lookupError;
  const Target *llvmTarget =
      TargetRegistry::lookupTarget(Triple(triple), lookupError);
  if (!llvmTarget)
    return emitModuleError() << lookupError;
  return llvmTarget;
}

FailureOr<LinkTarget> RocmSerializer::getLinkTarget() {
  if (!subtarget) {
    FailureOr<const Target *> llvmTarget = lookupAmdgpuTarget();
    if (failed(llvmTarget))
      return failure();
    subtarget.reset(
        (*llvmTarget)->createMCSubtargetInfo(Triple(triple), chip, features));
  }
  return LinkTarget{id, target.getWaveSize(), *subtarget};
}

LogicalResult RocmSerializer::checkLinkedCode(llvm::Module &module) {
  FailureOr<LinkTarget> linkTarget = getLinkTarget();
  if (failed(linkTarget))
    return failure();
  std::string problem = checkLinkedFunctions(module, *linkTarget);
  if (!problem.empty())
    return emitModuleError() << problem;
  return success();
}

FailureOr<SmallVector<char, 0>>
RocmSerializer::runAmdgpuBackend(llvm::Module &module, CodeGenFileType type,
                                 bool keepModule) {
  FailureOr<const Target *> llvmTarget = lookupAmdgpuTarget();
  if (failed(llvmTarget))
    return failure();
  Triple parsed(triple);
  // PIC, as every AMDGPU code object; the target's `O` for code generation.
  std::unique_ptr<TargetMachine> machine(
      (*llvmTarget)
          ->createTargetMachine(parsed, chip, features, TargetOptions(),
                                Reloc::PIC_, std::nullopt,
                                getCodeGenOptLevel(target.getO())));
  std::unique_ptr<llvm::Module> copy =
      keepModule ? CloneModule(module) : nullptr;
  Expected<SmallVector<char, 0>> output =
      runBackend(copy ? *copy : module, *machine, type, "AMDGPU");
  std::string errors = llvmDiagnostics.takeErrors();
  if (!output)
    return emitModuleError() << toString(output.takeError());
  if (!errors.empty())
    return emitModuleError() << "the AMDGPU backend failed: " << errors;
  std::string warnings = llvmDiagnostics.takeWarnings();
  if (!warnings.empty())
    emitToolRemark("the AMDGPU backend for " + target.getChip() + ":\n" +
                   warnings);
  return std::move(*output);
}

FailureOr<SmallVector<char, 0>>
RocmSerializer::linkCodeObject(ArrayRef<char> object) {
  Expected<std::string> linker = findLinker();
  if (!linker)
    return emitModuleError() << toString(linker.takeError());
  // Debian's LLVM 22 ships no liblldELF to link in process: the tool, found
  // as the host target finds it. --build-id=none: the same bytes every time.
  Expected<LinkedObject> linked = linkObject(
      *linker, object, {"-shared", "--no-undefined", "--build-id=none"},
      "gpu.module @" + gpuModule.getName() + " (" + target.getChip() + ")");
  if (!linked)
    return emitModuleError() << toString(linked.takeError());
  StringRef tool = sys::path::filename(*linker);
  if (!linked->messages.empty())
    emitToolRemark(tool + " for " + target.getChip() + ":\n" +
                   linked->messages);
  object_format::Identity found =
      object_format::identify(linked->bytes.data(), linked->bytes.size());
  if (found.format != object_format::Format::AmdgpuObject)
    return emitModuleError() << tool
                             << " exited 0 without writing a code object (it "
                                "wrote "
                             << object_format::describe(found) << ")";
  // Anything else wrong is a bug here, not in the user's module.
  std::string problem = checkCodeObject(linked->bytes, id);
  if (!problem.empty())
    return emitModuleError() << "internal error: the code object " << problem;
  return std::move(linked->bytes);
}

FailureOr<SmallVector<char, 0>>
RocmSerializer::compileObject(llvm::Module &llvmModule) {
  LLVM_DEBUG({
    dbgs() << "LLVM IR of gpu.module @" << gpuModule.getName() << " for "
           << target.getChip() << ", linked and optimized:\n";
    llvmModule.print(dbgs(), nullptr);
  });
  if (failed(checkLinkedCode(llvmModule)))
    return failure();
  gpu::CompilationTarget format = options.getCompilationTarget();
  if (format == gpu::CompilationTarget::Offload)
    return ModuleToObject::moduleToObject(llvmModule);
  // The assembly of a code object is shown from a copy of the module, which
  // the backend consumes.
  if (isaCallback || format == gpu::CompilationTarget::Assembly) {
    FailureOr<SmallVector<char, 0>> assembly = runAmdgpuBackend(
        llvmModule, CodeGenFileType::AssemblyFile,
        /*keepModule=*/format != gpu::CompilationTarget::Assembly);
    if (failed(assembly))
      return failure();
    if (isaCallback)
      isaCallback(StringRef(assembly->data(), assembly->size()));
    if (format == gpu::CompilationTarget::Assembly)
      return assembly;
  }
  FailureOr<SmallVector<char, 0>> object =
      runAmdgpuBackend(llvmModule, CodeGenFileType::ObjectFile);
  if (failed(object))
    return failure();
  return linkCodeObject(*object);
}

} // namespace mlir::offload::rocm
