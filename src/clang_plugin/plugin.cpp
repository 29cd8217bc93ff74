// clang's pass plugin for hipc's host pass (hipcc gives clang
// -fpass-plugin=<prefix>/lib/hipc/libhipc-clang-plugin.so): runs
// host_fold.c's fold of constant long double math wherever the optimiser's
// peephole passes run, so that the constants it makes are propagated and
// folded further (log(r) / log(2.0L) becomes one constant), and
// host_interchange.c's loop interchange where the vectorizer starts (so
// that it vectorizes the swapped inner loop), and host_divrem.c's counting
// of a loop counter's quotients and remainders at the optimiser's end
// (after the vectorizer has seen the loop as it was). The plugin interface
// is C++; the work is in C.
#include <llvm/IR/PassManager.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Passes/PassPlugin.h>
#include <llvm-c/Core.h>

#include "clang_plugin.h"

namespace {

// One function pass per C entry point: `Fn` rewrites a function and says
// how many changes it made.
template <int (*Fn)(LLVMValueRef)>
struct HostPass : llvm::PassInfoMixin<HostPass<Fn>> {
  llvm::PreservedAnalyses run(llvm::Function &f,
                              llvm::FunctionAnalysisManager &) {
    LLVMValueRef fn = llvm::wrap(static_cast<llvm::Value *>(&f));
    return Fn(fn) ? llvm::PreservedAnalyses::none()
                  : llvm::PreservedAnalyses::all();
  }
};
using HostFold = HostPass<hipc_host_fold_function>;
using HostInterchange = HostPass<hipc_host_interchange_function>;
using HostDivrem = HostPass<hipc_host_divrem_function>;

void registerCallbacks(llvm::PassBuilder &pb) {
  pb.registerVectorizerStartEPCallback(
      [](llvm::FunctionPassManager &fpm, llvm::OptimizationLevel) {
        fpm.addPass(HostInterchange());
      });
  pb.registerOptimizerLastEPCallback(
      [](llvm::ModulePassManager &mpm, llvm::OptimizationLevel level) {
        if (level != llvm::OptimizationLevel::O0)
          mpm.addPass(llvm::createModuleToFunctionPassAdaptor(HostDivrem()));
      });
  pb.registerPeepholeEPCallback(
      [](llvm::FunctionPassManager &fpm, llvm::OptimizationLevel) {
        fpm.addPass(HostFold());
      });
}

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK ::llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "hipc-host-fold", "1", registerCallbacks};
}
