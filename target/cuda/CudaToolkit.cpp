//===- CudaToolkit.cpp - Finding the CUDA toolkit -------------------------===//
//
// Part of mlir-offload.
//
//===----------------------------------------------------------------------===//

#include "target/cuda/CudaToolkit.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace mlir::offload::cuda {

ToolkitSearchPath ToolkitSearchPath::get(StringRef explicitRoot) {
  ToolkitSearchPath path;
  if (!explicitRoot.empty()) {
    path.candidates.push_back({explicitRoot.str(), "the toolkit option"});
    return path;
  }
  for (const char *var : {"CUDA_PATH", "CUDA_HOME", "CUDA_ROOT"}) {
    std::optional<std::string> value = sys::Process::GetEnv(var);
    if (value && !value->empty())
      path.candidates.push_back({*value, std::string("$") + var});
  }
  if (ErrorOr<std::string> ptxas = sys::findProgramByName("ptxas")) {
    SmallString<128> real;
    if (sys::fs::real_path(*ptxas, real))
      real = *ptxas;
    // <root>/bin/ptxas
    path.candidates.push_back(
        {sys::path::parent_path(sys::path::parent_path(real)).str(),
         "ptxas on PATH"});
  }
  path.candidates.push_back({"/usr/local/cuda", "the default location"});
  return path;
}

Expected<std::string> ToolkitSearchPath::find(StringRef relativePath) const {
  std::string searched;
  raw_string_ostream os(searched);
  for (const Candidate &candidate : candidates) {
    SmallString<256> file(candidate.root);
    sys::path::append(file, relativePath);
    if (sys::fs::exists(file) && !sys::fs::is_directory(file))
      return std::string(file);
    os << "\n  " << file << " (" << candidate.origin << ")";
  }
  return createStringError(
      inconvertibleErrorCode(),
      "cannot find the CUDA toolkit's %s; looked in:%s\nInstall the CUDA "
      "toolkit, or name it with the toolkit option of gpu-module-to-binary or "
      "$CUDA_PATH.",
      relativePath.str().c_str(), searched.c_str());
}

} // namespace mlir::offload::cuda
