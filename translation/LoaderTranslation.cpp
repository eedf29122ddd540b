//===- LoaderTranslation.cpp - #offload.loader to LLVM IR -----------------===//
//
// Part of mlir-offload.
//
// For each gpu.binary @b, LLVM IR with:
//   @b_object_<i>   the bytes of each embedded object (NUL-terminated)
//   @b_objects      a table of MgpuObject (data, size, kind, arch) for libmgpu
//   @b_module       the loaded module, filled by @b_load in llvm.global_ctors
//                   (or on the first launch, when lazy) and released by
//                   @b_unload in llvm.global_dtors
//   @b_<k>_kernel   the handle of each launched kernel <k>, resolved once
// and each gpu.launch_func as one mgpuLaunchKernel (plus one
// mgpuStreamSynchronize when it is synchronous) on a cached kernel handle,
// with its argument block allocated once in the function's entry block.
//
//===----------------------------------------------------------------------===//

#include "translation/LoaderTranslation.h"

#include "dialects/OffloadDialect.h"
#include "translation/EmbeddedObjects.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVMIR/ModuleTranslation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <set>
#include <string>

using namespace mlir;
using namespace mlir::offload;

namespace {
struct LoaderAttrImpl
    : public gpu::OffloadingLLVMTranslationAttrInterface::FallbackModel<
          LoaderAttrImpl> {
  LogicalResult embedBinary(Attribute attribute, Operation *binaryOp,
                            llvm::IRBuilderBase &builder,
                            LLVM::ModuleTranslation &moduleTranslation) const;

  LogicalResult launchKernel(Attribute attribute, Operation *launchFuncOp,
                             Operation *binaryOp, llvm::IRBuilderBase &builder,
                             LLVM::ModuleTranslation &moduleTranslation) const;
};

/// Names of the globals and functions made for one binary.
struct Names {
  explicit Names(StringRef binary) : binary(binary.str()) {}
  std::string object(size_t i) const {
    return binary + "_object_" + std::to_string(i);
  }
  std::string objects() const { return binary + "_objects"; }
  std::string name() const { return binary + "_name"; }
  std::string module() const { return binary + "_module"; }
  std::string kernel(StringRef k) const {
    return binary + "_" + k.str() + "_kernel";
  }
  std::string kernelName(StringRef k) const { return kernel(k) + "_name"; }
  std::string load() const { return binary + "_load"; }
  std::string unload() const { return binary + "_unload"; }
  std::string binary;
};

/// The libmgpu functions this translation calls.
class Runtime {
public:
  explicit Runtime(llvm::Module &module)
      : module(module), context(module.getContext()),
        ptr(llvm::PointerType::get(context, 0)),
        i32(llvm::Type::getInt32Ty(context)),
        intPtr(module.getDataLayout().getIntPtrType(context)),
        voidTy(llvm::Type::getVoidTy(context)) {}

  /// struct MgpuObject { const void *data; uint64_t size; int32_t kind, arch,
  /// archVariant, reserved; }
  llvm::StructType *objectType() const {
    return llvm::StructType::get(
        context, {ptr, llvm::Type::getInt64Ty(context), i32, i32, i32, i32});
  }

  llvm::FunctionCallee loadObjects() {
    return declare("mgpuModuleLoadObjects", ptr, {ptr, i32, ptr});
  }
  llvm::FunctionCallee getFunction() {
    return declare("mgpuModuleGetFunction", ptr, {ptr, ptr});
  }
  llvm::FunctionCallee getFunctionLazily() {
    return declare("mgpuGetFunctionLazily", ptr,
                   {ptr, ptr, i32, ptr, ptr, ptr});
  }
  llvm::FunctionCallee unload() {
    return declare("mgpuModuleUnload", voidTy, {ptr});
  }
  llvm::FunctionCallee launch() {
    return declare("mgpuLaunchKernel", voidTy,
                   {ptr, intPtr, intPtr, intPtr, intPtr, intPtr, intPtr, i32,
                    ptr, ptr, ptr, intPtr});
  }
  llvm::FunctionCallee launchCluster() {
    return declare("mgpuLaunchClusterKernel", voidTy,
                   {ptr, intPtr, intPtr, intPtr, intPtr, intPtr, intPtr, intPtr,
                    intPtr, intPtr, i32, ptr, ptr, ptr});
  }
  llvm::FunctionCallee synchronize() {
    return declare("mgpuStreamSynchronize", voidTy, {ptr});
  }

  llvm::Module &module;
  llvm::LLVMContext &context;
  llvm::PointerType *ptr;
  llvm::IntegerType *i32;
  llvm::IntegerType *intPtr;
  llvm::Type *voidTy;

private:
  llvm::FunctionCallee declare(StringRef name, llvm::Type *result,
                               ArrayRef<llvm::Type *> params) {
    return module.getOrInsertFunction(
        name, llvm::FunctionType::get(result, params, /*isVarArg=*/false));
  }
};

llvm::GlobalVariable *createConstant(llvm::Module &module, llvm::Constant *init,
                                     const Twine &name, unsigned alignment) {
  auto *global =
      new llvm::GlobalVariable(module, init->getType(), /*isConstant=*/true,
                               llvm::GlobalValue::InternalLinkage, init, name);
  global->setAlignment(llvm::Align(alignment));
  return global;
}

llvm::GlobalVariable *createString(llvm::Module &module, StringRef text,
                                   const Twine &name) {
  llvm::GlobalVariable *global = createConstant(
      module, llvm::ConstantDataArray::getString(module.getContext(), text),
      name, 1);
  global->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);
  return global;
}

llvm::GlobalVariable *createHandle(llvm::Module &module, llvm::PointerType *ptr,
                                   const Twine &name) {
  auto *global = new llvm::GlobalVariable(
      module, ptr, /*isConstant=*/false, llvm::GlobalValue::InternalLinkage,
      llvm::ConstantPointerNull::get(ptr), name);
  global->setAlignment(llvm::Align(8));
  return global;
}

/// The kernels that gpu.launch_func ops launch from `binary`, sorted.
std::set<std::string> getLaunchedKernels(gpu::BinaryOp binary) {
  std::set<std::string> kernels;
  Operation *top = binary->getParentOp();
  top->walk([&](gpu::LaunchFuncOp launch) {
    if (launch.getKernelModuleName() == binary.getNameAttr())
      kernels.insert(launch.getKernelName().str());
  });
  return kernels;
}

llvm::Function *createFunction(llvm::Module &module, llvm::Type *voidTy,
                               const Twine &name) {
  auto *function = llvm::Function::Create(
      llvm::FunctionType::get(voidTy, /*isVarArg=*/false),
      llvm::GlobalValue::InternalLinkage, name, module);
  llvm::BasicBlock::Create(module.getContext(), "entry", function);
  return function;
}

} // namespace

LogicalResult
LoaderAttrImpl::embedBinary(Attribute attribute, Operation *binaryOp,
                            llvm::IRBuilderBase &builder,
                            LLVM::ModuleTranslation &moduleTranslation) const {
  auto binary = dyn_cast<gpu::BinaryOp>(binaryOp);
  if (!binary)
    return binaryOp->emitError("#offload.loader handles gpu.binary ops only");
  auto loader = cast<LoaderAttr>(attribute);
  FailureOr<SmallVector<EmbeddedObject>> objects =
      getObjectsToEmbed(binary, loader);
  if (failed(objects))
    return failure();

  llvm::Module &module = *moduleTranslation.getLLVMModule();
  Runtime runtime(module);
  Names names(binary.getName());

  // The objects, and the table that lets libmgpu choose among them.
  SmallVector<llvm::Constant *> entries;
  for (auto [i, object] : llvm::enumerate(*objects)) {
    StringRef bytes = object.object.getObject().getValue();
    // PTX must end in NUL for the driver; the others do not mind one.
    llvm::GlobalVariable *data = createConstant(
        module,
        llvm::ConstantDataArray::getString(runtime.context, bytes,
                                           /*AddNull=*/true),
        names.object(i), 16);
    entries.push_back(llvm::ConstantStruct::get(
        runtime.objectType(),
        {data,
         llvm::ConstantInt::get(llvm::Type::getInt64Ty(runtime.context),
                                bytes.size()),
         llvm::ConstantInt::get(runtime.i32, object.kind),
         llvm::ConstantInt::get(runtime.i32, object.arch),
         llvm::ConstantInt::get(runtime.i32, object.archVariant),
         llvm::ConstantInt::get(runtime.i32, 0)}));
  }
  auto *tableType = llvm::ArrayType::get(runtime.objectType(), entries.size());
  llvm::GlobalVariable *table = createConstant(
      module, llvm::ConstantArray::get(tableType, entries), names.objects(), 8);
  llvm::GlobalVariable *name =
      createString(module, binary.getName(), names.name());
  llvm::GlobalVariable *moduleHandle =
      createHandle(module, runtime.ptr, names.module());
  llvm::Constant *count = llvm::ConstantInt::get(runtime.i32, entries.size());

  std::set<std::string> kernels = getLaunchedKernels(binary);
  for (const std::string &kernel : kernels) {
    createHandle(module, runtime.ptr, names.kernel(kernel));
    createString(module, kernel, names.kernelName(kernel));
  }

  // Load in a global constructor, and resolve every launched kernel there,
  // unless loading waits for the first launch.
  if (!loader.isLazy()) {
    llvm::Function *load = createFunction(module, runtime.voidTy, names.load());
    llvm::IRBuilder<> body(&load->getEntryBlock());
    llvm::Value *loaded =
        body.CreateCall(runtime.loadObjects(), {table, count, name});
    body.CreateStore(loaded, moduleHandle);
    for (const std::string &kernel : kernels) {
      llvm::Value *handle = body.CreateCall(
          runtime.getFunction(),
          {loaded, module.getNamedGlobal(names.kernelName(kernel))});
      body.CreateStore(handle, module.getNamedGlobal(names.kernel(kernel)));
    }
    body.CreateRetVoid();
    llvm::appendToGlobalCtors(module, load, loader.getPriority());
  }

  // mgpuModuleUnload ignores a module never loaded (lazy, and no launch).
  llvm::Function *unload =
      createFunction(module, runtime.voidTy, names.unload());
  llvm::IRBuilder<> body(&unload->getEntryBlock());
  body.CreateCall(runtime.unload(),
                  {body.CreateLoad(runtime.ptr, moduleHandle)});
  body.CreateRetVoid();
  llvm::appendToGlobalDtors(module, unload, loader.getPriority());
  return success();
}

/// Stores the kernel operands in a block allocated once, in the entry block
/// of the enclosing function (not per launch: a launch in a loop would grow
/// the stack on every iteration), and returns the array of pointers to them.
static llvm::Value *packArguments(gpu::LaunchFuncOp launch,
                                  llvm::IRBuilderBase &builder,
                                  LLVM::ModuleTranslation &moduleTranslation,
                                  Runtime &runtime) {
  SmallVector<llvm::Value *> args =
      moduleTranslation.lookupValues(launch.getKernelOperands());
  SmallVector<llvm::Type *> types = llvm::map_to_vector(
      args, [](llvm::Value *arg) { return arg->getType(); });
  llvm::StructType *blockType = llvm::StructType::get(runtime.context, types);

  llvm::Function *function = builder.GetInsertBlock()->getParent();
  llvm::BasicBlock &entry = function->getEntryBlock();
  llvm::IRBuilder<> allocas(&entry, entry.getFirstInsertionPt());
  llvm::Value *block = allocas.CreateAlloca(blockType, nullptr, "kernel_args");
  llvm::Value *array =
      allocas.CreateAlloca(llvm::ArrayType::get(runtime.ptr, args.size()),
                           nullptr, "kernel_arg_ptrs");

  for (auto [i, arg] : llvm::enumerate(args)) {
    llvm::Value *field = builder.CreateStructGEP(blockType, block, i);
    builder.CreateStore(arg, field);
    builder.CreateStore(field,
                        builder.CreateConstGEP1_32(runtime.ptr, array, i));
  }
  return array;
}

/// The kernel handle: a load of its global; when loading is lazy, an acquire
/// load and, the first time only, a call that loads and resolves it.
static llvm::Value *getKernelHandle(llvm::IRBuilderBase &builder,
                                    Runtime &runtime, const Names &names,
                                    StringRef kernel, bool lazy) {
  llvm::Module &module = runtime.module;
  llvm::GlobalVariable *slot = module.getNamedGlobal(names.kernel(kernel));
  llvm::LoadInst *cached =
      builder.CreateAlignedLoad(runtime.ptr, slot, llvm::Align(8), "kernel");
  if (!lazy)
    return cached;
  cached->setAtomic(llvm::AtomicOrdering::Acquire);

  llvm::BasicBlock *current = builder.GetInsertBlock();
  llvm::Function *function = current->getParent();
  llvm::BasicBlock *resolve = llvm::BasicBlock::Create(
      runtime.context, "resolve_kernel", function, current->getNextNode());
  llvm::BasicBlock *ready = llvm::BasicBlock::Create(
      runtime.context, "kernel_ready", function, resolve->getNextNode());
  // Anything already after the insertion point belongs after the launch.
  ready->splice(ready->end(), current, builder.GetInsertPoint(),
                current->end());
  builder.SetInsertPoint(current);
  llvm::MDBuilder weights(runtime.context);
  builder.CreateCondBr(builder.CreateIsNull(cached), resolve, ready,
                       weights.createUnlikelyBranchWeights());

  builder.SetInsertPoint(resolve);
  llvm::Value *resolved = builder.CreateCall(
      runtime.getFunctionLazily(),
      {module.getNamedGlobal(names.module()),
       module.getNamedGlobal(names.objects()),
       llvm::ConstantInt::get(
           runtime.i32,
           cast<llvm::ArrayType>(
               module.getNamedGlobal(names.objects())->getValueType())
               ->getNumElements()),
       module.getNamedGlobal(names.name()),
       module.getNamedGlobal(names.kernelName(kernel)), slot});
  builder.CreateBr(ready);

  builder.SetInsertPoint(ready, ready->begin());
  llvm::PHINode *handle = builder.CreatePHI(runtime.ptr, 2, "kernel");
  handle->addIncoming(cached, current);
  handle->addIncoming(resolved, resolve);
  return handle;
}

LogicalResult
LoaderAttrImpl::launchKernel(Attribute attribute, Operation *launchFuncOp,
                             Operation *binaryOp, llvm::IRBuilderBase &builder,
                             LLVM::ModuleTranslation &moduleTranslation) const {
  auto launch = dyn_cast<gpu::LaunchFuncOp>(launchFuncOp);
  auto binary = dyn_cast<gpu::BinaryOp>(binaryOp);
  if (!launch || !binary)
    return launchFuncOp->emitError(
        "#offload.loader launches gpu.launch_func ops of gpu.binary ops");
  auto loader = cast<LoaderAttr>(attribute);
  StringRef kernel = launch.getKernelName().getValue();

  // Objects with a kernel table say which kernels they have.
  FailureOr<SmallVector<EmbeddedObject>> objects =
      getObjectsToEmbed(binary, loader);
  if (failed(objects))
    return failure();
  for (const EmbeddedObject &object : *objects) {
    gpu::KernelTableAttr table = object.object.getKernels();
    if (!table || table.lookup(kernel))
      continue;
    InFlightDiagnostic diag = launch.emitError()
                              << "gpu.binary @" << binary.getName()
                              << " has no kernel '" << kernel << "'";
    if (!table.empty()) {
      diag << "; its kernels: ";
      llvm::interleaveComma(table, diag, [&](gpu::KernelMetadataAttr k) {
        diag << k.getName().getValue();
      });
    }
    return diag;
  }

  llvm::Module &module = *moduleTranslation.getLLVMModule();
  Runtime runtime(module);
  Names names(binary.getName());
  if (!module.getNamedGlobal(names.kernel(kernel)))
    return launch.emitError() << "gpu.binary @" << binary.getName()
                              << " was not translated before this launch";

  auto value = [&](Value v) { return moduleTranslation.lookupValue(v); };
  gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
  gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
  llvm::Value *sharedMemory = launch.getDynamicSharedMemorySize()
                                  ? value(launch.getDynamicSharedMemorySize())
                                  : llvm::ConstantInt::get(runtime.i32, 0);
  llvm::Value *handle =
      getKernelHandle(builder, runtime, names, kernel, loader.isLazy());
  llvm::Value *args =
      packArguments(launch, builder, moduleTranslation, runtime);
  // A null stream is the calling thread's own stream in libmgpu.
  Value asyncObject = launch.getAsyncObject();
  llvm::Value *stream = asyncObject
                            ? value(asyncObject)
                            : llvm::ConstantPointerNull::get(runtime.ptr);
  llvm::Value *noExtra = llvm::ConstantPointerNull::get(runtime.ptr);

  if (launch.hasClusterSize()) {
    gpu::KernelDim3 cluster = launch.getClusterSizeOperandValues();
    builder.CreateCall(runtime.launchCluster(),
                       {handle, value(cluster.x), value(cluster.y),
                        value(cluster.z), value(grid.x), value(grid.y),
                        value(grid.z), value(block.x), value(block.y),
                        value(block.z), sharedMemory, stream, args, noExtra});
  } else {
    builder.CreateCall(
        runtime.launch(),
        {handle, value(grid.x), value(grid.y), value(grid.z), value(block.x),
         value(block.y), value(block.z), sharedMemory, stream, args, noExtra,
         llvm::ConstantInt::get(runtime.intPtr,
                                launch.getKernelOperands().size())});
  }
  if (!asyncObject)
    builder.CreateCall(runtime.synchronize(), {stream});
  return success();
}

void mlir::offload::registerLoaderTranslationInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, OffloadDialect *dialect) {
    LoaderAttr::attachInterface<LoaderAttrImpl>(*context);
  });
}
