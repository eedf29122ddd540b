//===- CudaSerializer.cpp - gpu.module to PTX, cubin, fatbin --------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/cuda/CudaSerializer.h"

#include "dialects/cuda/CudaChips.h"
#include "dialects/cuda/CudaTargetAttr.h"
#include "object_format/ObjectFormat.h"
#include "target/common/FatalErrorRecovery.h"
#include "target/common/LinkFiles.h"
#include "target/common/ToolInvocation.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

// As upstream's NVVM target, so that one -debug-only shows both.
#define DEBUG_TYPE "serialize-to-binary"

using namespace llvm;

namespace mlir::offload::cuda {

CudaSerializer::CudaSerializer(gpu::GPUModuleOp module, CudaTargetAttr target,
                               const gpu::TargetOptions &options)
    : CachingSerializer(module, target, target.getTriple(), target.getChip(),
                        target.getFeatures(), target.getO(), options),
      target(target), search(ToolkitSearchPath::get(options.getToolkitPath())) {
}

InFlightDiagnostic CudaSerializer::emitModuleError() {
  return gpuModule.emitError()
         << "cannot compile gpu.module @" << gpuModule.getName() << " for "
         << target.getChip() << ": ";
}

void CudaSerializer::handleModulePreLink(llvm::Module &module) {
  // Only the module's own code gets these: libdevice honours `ftz` through
  // the nvvm-reflect-ftz flag and keeps its own careful arithmetic otherwise.
  if (target.hasFlag("ftz")) {
    module.addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz", 1);
    for (llvm::Function &function : module)
      if (!function.isDeclaration())
        function.addFnAttr("denormal-fp-math-f32",
                           "preserve-sign,preserve-sign");
  }
  if (target.hasFlag("fast")) {
    for (llvm::Function &function : module)
      for (llvm::Instruction &inst : instructions(function))
        if (isa<FPMathOperator>(inst))
          inst.setFast(true);
  }
}

std::optional<SmallVector<std::unique_ptr<llvm::Module>>>
CudaSerializer::loadBitcodeFiles(llvm::Module &module) {
  SmallVector<std::unique_ptr<llvm::Module>> libraries;
  SmallVector<Attribute> files = getFilesToLink(target.getLink(), options);
  if (failed(checkFilesToLink(files, [&] { return emitModuleError(); })))
    return std::nullopt;
  if (failed(loadBitcodeFilesFromList(module.getContext(), files, libraries)))
    return std::nullopt;

  auto callsLibdevice = [](const llvm::Function &function) {
    return function.isDeclaration() && function.getName().starts_with("__nv_");
  };
  auto libdeviceUser = llvm::find_if(module, callsLibdevice);
  bool needsLibdevice = libdeviceUser != module.end();
  if (failed(chooseToolkit(needsLibdevice ? libdeviceUser->getName() : "")))
    return std::nullopt;
  if (!needsLibdevice)
    return libraries;
  Expected<std::string> libdevice = toolkit->find(kLibdevicePath);
  if (!libdevice) {
    emitModuleError() << "it calls " << libdeviceUser->getName()
                      << ", which libdevice defines, but "
                      << toString(libdevice.takeError());
    return std::nullopt;
  }
  std::unique_ptr<llvm::Module> library =
      loadBitcodeFile(module.getContext(), *libdevice);
  if (!library)
    return std::nullopt;
  libraries.push_back(std::move(library));
  return libraries;
}

/// Whether `format` runs the PTX assembler.
static bool assembles(gpu::CompilationTarget format) {
  return format == gpu::CompilationTarget::Binary ||
         format == gpu::CompilationTarget::Fatbin;
}

LogicalResult CudaSerializer::chooseToolkit(StringRef libdeviceUser) {
  static constexpr StringRef kLibdevice[] = {kLibdevicePath};
  static constexpr StringRef kEitherAssembler[] = {kNvJitLinkPath, kPtxasPath};
  static constexpr StringRef kPtxas[] = {kPtxasPath};
  static constexpr StringRef kNvJitLink[] = {kNvJitLinkPath};
  static constexpr StringRef kFatbinary[] = {kFatbinaryPath};
  SmallVector<ToolkitSearchPath::Need> needs;
  if (!libdeviceUser.empty())
    needs.push_back(
        {kLibdevice, ("libdevice, which defines " + libdeviceUser).str()});
  gpu::CompilationTarget format = options.getCompilationTarget();
  if (assembles(format)) {
    StringRef choice = target.getAssembler();
    std::string why = "to assemble the PTX";
    if (choice == "ptxas")
      needs.push_back({kPtxas, why + " (assembler = \"ptxas\")"});
    else if (choice == "nvjitlink")
      needs.push_back({kNvJitLink, why + " (assembler = \"nvjitlink\")"});
    else
      needs.push_back({kEitherAssembler, why});
    if (format == gpu::CompilationTarget::Fatbin)
      needs.push_back({kFatbinary, "to make the fatbin"});
  }
  if (needs.empty())
    return success();
  Expected<Toolkit> chosen = search.choose(needs);
  if (!chosen)
    return emitModuleError() << toString(chosen.takeError());
  toolkit = std::move(*chosen);
  LLVM_DEBUG(dbgs() << "CUDA toolkit for gpu.module @" << gpuModule.getName()
                    << ": " << toolkit->getRoot() << " ("
                    << toolkit->getOrigin() << ")\n");
  return success();
}

LogicalResult CudaSerializer::runTool(StringRef toolPath,
                                      ArrayRef<std::string> args) {
  Expected<std::string> program = toolkit->find(toolPath);
  if (!program)
    return emitModuleError() << toString(program.takeError());
  LLVM_DEBUG({
    dbgs() << "Tool invocation for gpu.module @" << gpuModule.getName() << " ("
           << target.getChip() << "):\n"
           << *program;
    for (const std::string &arg : args)
      dbgs() << " " << arg;
    dbgs() << "\n";
  });
  Expected<std::string> output = offload::runTool(*program, args);
  if (!output)
    return emitModuleError() << toString(output.takeError());
  // Warnings and `-v` statistics are worth seeing, but are not errors.
  if (!output->empty())
    emitToolRemark(sys::path::filename(toolPath) + " for " + target.getChip() +
                   ":\n" + *output);
  return success();
}

static object_format::Identity identify(ArrayRef<char> bytes) {
  return object_format::identify(bytes.data(), bytes.size());
}

/// What a tool made instead of `expected`, for its error: "" if it made that.
static std::string describeUnlessFormat(ArrayRef<char> bytes,
                                        object_format::Format expected) {
  object_format::Identity found = identify(bytes);
  if (found.format == expected)
    return "";
  return object_format::describe(found);
}

/// `object`, once it is found to be the whole object that `format` asks for
/// (PTX, a cubin, a fatbin; LLVM bitcode is not checked). Each tool's output
/// was checked already: anything else is a bug here, an internal error.
static FailureOr<SmallVector<char, 0>>
checkOutput(FailureOr<SmallVector<char, 0>> object,
            gpu::CompilationTarget format,
            function_ref<InFlightDiagnostic()> error) {
  using object_format::Format;
  if (failed(object) || format == gpu::CompilationTarget::Offload)
    return object;
  Format expected = format == gpu::CompilationTarget::Assembly ? Format::Ptx
                    : format == gpu::CompilationTarget::Binary ? Format::Cubin
                                                               : Format::Fatbin;
  object_format::Identity found = identify(*object);
  if (found.format != expected)
    return error() << "internal error: the serializer's output is "
                   << object_format::describe(found) << ", where "
                   << object_format::describeFormat(expected)
                   << " was asked for (format "
                   << gpu::stringifyCompilationTarget(format) << ")";
  object_format::Extent extent =
      object_format::getExtent(object->data(), object->size());
  if (!extent.fits())
    return error() << "internal error: the serializer's output, "
                   << object_format::describe(found)
                   << ", is truncated or damaged: " << extent.problem;
  return object;
}

/// Whether `option` sets ptxas's optimization level.
static bool isOptLevelOption(StringRef option) {
  return option.starts_with("-O") || option.starts_with("--opt-level");
}

std::vector<std::string> CudaSerializer::getPtxasOptions() {
  std::vector<std::string> extra;
  if (ArrayAttr fromTarget = target.getPtxasOptions())
    for (Attribute option : fromTarget)
      extra.push_back(cast<StringAttr>(option).str());
  auto [cmdArena, cmdOptions] = options.tokenizeCmdOptions();
  extra.insert(extra.end(), cmdOptions.begin(), cmdOptions.end());
  // ptxas optimizes at the target's level unless told otherwise (a second
  // level would only earn a warning).
  if (llvm::none_of(extra, isOptLevelOption))
    extra.insert(extra.begin(), "--opt-level=" + std::to_string(target.getO()));
  return extra;
}

FailureOr<const NvJitLink *> CudaSerializer::findNvJitLink() {
  StringRef choice = target.getAssembler();
  if (choice == "ptxas")
    return nullptr;
  auto unusable = [&](const Twine &why) -> FailureOr<const NvJitLink *> {
    LLVM_DEBUG(dbgs() << "nvJitLink not used: " << why << "\n");
    if (choice == "nvjitlink")
      return emitModuleError() << "assembler = \"nvjitlink\": " << why;
    return nullptr;
  };
  Expected<std::string> path = toolkit->find(kNvJitLinkPath);
  if (!path)
    return unusable(toString(path.takeError()));
  Expected<const NvJitLink *> library = NvJitLink::load(*path);
  if (!library)
    return unusable(toString(library.takeError()));
  std::optional<unsigned> requested =
      cantFail(parsePtxFeatures(target.getFeatures()));
  unsigned ptx =
      requested ? *requested : lookupChip(target.getChip())->minPtxVersion;
  unsigned needed = getCudaVersionForPtx(ptx);
  if ((*library)->getVersion() < needed)
    return unusable(*path + " is nvJitLink " +
                    formatPtxVersion((*library)->getVersion()) +
                    ", older than PTX ISA " + formatPtxVersion(ptx) +
                    " (CUDA " + formatPtxVersion(needed) + ")");
  return *library;
}

LogicalResult CudaSerializer::addToolsToKey(CacheKey &key) {
  gpu::CompilationTarget format = options.getCompilationTarget();
  if (!assembles(format))
    return success();
  // A tool that is missing goes into the key as its error, which the
  // compile then reports; nothing is stored for it.
  auto addTool = [&](StringRef relativePath) {
    Expected<std::string> path = toolkit->find(relativePath);
    if (path)
      key.addFileIdentity(*path);
    else
      key.add(toString(path.takeError()));
  };
  // Which assembler runs follows from the target and these files (nvJitLink
  // where its library loads and is new enough), so the files stand for it:
  // making the key loads no library, and a hit never needs one.
  StringRef choice = target.getAssembler();
  if (choice != "ptxas")
    addTool(kNvJitLinkPath);
  if (choice != "nvjitlink")
    addTool(kPtxasPath);
  if (format == gpu::CompilationTarget::Fatbin)
    addTool(kFatbinaryPath);
  return success();
}

void CudaSerializer::prepareToCompile() {
  if (!assembles(options.getCompilationTarget()) ||
      target.getAssembler() == "ptxas" ||
      !gpuModule->getContext()->isMultithreadingEnabled())
    return;
  // What goes wrong is reported when the assembly needs the library.
  Expected<std::string> path = toolkit->find(kNvJitLinkPath);
  if (!path) {
    consumeError(path.takeError());
    return;
  }
  NvJitLink::startLoading(*path);
  loadingNvJitLink = *path;
}

void CudaSerializer::finishCompile() {
  if (!loadingNvJitLink.empty())
    NvJitLink::finishLoading(loadingNvJitLink);
}

FailureOr<SmallVector<char, 0>> CudaSerializer::assembleCubin(StringRef ptx) {
  auto error = [&] { return emitModuleError(); };
  std::vector<std::string> ptxasOptions = getPtxasOptions();
  FailureOr<const NvJitLink *> assembler = findNvJitLink();
  if (failed(assembler))
    return failure();
  if (*assembler) {
    LLVM_DEBUG({
      dbgs() << "Tool invocation for gpu.module @" << gpuModule.getName()
             << " (" << target.getChip()
             << "):\nnvJitLink -arch=" << target.getChip();
      for (const std::string &option : ptxasOptions)
        dbgs() << " -Xptxas=" << option;
      dbgs() << "\n";
    });
    Expected<NvJitLink::Output> output =
        (*assembler)
            ->assemble(ptx, gpuModule.getName(), target.getChip(),
                       ptxasOptions);
    if (!output)
      return error() << toString(output.takeError());
    if (!output->infoLog.empty())
      emitToolRemark("nvJitLink for " + target.getChip() + ":\n" +
                     output->infoLog);
    std::string made =
        describeUnlessFormat(output->cubin, object_format::Format::Cubin);
    if (!made.empty())
      return error() << "nvJitLink succeeded without a cubin for "
                     << target.getChip() << " (it made " << made << ")";
    return std::move(output->cubin);
  }

  // ptxas only reads and writes files.
  FailureOr<SmallVector<char, 0>> cubin = failure();
  if (failed(withToolFiles([&](const TempDirectory &files) -> LogicalResult {
        Expected<std::string> ptxPath = files.write("module.ptx", ptx);
        if (!ptxPath)
          return error() << toString(ptxPath.takeError());
        std::vector<std::string> args = {"-arch", target.getChip().str()};
        args.insert(args.end(), ptxasOptions.begin(), ptxasOptions.end());
        args.insert(args.end(),
                    {"-o", files.getPath("module.cubin"), *ptxPath});
        if (failed(runTool(kPtxasPath, args)))
          return failure();
        Expected<SmallVector<char, 0>> bytes = files.read("module.cubin");
        if (!bytes) {
          consumeError(bytes.takeError());
          return error() << "ptxas exited 0 without writing a cubin for "
                         << target.getChip();
        }
        cubin = std::move(*bytes);
        return success();
      })))
    return failure();
  std::string wrote =
      describeUnlessFormat(*cubin, object_format::Format::Cubin);
  if (!wrote.empty())
    return error() << "ptxas exited 0 without writing a cubin for "
                   << target.getChip() << " (it wrote " << wrote << ")";
  return cubin;
}

LogicalResult CudaSerializer::withToolFiles(
    function_ref<LogicalResult(const TempDirectory &)> work) {
  Expected<TempDirectory> files = TempDirectory::create();
  if (!files)
    return emitModuleError() << toString(files.takeError());
  return work(*files);
}

LogicalResult CudaSerializer::bundleFatbin(StringRef ptxPath,
                                           StringRef cubinPath,
                                           StringRef fatbinPath) {
  std::string arch = getArchSuffix(*lookupChip(target.getChip())).str();
  return runTool(kFatbinaryPath,
                 {"-64", ("--create=" + fatbinPath).str(),
                  ("--image3=kind=elf,sm=" + arch + ",file=" + cubinPath).str(),
                  ("--image3=kind=ptx,sm=" + arch + ",file=" + ptxPath).str()});
}

FailureOr<SmallVector<char, 0>>
CudaSerializer::compileObject(llvm::Module &llvmModule) {
  gpu::CompilationTarget format = options.getCompilationTarget();
  if (format == gpu::CompilationTarget::Offload)
    return ModuleToObject::moduleToObject(llvmModule);

  LLVM_DEBUG({
    dbgs() << "LLVM IR of gpu.module @" << gpuModule.getName() << " for "
           << target.getChip() << ", linked and optimized:\n";
    llvmModule.print(dbgs(), nullptr);
  });
  FailureOr<llvm::TargetMachine *> targetMachine = getOrCreateTargetMachine();
  if (failed(targetMachine))
    return failure();
  auto error = [&] { return emitModuleError(); };
  FailureOr<SmallString<0>> ptx = failure();
  std::string fatalError;
  if (failed(runRecoveringFatalErrors(
          [&] {
            ptx = translateModuleToISA(llvmModule, **targetMachine, error);
          },
          fatalError))) {
    InFlightDiagnostic diag = emitModuleError()
                              << "the NVPTX backend failed: " << fatalError;
    // Most of what it cannot select is PTX newer than the default; other
    // failures (a symbol's name, say) have nothing to do with the version.
    StringRef why = fatalError;
    if (target.getFeatures().empty() &&
        (why.contains("Cannot select") || why.contains_insensitive("ptx")))
      diag << " (PTX ISA "
           << formatPtxVersion(lookupChip(target.getChip())->minPtxVersion)
           << ", the oldest for " << target.getChip()
           << ", was the target; `features = \"+ptxNN\"` picks a newer one)";
    return diag;
  }
  if (failed(ptx))
    return failure();
  LLVM_DEBUG(dbgs() << "PTX of gpu.module @" << gpuModule.getName() << " for "
                    << target.getChip() << ":\n"
                    << *ptx << "\n");
  if (isaCallback)
    isaCallback(*ptx);
  if (format == gpu::CompilationTarget::Assembly)
    return checkOutput(SmallVector<char, 0>(ptx->begin(), ptx->end()), format,
                       error);

  FailureOr<SmallVector<char, 0>> cubin = assembleCubin(*ptx);
  if (failed(cubin) || format == gpu::CompilationTarget::Binary)
    return checkOutput(std::move(cubin), format, error);

  // fatbinary only reads and writes files.
  FailureOr<SmallVector<char, 0>> fatbin = failure();
  if (failed(withToolFiles([&](const TempDirectory &files) -> LogicalResult {
        Expected<std::string> ptxPath = files.write("module.ptx", *ptx);
        if (!ptxPath)
          return error() << toString(ptxPath.takeError());
        Expected<std::string> cubinPath = files.write(
            "module.cubin", StringRef(cubin->data(), cubin->size()));
        if (!cubinPath)
          return error() << toString(cubinPath.takeError());
        if (failed(bundleFatbin(*ptxPath, *cubinPath,
                                files.getPath("module.fatbin"))))
          return failure();
        Expected<SmallVector<char, 0>> bytes = files.read("module.fatbin");
        if (!bytes) {
          consumeError(bytes.takeError());
          return error() << "fatbinary exited 0 without writing a fatbin";
        }
        fatbin = std::move(*bytes);
        return success();
      })))
    return failure();
  std::string wrote =
      describeUnlessFormat(*fatbin, object_format::Format::Fatbin);
  if (!wrote.empty())
    return error() << "fatbinary exited 0 without writing a fatbin (it wrote "
                   << wrote << ")";
  return checkOutput(std::move(fatbin), format, error);
}

} // namespace mlir::offload::cuda
