//===- ControlVariables.cpp - The device libraries' __oclc_* controls -----===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/rocm/ControlVariables.h"

#include "dialects/rocm/RocmTargetAttr.h"
#include "dialects/rocm/RocmTargetId.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace mlir::offload::rocm {

/// The constant address space of AMDGPU, where the libraries declare them.
static constexpr unsigned kConstantAddressSpace = 4;

ControlValues getControlValues(RocmTargetAttr target,
                               const object_format::AmdgpuTargetId &id) {
  bool fast = target.hasFlag("fast");
  return ControlValues{
      id.chip->isaVersion,
      target.getCodeObjectVersion(),
      getWaveSize(id, target.getWave64()) == 64,
      target.hasFlag("daz") || fast,
      target.hasFlag("finite_only") || fast,
      target.hasFlag("unsafe_math") || fast,
      !fast,
  };
}

/// Defines `name` as an integer constant of `bits` bits with `value`, unless
/// the module defines it already (or declares it as something else, which
/// the check for undefined references then names).
static void defineControlVariable(llvm::Module &module, StringRef name,
                                  uint32_t value, unsigned bits) {
  auto *type = llvm::IntegerType::get(module.getContext(), bits);
  GlobalVariable *variable = module.getNamedGlobal(name);
  if (variable &&
      (!variable->isDeclaration() || variable->getValueType() != type))
    return;
  if (!variable)
    variable = new GlobalVariable(
        module, type, /*isConstant=*/true, GlobalValue::LinkOnceODRLinkage,
        /*Initializer=*/nullptr, name, /*InsertBefore=*/nullptr,
        GlobalValue::NotThreadLocal, kConstantAddressSpace);
  variable->setInitializer(ConstantInt::get(type, value));
  variable->setConstant(true);
  variable->setLinkage(GlobalValue::LinkOnceODRLinkage);
  variable->setVisibility(GlobalValue::ProtectedVisibility);
  variable->setAlignment(Align(bits / 8));
  variable->setUnnamedAddr(GlobalValue::UnnamedAddr::Local);
}

void defineControlVariables(llvm::Module &module, const ControlValues &values,
                            bool withOcml) {
  if (withOcml) {
    defineControlVariable(module, "__oclc_finite_only_opt", values.finiteOnly,
                          8);
    defineControlVariable(module, "__oclc_daz_opt", values.daz, 8);
    defineControlVariable(module, "__oclc_correctly_rounded_sqrt32",
                          values.correctlyRoundedSqrt32, 8);
    defineControlVariable(module, "__oclc_unsafe_math_opt", values.unsafeMath,
                          8);
  }
  defineControlVariable(module, "__oclc_wavefrontsize64",
                        values.wavefrontSize64, 8);
  defineControlVariable(module, "__oclc_ISA_version", values.isaVersion, 32);
  defineControlVariable(module, "__oclc_ABI_version", values.abiVersion, 32);
}

} // namespace mlir::offload::rocm
