//===- OffloadSemaConsumer.h - The Sema step, inside -----------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The AST consumer of the Sema step (OffloadSema.h) as its implementation
// files share it: OffloadSema.cpp walks function bodies and puts each
// construct's markers around it, MarkerCalls.cpp builds the marker calls,
// DeclareTarget.cpp marks declare-target declarations and binds calls to
// declare variants. Private to clang/lib/Sema.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_LIB_SEMA_OFFLOADSEMACONSUMER_H
#define CLANG_OFFLOAD_LIB_SEMA_OFFLOADSEMACONSUMER_H

#include "OpenMPDevice/OffloadMarkers.h"
#include "clang-offload/Sema/MapEntryBuilder.h"
#include "clang-offload/Sema/OffloadSema.h"

#include "clang/AST/StmtOpenMP.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaConsumer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

namespace cot {

/// Walks every function body before Clang CodeGen emits it and replaces
/// each offload construct by its markers around it (OffloadSema.cpp).
class OffloadSemaConsumer : public clang::SemaConsumer {
public:
  OffloadSemaConsumer(std::shared_ptr<TranslationUnitRequires> R,
                      clang::ASTConsumer *CodeGen)
      : Requires(std::move(R)), CodeGen(CodeGen) {}

  void InitializeSema(clang::Sema &S) override { SemaRef = &S; }
  void ForgetSema() override { SemaRef = nullptr; }

  bool HandleTopLevelDecl(clang::DeclGroupRef DG) override {
    for (clang::Decl *D : DG)
      processDecl(D);
    return true;
  }
  void HandleInlineFunctionDefinition(clang::FunctionDecl *FD) override {
    processFunction(FD);
  }
  void
  HandleCXXImplicitFunctionInstantiation(clang::FunctionDecl *FD) override {
    processFunction(FD);
  }
  void HandleTranslationUnit(clang::ASTContext &Ctx) override;

  /// Finds every function body in the translation unit, instantiations
  /// included.
  void processFunction(clang::FunctionDecl *FD);

private:
  clang::Sema *SemaRef = nullptr;
  std::shared_ptr<TranslationUnitRequires> Requires;
  /// Clang CodeGen's consumer, which runs after this one.
  clang::ASTConsumer *CodeGen;
  int NextSite = 0;
  llvm::DenseSet<const clang::Decl *> DoneFunctions;
  llvm::DenseSet<const clang::Stmt *> DoneConstructs;
  clang::FunctionDecl *SiteFn = nullptr, *MapFn = nullptr,
                      *DeviceAddrFn = nullptr, *SiteEndFn = nullptr;
  clang::FunctionDecl *CurFunction = nullptr;
  /// The function whose frame the host code at the current point of the
  /// walk runs in (constructs that CodeGen emits inline, such as target
  /// data, keep it); null inside regions CodeGen outlines.
  clang::DeclContext *Frame = nullptr;
  /// The constructs around the current point of the walk, outermost first,
  /// in the function being walked.
  llvm::SmallVector<const clang::OMPExecutableDirective *, 8> Enclosing;

  /// The functions that calls bound to variants some offload device does
  /// not select go to, by base and variant (OffloadMarkers.h, variant
  /// markers).
  llvm::DenseMap<std::pair<const clang::Decl *, const clang::Decl *>,
                 clang::FunctionDecl *>
      VariantMarkers;

  void processDecl(clang::Decl *D);
  void recordRequires(const clang::OMPRequiresDecl &D);
  clang::Expr *bindVariantMarkerCall(clang::PseudoObjectExpr &Call);
  clang::FunctionDecl *variantMarker(clang::FunctionDecl &Base,
                                     clang::FunctionDecl &Variant,
                                     VariantMarkerKind Kind);
  void walk(clang::Stmt *&Slot, clang::DeclContext *DC);
  clang::Stmt *lowerConstruct(clang::OMPExecutableDirective &D,
                              clang::DeclContext *DC);
  clang::Stmt *stridedUpdateLoop(clang::OMPExecutableDirective &D,
                                 const StridedSection &Section,
                                 clang::DeclContext *DC);
  clang::VarDecl *localVar(llvm::StringRef Name, clang::QualType T,
                           clang::Expr *Init, clang::DeclContext *DC);
  clang::Expr *use(clang::VarDecl *VD);

  // Expression helpers.
  clang::ASTContext &ctx() { return SemaRef->getASTContext(); }
  void declareMarkers();
  clang::FunctionDecl *declareMarker(llvm::StringRef Name, clang::QualType Ret,
                                     llvm::ArrayRef<clang::QualType> Params);
  clang::Expr *call(clang::FunctionDecl *FD,
                    llvm::SmallVectorImpl<clang::Expr *> &Args,
                    clang::SourceLocation Loc);
  clang::Expr *integer(int64_t V, clang::QualType T, clang::SourceLocation Loc);
  clang::Expr *string(llvm::StringRef S, clang::SourceLocation Loc);
  clang::Expr *parallelThreads(const clang::OMPExecutableDirective &D);
  clang::Expr *teamsIfCondition(clang::OMPExecutableDirective &D,
                                const clang::OMPExecutableDirective *Nested);
  clang::Expr *siteCall(clang::OMPExecutableDirective &D, int Site,
                        clang::DeclContext *DC);
  clang::Expr *mapCall(const MapEntry &E, int Site, clang::SourceLocation Loc,
                       clang::DeclContext *DC);
  clang::Expr *inContext(clang::Expr *E, clang::DeclContext *DC);
  void useInContext(llvm::SmallVectorImpl<clang::Expr *> &Args,
                    clang::DeclContext *DC);
  clang::Stmt *useDeviceDecl(const MapEntry &E, int Site, int Index,
                             clang::OMPExecutableDirective &D,
                             clang::DeclContext *DC);
};

/// Tags a declare-target function or variable for device extraction
/// (DeclareTarget.cpp).
void markDeclareTarget(clang::ValueDecl *VD);

/// Keeps the declare variants of \p FD that only an offload device selects
/// and names them for device extraction (DeclareTarget.cpp). Returns those
/// whose definition CodeGen has seen and put off (static or inline, unused
/// on the host): it must see them again to emit them.
llvm::SmallVector<clang::FunctionDecl *, 2>
markDeviceVariants(clang::FunctionDecl *FD);

} // namespace cot

#endif // CLANG_OFFLOAD_LIB_SEMA_OFFLOADSEMACONSUMER_H
