//===- LoaderTranslation.cpp - #offload.loader to LLVM IR -----------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// For each gpu.binary @b, LLVM IR with these internal symbols, whose names
// spell each MLIR name with its length first, so that no two binaries or
// kernels can share one (`<n>b` below is b's length and b):
//   @__offload.<n>b.object.<i>  the bytes of each embedded object
//                               (NUL-terminated)
//   @__offload.<n>b.objects     a table of MgpuObject (mgpu_abi.def)
//   @__offload.<n>b.name        b, for the runtime's messages
//   @__offload.<n>b.module      the loaded module, filled by
//                               @__offload.<n>b.load in llvm.global_ctors (or
//                               on the first launch, when lazy, whose objects
//                               @__offload.<n>b.register in llvm.global_ctors
//                               makes known to the runtime's choice of
//                               device) and released by
//                               @__offload.<n>b.unload in llvm.global_dtors
//   @__offload.<n>b.<m>k.kernel the handle of each launched kernel k,
//                               resolved once, and @__offload.<n>b.<m>k.name
// and each gpu.launch_func as one call on a cached kernel handle, with its
// argument block allocated once in the function's entry block:
// mgpuLaunchKernel when it is asynchronous, mgpuLaunchKernelAndSynchronize
// when it is synchronous (the runtime may then run it on the calling thread),
// mgpuLaunchClusterKernel (and mgpuStreamSynchronize) with a cluster.
//
// The values made for a binary are kept for its launches: nothing is found by
// name. A name that the module already uses is an error, never a silent
// rename.
//
//===----------------------------------------------------------------------===//

#include "translation/LoaderTranslation.h"

#include "abi/RuntimeAbi.h"
#include "dialects/OffloadDialect.h"
#include "translation/EmbeddedObjects.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Support/StateStack.h"
#include "mlir/Target/LLVMIR/ModuleTranslation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <algorithm>
#include <set>
#include <string>
#include <utility>

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

/// Names of the symbols made for one binary.
class Mangler {
public:
  explicit Mangler(StringRef binary)
      : prefix("__offload." + std::to_string(binary.size()) + binary.str()) {}
  std::string binary(StringRef what) const { return prefix + "." + what.str(); }
  std::string object(size_t index) const {
    return binary("object." + std::to_string(index));
  }
  std::string kernel(StringRef kernel, StringRef what) const {
    return prefix + "." + std::to_string(kernel.size()) + kernel.str() + "." +
           what.str();
  }

private:
  std::string prefix;
};

/// What the translation made for one kernel of a binary.
struct KernelGlobals {
  llvm::GlobalVariable *handle;
  llvm::GlobalVariable *name;
};

/// What the translation made for one gpu.binary, kept for its launches.
struct BinaryGlobals {
  llvm::GlobalVariable *objects;
  unsigned objectCount;
  llvm::GlobalVariable *name;
  llvm::GlobalVariable *module;
  llvm::StringMap<KernelGlobals> kernels;
};

/// The binaries translated so far: a frame on the ModuleTranslation's state
/// stack, pushed at the first gpu.binary and never popped, so that it lives
/// exactly as long as the translation of the module. (Binaries are
/// translated before the functions that launch their kernels.)
struct LoaderState : public StateStackFrameBase<LoaderState> {
  llvm::DenseMap<StringAttr, BinaryGlobals> binaries;
};

LoaderState *findState(LLVM::ModuleTranslation &moduleTranslation) {
  LoaderState *state = nullptr;
  moduleTranslation.stackWalk<LoaderState>([&](LoaderState &frame) {
    state = &frame;
    return WalkResult::interrupt();
  });
  return state;
}

LoaderState &getOrCreateState(LLVM::ModuleTranslation &moduleTranslation) {
  if (LoaderState *state = findState(moduleTranslation))
    return *state;
  moduleTranslation.stackPush<LoaderState>();
  return *findState(moduleTranslation);
}

/// The libmgpu functions this translation calls, declared from the ABI table.
class Runtime {
public:
  explicit Runtime(LLVM::ModuleTranslation &moduleTranslation)
      : moduleTranslation(moduleTranslation),
        module(*moduleTranslation.getLLVMModule()),
        context(module.getContext()), ptr(llvm::PointerType::get(context, 0)),
        i32(llvm::Type::getInt32Ty(context)),
        intPtr(module.getDataLayout().getIntPtrType(context)),
        voidTy(llvm::Type::getVoidTy(context)) {}

  /// The declaration of `entryPoint`; a symbol of that name that is not the
  /// runtime's function is an error at `op`.
  FailureOr<llvm::FunctionCallee> get(abi::EntryPoint entryPoint,
                                      Operation *op) {
    LLVM::LLVMFunctionType mlirType = abi::getFunctionType(
        op->getContext(), entryPoint, intPtr->getBitWidth());
    auto *type =
        cast<llvm::FunctionType>(moduleTranslation.convertType(mlirType));
    StringRef name = abi::getName(entryPoint);
    if (llvm::GlobalValue *existing = module.getNamedValue(name)) {
      auto *function = dyn_cast<llvm::Function>(existing);
      if (!function || function->getFunctionType() != type)
        return op->emitError()
               << "the symbol @" << name
               << " is taken: the mgpu runtime's entry point of that name has "
                  "type "
               << mlirType;
      return llvm::FunctionCallee(function);
    }
    return module.getOrInsertFunction(name, type);
  }

  /// struct MgpuObject, as the table lays it out.
  llvm::StructType *objectType(MLIRContext *mlirContext) {
    return cast<llvm::StructType>(
        moduleTranslation.convertType(abi::getStructType(
            mlirContext, abi::Struct::MgpuObject, intPtr->getBitWidth())));
  }

  LLVM::ModuleTranslation &moduleTranslation;
  llvm::Module &module;
  llvm::LLVMContext &context;
  llvm::PointerType *ptr;
  llvm::IntegerType *i32;
  llvm::IntegerType *intPtr;
  llvm::Type *voidTy;
};

/// Makes the binary's symbols, each under a name that must still be free.
class SymbolFactory {
public:
  SymbolFactory(llvm::Module &module, gpu::BinaryOp binary)
      : module(module), binary(binary) {}

  FailureOr<llvm::GlobalVariable *>
  constant(llvm::Constant *init, const std::string &name, unsigned alignment) {
    if (failed(checkFree(name)))
      return failure();
    auto *global = new llvm::GlobalVariable(
        module, init->getType(), /*isConstant=*/true,
        llvm::GlobalValue::InternalLinkage, init, name);
    global->setAlignment(llvm::Align(alignment));
    return global;
  }

  FailureOr<llvm::GlobalVariable *> string(StringRef text,
                                           const std::string &name) {
    FailureOr<llvm::GlobalVariable *> global = constant(
        llvm::ConstantDataArray::getString(module.getContext(), text), name, 1);
    if (succeeded(global))
      (*global)->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);
    return global;
  }

  /// A pointer-sized slot, null until the runtime fills it.
  FailureOr<llvm::GlobalVariable *> handle(const std::string &name) {
    if (failed(checkFree(name)))
      return failure();
    auto *ptr = llvm::PointerType::get(module.getContext(), 0);
    auto *global = new llvm::GlobalVariable(
        module, ptr, /*isConstant=*/false, llvm::GlobalValue::InternalLinkage,
        llvm::ConstantPointerNull::get(ptr), name);
    global->setAlignment(llvm::Align(8));
    return global;
  }

  /// A `void ()` function with an empty entry block.
  FailureOr<llvm::Function *> function(const std::string &name) {
    if (failed(checkFree(name)))
      return failure();
    auto *function = llvm::Function::Create(
        llvm::FunctionType::get(llvm::Type::getVoidTy(module.getContext()),
                                /*isVarArg=*/false),
        llvm::GlobalValue::InternalLinkage, name, module);
    llvm::BasicBlock::Create(module.getContext(), "entry", function);
    return function;
  }

private:
  LogicalResult checkFree(const std::string &name) {
    if (!module.getNamedValue(name))
      return success();
    return binary.emitError()
           << "cannot translate gpu.binary @" << binary.getName()
           << ": the symbol @" << name
           << " that #offload.loader makes for it is already defined";
  }

  llvm::Module &module;
  gpu::BinaryOp binary;
};

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

/// The MgpuObject entry of `object`, whose bytes are `data`.
llvm::Constant *describeObject(llvm::StructType *type,
                               const EmbeddedObject &object,
                               llvm::GlobalVariable *data, uint64_t size) {
  SmallVector<llvm::Constant *> fields(type->getNumElements());
  auto integer = [&](unsigned field, uint64_t value) {
    fields[field] = llvm::ConstantInt::get(type->getElementType(field), value);
  };
  fields[abi::MgpuObjectField::data] = data;
  integer(abi::MgpuObjectField::size, size);
  integer(abi::MgpuObjectField::kind, object.kind);
  integer(abi::MgpuObjectField::arch, object.arch);
  integer(abi::MgpuObjectField::archVariant, object.archVariant);
  integer(abi::MgpuObjectField::reserved, 0);
  assert(llvm::all_of(fields, [](llvm::Constant *c) { return c; }) &&
         "a field of MgpuObject is not filled");
  return llvm::ConstantStruct::get(type, fields);
}

} // namespace

/// The objects, the table of MgpuObject that lets libmgpu choose among them,
/// the binary's name and the handle of its module; the kernels' globals are
/// added to it later.
static FailureOr<BinaryGlobals>
makeBinaryGlobals(gpu::BinaryOp binary, ArrayRef<EmbeddedObject> objects,
                  Runtime &runtime, const Mangler &names,
                  SymbolFactory &symbols) {
  llvm::StructType *objectType = runtime.objectType(binary.getContext());
  SmallVector<llvm::Constant *> entries;
  for (auto [i, object] : llvm::enumerate(objects)) {
    StringRef bytes = object.object.getObject().getValue();
    // PTX must end in NUL for the driver; the others do not mind one.
    FailureOr<llvm::GlobalVariable *> data = symbols.constant(
        llvm::ConstantDataArray::getString(runtime.context, bytes,
                                           /*AddNull=*/true),
        names.object(i), 16);
    if (failed(data))
      return failure();
    entries.push_back(describeObject(objectType, object, *data, bytes.size()));
  }
  auto *tableType = llvm::ArrayType::get(objectType, entries.size());
  // Every name is checked before giving up, so that one run reports each
  // one that the module already takes.
  FailureOr<llvm::GlobalVariable *> table = symbols.constant(
      llvm::ConstantArray::get(tableType, entries), names.binary("objects"), 8);
  FailureOr<llvm::GlobalVariable *> name =
      symbols.string(binary.getName(), names.binary("name"));
  FailureOr<llvm::GlobalVariable *> moduleHandle =
      symbols.handle(names.binary("module"));
  if (failed(table) || failed(name) || failed(moduleHandle))
    return failure();
  BinaryGlobals made;
  made.objects = *table;
  made.objectCount = entries.size();
  made.name = *name;
  made.module = *moduleHandle;
  return made;
}

/// A handle, null until resolved, and a name for each kernel in `kernels`.
static LogicalResult makeKernelGlobals(const std::set<std::string> &kernels,
                                       const Mangler &names,
                                       SymbolFactory &symbols,
                                       BinaryGlobals &made) {
  for (const std::string &kernel : kernels) {
    FailureOr<llvm::GlobalVariable *> handle =
        symbols.handle(names.kernel(kernel, "kernel"));
    FailureOr<llvm::GlobalVariable *> kernelName =
        symbols.string(kernel, names.kernel(kernel, "name"));
    if (failed(handle) || failed(kernelName))
      return failure();
    made.kernels[kernel] = {*handle, *kernelName};
  }
  return success();
}

/// @__offload.<n>b.load, in llvm.global_ctors: loads the objects and resolves
/// every launched kernel once, so that a launch is one load of its handle.
static LogicalResult emitLoadFunction(const std::set<std::string> &kernels,
                                      const BinaryGlobals &made,
                                      LoaderAttr loader,
                                      llvm::FunctionCallee loadObjects,
                                      llvm::FunctionCallee getFunction,
                                      Runtime &runtime, const Mangler &names,
                                      SymbolFactory &symbols) {
  FailureOr<llvm::Function *> load = symbols.function(names.binary("load"));
  if (failed(load))
    return failure();
  llvm::IRBuilder<> body(&(*load)->getEntryBlock());
  llvm::Constant *count = llvm::ConstantInt::get(runtime.i32, made.objectCount);
  llvm::Value *loaded =
      body.CreateCall(loadObjects, {made.objects, count, made.name});
  body.CreateStore(loaded, made.module);
  for (const std::string &kernel : kernels) {
    const KernelGlobals &globals = made.kernels.at(kernel);
    llvm::Value *handle = body.CreateCall(getFunction, {loaded, globals.name});
    body.CreateStore(handle, globals.handle);
  }
  body.CreateRetVoid();
  llvm::appendToGlobalCtors(runtime.module, *load, loader.getPriority());
  return success();
}

/// @__offload.<n>b.register, in llvm.global_ctors, for a lazy binary: makes
/// its objects known to the runtime, which chooses its device by the objects
/// of the program's binaries (MGPU_DEVICE=auto) at its first call, which
/// may well come before the binary's first launch loads them. It loads
/// nothing: a program that never launches never touches the GPU. It runs
/// one priority before the binary's: before the loads of every binary of
/// that priority, which may come first in the module or at link time, and
/// after the program's own constructors that run before them.
static LogicalResult
emitRegisterFunction(const BinaryGlobals &made, LoaderAttr loader,
                     llvm::FunctionCallee registerObjects, Runtime &runtime,
                     const Mangler &names, SymbolFactory &symbols) {
  FailureOr<llvm::Function *> registration =
      symbols.function(names.binary("register"));
  if (failed(registration))
    return failure();
  llvm::IRBuilder<> body(&(*registration)->getEntryBlock());
  llvm::Constant *count = llvm::ConstantInt::get(runtime.i32, made.objectCount);
  body.CreateCall(registerObjects, {made.objects, count, made.name});
  body.CreateRetVoid();
  llvm::appendToGlobalCtors(runtime.module, *registration,
                            std::max(loader.getPriority() - 1, 0));
  return success();
}

/// @__offload.<n>b.unload, in llvm.global_dtors. mgpuModuleUnload ignores a
/// module never loaded (lazy, and no launch), so it needs no check.
static LogicalResult emitUnloadFunction(const BinaryGlobals &made,
                                        LoaderAttr loader,
                                        llvm::FunctionCallee unloadModule,
                                        Runtime &runtime, const Mangler &names,
                                        SymbolFactory &symbols) {
  FailureOr<llvm::Function *> unload = symbols.function(names.binary("unload"));
  if (failed(unload))
    return failure();
  llvm::IRBuilder<> body(&(*unload)->getEntryBlock());
  body.CreateCall(unloadModule, {body.CreateLoad(runtime.ptr, made.module)});
  body.CreateRetVoid();
  llvm::appendToGlobalDtors(runtime.module, *unload, loader.getPriority());
  return success();
}

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

  Runtime runtime(moduleTranslation);
  Mangler names(binary.getName());
  SymbolFactory symbols(runtime.module, binary);
  FailureOr<BinaryGlobals> made =
      makeBinaryGlobals(binary, *objects, runtime, names, symbols);
  if (failed(made))
    return failure();
  std::set<std::string> kernels = getLaunchedKernels(binary);
  if (failed(makeKernelGlobals(kernels, names, symbols, *made)))
    return failure();

  // A lazy binary is loaded, and its kernels resolved, at their first launch.
  if (loader.isLazy()) {
    FailureOr<llvm::FunctionCallee> registerObjects =
        runtime.get(abi::EntryPoint::mgpuRegisterObjects, binary);
    if (failed(registerObjects) ||
        failed(emitRegisterFunction(*made, loader, *registerObjects, runtime,
                                    names, symbols)))
      return failure();
  } else {
    FailureOr<llvm::FunctionCallee> loadObjects =
        runtime.get(abi::EntryPoint::mgpuModuleLoadObjects, binary);
    FailureOr<llvm::FunctionCallee> getFunction =
        runtime.get(abi::EntryPoint::mgpuModuleGetFunction, binary);
    if (failed(loadObjects) || failed(getFunction) ||
        failed(emitLoadFunction(kernels, *made, loader, *loadObjects,
                                *getFunction, runtime, names, symbols)))
      return failure();
  }
  FailureOr<llvm::FunctionCallee> unloadModule =
      runtime.get(abi::EntryPoint::mgpuModuleUnload, binary);
  if (failed(unloadModule))
    return failure();
  if (failed(emitUnloadFunction(*made, loader, *unloadModule, runtime, names,
                                symbols)))
    return failure();

  getOrCreateState(moduleTranslation).binaries[binary.getNameAttr()] =
      std::move(*made);
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
static FailureOr<llvm::Value *>
getKernelHandle(llvm::IRBuilderBase &builder, Runtime &runtime,
                gpu::LaunchFuncOp launch, const BinaryGlobals &binary,
                const KernelGlobals &kernel, bool lazy) {
  llvm::LoadInst *cached = builder.CreateAlignedLoad(runtime.ptr, kernel.handle,
                                                     llvm::Align(8), "kernel");
  if (!lazy)
    return cached;
  cached->setAtomic(llvm::AtomicOrdering::Acquire);
  FailureOr<llvm::FunctionCallee> getLazily =
      runtime.get(abi::EntryPoint::mgpuGetFunctionLazily, launch);
  if (failed(getLazily))
    return failure();

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
      *getLazily, {binary.module, binary.objects,
                   llvm::ConstantInt::get(runtime.i32, binary.objectCount),
                   binary.name, kernel.name, kernel.handle});
  builder.CreateBr(ready);

  builder.SetInsertPoint(ready, ready->begin());
  llvm::PHINode *handle = builder.CreatePHI(runtime.ptr, 2, "kernel");
  handle->addIncoming(cached, current);
  handle->addIncoming(resolved, resolve);
  return handle;
}

/// Refuses a launch that the runtime could not run as written: one outside a
/// function (a launch is calls, which only a function body can hold), or of
/// a kernel whose name a C string cannot hold.
static LogicalResult checkLaunch(gpu::LaunchFuncOp launch,
                                 llvm::IRBuilderBase &builder) {
  if (!builder.GetInsertBlock() ||
      !launch->getParentOfType<FunctionOpInterface>())
    return launch.emitError()
           << "gpu.launch_func is not inside a function: #offload.loader "
              "translates a launch into calls, which only a function body "
              "can hold";
  if (launch.getKernelName().getValue().contains('\0'))
    return launch.emitError()
           << "kernel " << FlatSymbolRefAttr::get(launch.getKernelName())
           << " has a NUL character in its name: the runtime looks kernels "
              "up by C string, which would end there";
  return success();
}

/// Refuses a launch of a kernel that an object's kernel table lacks, at
/// translation time rather than when the runtime fails to find it. Objects
/// without a table say nothing.
static LogicalResult checkObjectsHaveKernel(gpu::LaunchFuncOp launch,
                                            gpu::BinaryOp binary,
                                            ArrayRef<EmbeddedObject> objects) {
  StringRef kernel = launch.getKernelName().getValue();
  for (const EmbeddedObject &object : objects) {
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
  return success();
}

/// The globals that embedBinary made for the kernel that `launch` launches,
/// or an error at the launch.
static FailureOr<std::pair<const BinaryGlobals *, const KernelGlobals *>>
findGlobals(gpu::LaunchFuncOp launch, gpu::BinaryOp binary,
            LLVM::ModuleTranslation &moduleTranslation) {
  const BinaryGlobals *made = nullptr;
  if (LoaderState *state = findState(moduleTranslation)) {
    auto it = state->binaries.find(binary.getNameAttr());
    if (it != state->binaries.end())
      made = &it->second;
  }
  if (!made)
    return launch.emitError() << "gpu.binary @" << binary.getName()
                              << " was not translated before this launch";
  StringRef kernel = launch.getKernelName().getValue();
  auto kernelGlobals = made->kernels.find(kernel);
  if (kernelGlobals == made->kernels.end())
    return launch.emitError()
           << "gpu.binary @" << binary.getName() << " has no handle for '"
           << kernel << "': the launch is not where #offload.loader looks";
  return std::make_pair(made, &kernelGlobals->second);
}

/// The call of `launchCall` (mgpuLaunchKernel, mgpuLaunchClusterKernel or,
/// for a synchronous launch without a cluster,
/// mgpuLaunchKernelAndSynchronize) that runs `launch` on `handle` with the
/// argument array `args`, and, for a synchronous cluster launch, the call of
/// `synchronize` that waits for it.
static void emitLaunchCalls(gpu::LaunchFuncOp launch, llvm::Value *handle,
                            llvm::Value *args, llvm::FunctionCallee launchCall,
                            llvm::FunctionCallee synchronize,
                            llvm::IRBuilderBase &builder, Runtime &runtime) {
  auto value = [&](Value v) {
    return runtime.moduleTranslation.lookupValue(v);
  };
  gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
  gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
  llvm::Value *sharedMemory = launch.getDynamicSharedMemorySize()
                                  ? value(launch.getDynamicSharedMemorySize())
                                  : llvm::ConstantInt::get(runtime.i32, 0);
  // A null stream is the calling thread's own stream in libmgpu.
  Value asyncObject = launch.getAsyncObject();
  llvm::Value *stream = asyncObject
                            ? value(asyncObject)
                            : llvm::ConstantPointerNull::get(runtime.ptr);
  llvm::Value *noExtra = llvm::ConstantPointerNull::get(runtime.ptr);

  if (launch.hasClusterSize()) {
    gpu::KernelDim3 cluster = launch.getClusterSizeOperandValues();
    builder.CreateCall(launchCall,
                       {handle, value(cluster.x), value(cluster.y),
                        value(cluster.z), value(grid.x), value(grid.y),
                        value(grid.z), value(block.x), value(block.y),
                        value(block.z), sharedMemory, stream, args, noExtra});
  } else {
    builder.CreateCall(
        launchCall,
        {handle, value(grid.x), value(grid.y), value(grid.z), value(block.x),
         value(block.y), value(block.z), sharedMemory, stream, args, noExtra,
         llvm::ConstantInt::get(llvm::Type::getInt64Ty(runtime.context),
                                launch.getKernelOperands().size())});
  }
  if (!asyncObject && launch.hasClusterSize())
    builder.CreateCall(synchronize, {stream});
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
  if (failed(checkLaunch(launch, builder)))
    return failure();
  FailureOr<SmallVector<EmbeddedObject>> objects =
      getObjectsToEmbed(binary, loader);
  if (failed(objects) ||
      failed(checkObjectsHaveKernel(launch, binary, *objects)))
    return failure();
  FailureOr<std::pair<const BinaryGlobals *, const KernelGlobals *>> globals =
      findGlobals(launch, binary, moduleTranslation);
  if (failed(globals))
    return failure();
  auto [binaryGlobals, kernelGlobals] = *globals;

  Runtime runtime(moduleTranslation);
  FailureOr<llvm::FunctionCallee> launchCall =
      launch.hasClusterSize()
          ? runtime.get(abi::EntryPoint::mgpuLaunchClusterKernel, launch)
      : launch.getAsyncObject()
          ? runtime.get(abi::EntryPoint::mgpuLaunchKernel, launch)
          : runtime.get(abi::EntryPoint::mgpuLaunchKernelAndSynchronize,
                        launch);
  FailureOr<llvm::FunctionCallee> synchronize =
      launch.hasClusterSize() && !launch.getAsyncObject()
          ? runtime.get(abi::EntryPoint::mgpuStreamSynchronize, launch)
          : FailureOr<llvm::FunctionCallee>(llvm::FunctionCallee());
  if (failed(launchCall) || failed(synchronize))
    return failure();
  FailureOr<llvm::Value *> handle =
      getKernelHandle(builder, runtime, launch, *binaryGlobals, *kernelGlobals,
                      loader.isLazy());
  if (failed(handle))
    return failure();
  llvm::Value *args =
      packArguments(launch, builder, moduleTranslation, runtime);
  emitLaunchCalls(launch, *handle, args, *launchCall, *synchronize, builder,
                  runtime);
  return success();
}

void mlir::offload::registerLoaderTranslationInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, OffloadDialect *dialect) {
    LoaderAttr::attachInterface<LoaderAttrImpl>(*context);
  });
}
