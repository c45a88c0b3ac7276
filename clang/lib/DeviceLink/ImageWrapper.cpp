//===- ImageWrapper.cpp - Embed device images in a host object ------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Builds the object the device link adds to the host link: the device images
// as constant data, a cot_binary_desc (OffloadABI.h) that points at them and
// at the program's offload entries (the linker-defined bounds of section
// cot_offload_entries), and a constructor/destructor pair that registers and
// unregisters the description with libomptarget.
//
//===----------------------------------------------------------------------===//

#include "ImageWrapper.h"
#include "DeviceLinkSupport.h"

#include "OffloadABI.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace cot {

Error emitObjectFile(Module &M, StringRef Path, Reloc::Model RM,
                     CodeGenOptLevel Level, CodeGenFileType Type) {
  Expected<std::unique_ptr<TargetMachine>> TM =
      targetMachineFor(M.getTargetTriple(), "", RM, Level);
  if (!TM)
    return TM.takeError();
  M.setDataLayout((*TM)->createDataLayout());
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_None);
  if (EC)
    return createFileError(Path, EC);
  legacy::PassManager PM;
  if ((*TM)->addPassesToEmitFile(PM, OS, nullptr, Type))
    return createStringError(inconvertibleErrorCode(),
                             "cannot emit code for " + M.getTargetTriple());
  PM.run(M);
  return Error::success();
}

namespace {

class WrapperBuilder {
public:
  WrapperBuilder(Module &M)
      : M(M), C(M.getContext()), Ptr(PointerType::getUnqual(C)),
        I32(Type::getInt32Ty(C)) {}

  GlobalVariable *buildDescriptor(ArrayRef<WrappedImage> Images);
  void addRegistration(GlobalVariable *Desc);

private:
  Module &M;
  LLVMContext &C;
  Type *Ptr, *I32;

  Constant *string(StringRef S, const Twine &Name);
  Constant *image(const WrappedImage &Image, unsigned Index);
  GlobalVariable *entriesBound(StringRef Prefix);
};

Constant *WrapperBuilder::string(StringRef S, const Twine &Name) {
  Constant *Init = ConstantDataArray::getString(C, S);
  auto *GV = new GlobalVariable(M, Init->getType(), true,
                                GlobalValue::PrivateLinkage, Init, Name);
  GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  return GV;
}

Constant *WrapperBuilder::image(const WrappedImage &Image, unsigned Index) {
  Constant *Data = ConstantDataArray::get(
      C,
      ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(Image.Bytes.data()),
                        Image.Bytes.size()));
  auto *GV =
      new GlobalVariable(M, Data->getType(), true, GlobalValue::InternalLinkage,
                         Data, ".cot.image." + Twine(Index));
  GV->setAlignment(Align(16));
  Constant *End = ConstantExpr::getGetElementPtr(
      Type::getInt8Ty(C), GV,
      ConstantInt::get(Type::getInt64Ty(C), Image.Bytes.size()));
  auto *ImageTy = StructType::get(C, {Ptr, Ptr, Ptr, Ptr});
  return ConstantStruct::get(ImageTy,
                             {string(Image.Triple, ".cot.triple"),
                              string(Image.Arch, ".cot.arch"), GV, End});
}

/// __start_/__stop_ of the entries section: defined by the linker when any
/// object has entries, null otherwise.
GlobalVariable *WrapperBuilder::entriesBound(StringRef Prefix) {
  auto *GV = new GlobalVariable(M, Type::getInt8Ty(C), true,
                                GlobalValue::ExternalWeakLinkage, nullptr,
                                Prefix + COT_ENTRIES_SECTION);
  GV->setVisibility(GlobalValue::HiddenVisibility);
  return GV;
}

GlobalVariable *WrapperBuilder::buildDescriptor(ArrayRef<WrappedImage> Images) {
  auto *ImageTy = StructType::get(C, {Ptr, Ptr, Ptr, Ptr});
  SmallVector<Constant *, 4> Inits;
  for (unsigned I = 0; I < Images.size(); ++I)
    Inits.push_back(image(Images[I], I));
  auto *ArrayTy = ArrayType::get(ImageTy, Inits.size());
  auto *ImageArray =
      new GlobalVariable(M, ArrayTy, true, GlobalValue::InternalLinkage,
                         ConstantArray::get(ArrayTy, Inits), ".cot.images");
  auto *DescTy = StructType::get(C, {I32, I32, Ptr, Ptr, Ptr});
  Constant *Desc = ConstantStruct::get(
      DescTy, {ConstantInt::get(I32, COT_ABI_VERSION),
               ConstantInt::get(I32, Images.size()), ImageArray,
               entriesBound("__start_"), entriesBound("__stop_")});
  return new GlobalVariable(M, DescTy, true, GlobalValue::InternalLinkage, Desc,
                            ".cot.binary_desc");
}

void WrapperBuilder::addRegistration(GlobalVariable *Desc) {
  auto MakeCaller = [&](StringRef Name, StringRef Callee) {
    auto *F = Function::Create(FunctionType::get(Type::getVoidTy(C), false),
                               GlobalValue::InternalLinkage, Name, M);
    IRBuilder<> B(BasicBlock::Create(C, "entry", F));
    B.CreateCall(M.getOrInsertFunction(
                     Callee, FunctionType::get(B.getVoidTy(), {Ptr}, false)),
                 {Desc});
    B.CreateRetVoid();
    return F;
  };
  // Early, so that constructors of the program may already offload.
  constexpr int Priority = 101;
  appendToGlobalCtors(M, MakeCaller(".cot.register", "__cot_register_binary"),
                      Priority);
  appendToGlobalDtors(
      M, MakeCaller(".cot.unregister", "__cot_unregister_binary"), Priority);
}

} // namespace

Error writeImageWrapper(StringRef OutputPath, StringRef HostTriple,
                        ArrayRef<WrappedImage> Images) {
  LLVMContext Ctx;
  Module M("offload-images", Ctx);
  M.setTargetTriple(HostTriple);
  WrapperBuilder Builder(M);
  Builder.addRegistration(Builder.buildDescriptor(Images));
  return emitObjectFile(M, OutputPath, Reloc::PIC_, CodeGenOptLevel::Default);
}

} // namespace cot
