//===- CudaSerializer.cpp - gpu.module to PTX, cubin, fatbin --------------===//
//
// Part of mlir-offload.
//
//===----------------------------------------------------------------------===//

#include "target/cuda/CudaSerializer.h"

#include "dialects/CudaChips.h"
#include "target/common/FatalErrorRecovery.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

// As upstream's NVVM target, so that one -debug-only shows both.
#define DEBUG_TYPE "serialize-to-binary"

using namespace llvm;

namespace mlir::offload::cuda {

CudaSerializer::CudaSerializer(gpu::GPUModuleOp module, CudaTargetAttr target,
                               const gpu::TargetOptions &options)
    : CachingSerializer(module, target, target.getTriple(), target.getChip(),
                        target.getFeatures(), target.getO(), options),
      target(target),
      toolkit(ToolkitSearchPath::get(options.getToolkitPath())) {}

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
  SmallVector<Attribute> files;
  if (ArrayAttr link = target.getLink())
    files.append(link.begin(), link.end());
  llvm::append_range(files, options.getLibrariesToLink());
  for (Attribute file : files) {
    auto path = dyn_cast<StringAttr>(file);
    if (path && !sys::fs::is_regular_file(path.getValue())) {
      emitModuleError() << "the bitcode file " << path
                        << " to link does not exist";
      return std::nullopt;
    }
  }
  if (failed(loadBitcodeFilesFromList(module.getContext(), files, libraries)))
    return std::nullopt;

  auto callsLibdevice = [](const llvm::Function &function) {
    return function.isDeclaration() && function.getName().starts_with("__nv_");
  };
  auto libdeviceUser = llvm::find_if(module, callsLibdevice);
  if (libdeviceUser == module.end())
    return libraries;
  Expected<std::string> libdevice = toolkit.find(kLibdevicePath);
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

namespace {
/// A temporary file, removed when it goes out of scope.
struct TempFile {
  SmallString<128> path;
  FileRemover remover;
};
} // namespace

static LogicalResult createTempFile(StringRef prefix, StringRef suffix,
                                    TempFile &file,
                                    function_ref<InFlightDiagnostic()> error) {
  if (std::error_code ec =
          sys::fs::createTemporaryFile(prefix, suffix, file.path))
    return error() << "cannot create a temporary file: " << ec.message();
  file.remover.setFile(file.path);
  return success();
}

static LogicalResult writeFile(StringRef path, StringRef contents,
                               function_ref<InFlightDiagnostic()> error) {
  std::error_code ec;
  raw_fd_ostream os(path, ec, sys::fs::OF_None);
  if (!ec) {
    os << contents;
    os.close();
    ec = os.error();
  }
  if (ec)
    return error() << "cannot write " << path << ": " << ec.message();
  return success();
}

static FailureOr<SmallVector<char, 0>>
readFile(StringRef path, function_ref<InFlightDiagnostic()> error) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer =
      MemoryBuffer::getFile(path, /*IsText=*/false);
  if (!buffer)
    return error() << "cannot read " << path << ": "
                   << buffer.getError().message();
  StringRef data = (*buffer)->getBuffer();
  return SmallVector<char, 0>(data.begin(), data.end());
}

LogicalResult CudaSerializer::runTool(StringRef toolPath,
                                      ArrayRef<std::string> args) {
  auto error = [&] { return emitModuleError(); };
  Expected<std::string> program = toolkit.find(toolPath);
  if (!program)
    return error() << toString(program.takeError());
  TempFile log;
  if (failed(createTempFile("offload-tool", "log", log, error)))
    return failure();

  SmallVector<StringRef> argv = {*program};
  argv.append(args.begin(), args.end());
  LLVM_DEBUG({
    dbgs() << "Tool invocation for gpu.module @" << gpuModule.getName() << " ("
           << target.getChip() << "):\n";
    interleave(argv, dbgs(), " ");
    dbgs() << "\n";
  });
  std::optional<StringRef> redirects[] = {std::nullopt, log.path.str(),
                                          log.path.str()};
  std::string execError;
  int status = sys::ExecuteAndWait(*program, argv, /*Env=*/std::nullopt,
                                   redirects, /*SecondsToWait=*/0,
                                   /*MemoryLimit=*/0, &execError);
  FailureOr<SmallVector<char, 0>> output = readFile(log.path, error);
  StringRef message = succeeded(output)
                          ? StringRef(output->data(), output->size()).rtrim()
                          : StringRef();
  if (status == 0) {
    // Warnings and `-v` statistics are worth seeing, but are not errors.
    if (!message.empty())
      emitToolRemark(sys::path::filename(toolPath) + " for " +
                     target.getChip() + ":\n" + message);
    return success();
  }
  InFlightDiagnostic diag = error();
  diag << sys::path::filename(toolPath) << " failed";
  if (status < 0)
    diag << " to run (" << execError << ")";
  else
    diag << " with exit code " << status;
  if (!message.empty())
    diag << ":\n" << message;
  return diag;
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
  if (nvJitLink)
    return *nvJitLink;
  auto decide = [&](const NvJitLink *library) {
    nvJitLink = library;
    return library;
  };
  StringRef choice = target.getAssembler();
  if (choice == "ptxas")
    return decide(nullptr);
  auto unusable = [&](const Twine &why) -> FailureOr<const NvJitLink *> {
    LLVM_DEBUG(dbgs() << "nvJitLink not used: " << why << "\n");
    if (choice == "nvjitlink")
      return emitModuleError() << "assembler = \"nvjitlink\": " << why;
    return decide(nullptr);
  };
  Expected<std::string> path = toolkit.find(kNvJitLinkPath);
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
  nvJitLinkPath = *path;
  return decide(*library);
}

LogicalResult CudaSerializer::addToolsToKey(CacheKey &key) {
  gpu::CompilationTarget format = options.getCompilationTarget();
  if (format == gpu::CompilationTarget::Offload ||
      format == gpu::CompilationTarget::Assembly)
    return success();
  FailureOr<const NvJitLink *> assembler = findNvJitLink();
  if (failed(assembler))
    return failure();
  // A tool that is missing goes into the key as its error, which the
  // compile then reports; nothing is stored for it.
  auto addTool = [&](StringRef relativePath) {
    Expected<std::string> path = toolkit.find(relativePath);
    if (path)
      key.addFileIdentity(*path);
    else
      key.add(toString(path.takeError()));
  };
  if (*assembler) {
    key.add("nvJitLink").add((*assembler)->getVersion());
    key.addFileIdentity(nvJitLinkPath);
  } else {
    key.add("ptxas");
    addTool(kPtxasPath);
  }
  if (format == gpu::CompilationTarget::Fatbin)
    addTool(kFatbinaryPath);
  return success();
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
    return std::move(output->cubin);
  }

  // ptxas only reads and writes files.
  std::string prefix = ("offload-" + gpuModule.getName()).str();
  TempFile ptxFile, cubinFile;
  if (failed(createTempFile(prefix, "ptx", ptxFile, error)) ||
      failed(createTempFile(prefix, "cubin", cubinFile, error)) ||
      failed(writeFile(ptxFile.path, ptx, error)))
    return failure();
  std::vector<std::string> args = {"-arch", target.getChip().str()};
  args.insert(args.end(), ptxasOptions.begin(), ptxasOptions.end());
  args.insert(args.end(),
              {"-o", cubinFile.path.str().str(), ptxFile.path.str().str()});
  if (failed(runTool(kPtxasPath, args)))
    return failure();
  return readFile(cubinFile.path, error);
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
    // Most of what it cannot select is PTX newer than the default.
    if (target.getFeatures().empty())
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
    return SmallVector<char, 0>(ptx->begin(), ptx->end());

  FailureOr<SmallVector<char, 0>> cubin = assembleCubin(*ptx);
  if (failed(cubin) || format == gpu::CompilationTarget::Binary)
    return cubin;

  // fatbinary only reads and writes files.
  std::string prefix = ("offload-" + gpuModule.getName()).str();
  TempFile ptxFile, cubinFile, fatbinFile;
  if (failed(createTempFile(prefix, "ptx", ptxFile, error)) ||
      failed(createTempFile(prefix, "cubin", cubinFile, error)) ||
      failed(createTempFile(prefix, "fatbin", fatbinFile, error)) ||
      failed(writeFile(ptxFile.path, *ptx, error)) ||
      failed(writeFile(cubinFile.path, StringRef(cubin->data(), cubin->size()),
                       error)) ||
      failed(bundleFatbin(ptxFile.path, cubinFile.path, fatbinFile.path)))
    return failure();
  return readFile(fatbinFile.path, error);
}

} // namespace mlir::offload::cuda
