//===- KernelFaults.cpp - Reports of faults in host-device kernels --------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Running kernels are published in a fixed table of slots (no allocation,
// no lock), which the signal handler reads. Everything the handler does is
// async-signal-safe: atomic loads, gettid, process_vm_readv (a read of the
// faulting thread's stack that cannot fault itself), write and _exit.
//
// Which kernel a fault belongs to, in order:
//  1. the kernel the faulting thread launched (its serial part, and
//     everything it calls);
//  2. a kernel whose image holds the faulting instruction (its parallel
//     regions run on libomp's threads);
//  3. a kernel whose image holds a return address near the top of the
//     faulting thread's stack (image code that called into libc or libm).
//
//===----------------------------------------------------------------------===//

#include "KernelFaults.h"

#include <dlfcn.h>
#include <link.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <ucontext.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <mutex>

namespace cot::host {

namespace {

//===-- Running kernels ---------------------------------------------------===//

/// One running kernel. Tid is 0 when the slot is free, -1 while it is being
/// filled; the fields are atomics so that the handler may read a slot that
/// changes under it (it then reports a kernel that was running, never
/// garbage).
struct Slot {
  std::atomic<pid_t> Tid{0};
  std::atomic<const char *> Kernel{nullptr};
  std::atomic<int32_t> Device{0};
  std::atomic<const cot_source_loc *> Loc{nullptr};
  std::atomic<uintptr_t> CodeBegin{0}, CodeEnd{0};
};

/// More concurrent launches than this are not published (their faults are
/// reported only when another slot of the same image is).
constexpr int NumSlots = 256;
Slot Slots[NumSlots];

pid_t currentTid() { return (pid_t)syscall(SYS_gettid); }

int claimSlot(const cot_launch_site &Site, CodeRange Code) {
  for (int I = 0; I < NumSlots; ++I) {
    pid_t Free = 0;
    if (!Slots[I].Tid.compare_exchange_strong(Free, -1))
      continue;
    Slot &S = Slots[I];
    S.Kernel = Site.KernelName;
    S.Device = Site.DeviceId;
    S.Loc = Site.Loc;
    S.CodeBegin = Code.Begin;
    S.CodeEnd = Code.End;
    S.Tid.store(currentTid(), std::memory_order_release);
    return I;
  }
  return -1;
}

/// A running kernel as the handler saw it.
struct KernelView {
  const char *Kernel;
  int32_t Device;
  const cot_source_loc *Loc;
};

KernelView viewOf(const Slot &S) {
  return {S.Kernel.load(), S.Device.load(), S.Loc.load()};
}

bool inCode(const Slot &S, uintptr_t Addr) {
  return Addr >= S.CodeBegin.load() && Addr < S.CodeEnd.load();
}

/// The running kernel whose code holds Addr.
bool kernelWithCode(uintptr_t Addr, KernelView &Out) {
  for (const Slot &S : Slots)
    if (S.Tid.load(std::memory_order_acquire) > 0 && inCode(S, Addr)) {
      Out = viewOf(S);
      return true;
    }
  return false;
}

/// Looks for a return address into a running kernel's image among the words
/// at the top of the faulting thread's stack. process_vm_readv on our own
/// process reads what is mapped and fails (instead of faulting) on what is
/// not; it transfers whole iovecs, so a stack that ends within the window
/// still gives its first blocks.
bool kernelOnStack(uintptr_t Sp, KernelView &Out) {
  constexpr int Blocks = 16, WordsPerBlock = 32;
  uintptr_t Words[Blocks * WordsPerBlock];
  struct iovec Local = {Words, sizeof(Words)};
  struct iovec Remote[Blocks];
  for (int B = 0; B < Blocks; ++B)
    Remote[B] = {(void *)(Sp + B * sizeof(Words) / Blocks),
                 sizeof(Words) / Blocks};
  ssize_t Read =
      syscall(SYS_process_vm_readv, getpid(), &Local, 1, Remote, Blocks, 0);
  for (ssize_t I = 0; Read > 0 && I < Read / (ssize_t)sizeof(uintptr_t); ++I)
    if (kernelWithCode(Words[I], Out))
      return true;
  return false;
}

bool faultingKernel(void *Context, KernelView &Out) {
  pid_t Tid = currentTid();
  for (const Slot &S : Slots)
    if (S.Tid.load(std::memory_order_acquire) == Tid) {
      Out = viewOf(S);
      return true;
    }
#if defined(__x86_64__)
  const mcontext_t &M = static_cast<ucontext_t *>(Context)->uc_mcontext;
  return kernelWithCode((uintptr_t)M.gregs[REG_RIP], Out) ||
         kernelOnStack((uintptr_t)M.gregs[REG_RSP], Out);
#else
  (void)Context;
  return false;
#endif
}

//===-- The report --------------------------------------------------------===//

/// A line built without allocation or stdio.
class Line {
public:
  Line &operator<<(const char *S) {
    while (S && *S && Len < sizeof(Buf) - 1)
      Buf[Len++] = *S++;
    return *this;
  }
  Line &decimal(long long V) {
    char Digits[24];
    int N = 0;
    unsigned long long U = V < 0 ? 0ull - (unsigned long long)V : V;
    do
      Digits[N++] = (char)('0' + U % 10);
    while (U /= 10);
    if (V < 0)
      *this << "-";
    while (N && Len < sizeof(Buf) - 1)
      Buf[Len++] = Digits[--N];
    return *this;
  }
  Line &hex(uintptr_t V) {
    char Digits[2 * sizeof(V)];
    int N = 0;
    do
      Digits[N++] = "0123456789abcdef"[V & 15];
    while (V >>= 4);
    *this << "0x";
    while (N && Len < sizeof(Buf) - 1)
      Buf[Len++] = Digits[--N];
    return *this;
  }
  void writeToStderr() {
    Buf[Len++] = '\n';
    for (size_t Done = 0; Done < Len;) {
      ssize_t W = write(STDERR_FILENO, Buf + Done, Len - Done);
      if (W <= 0 && errno != EINTR)
        return;
      if (W > 0)
        Done += (size_t)W;
    }
  }

private:
  char Buf[1024];
  size_t Len = 0;
};

const char *signalName(int Sig) {
  switch (Sig) {
  case SIGSEGV:
    return "SIGSEGV";
  case SIGBUS:
    return "SIGBUS";
  case SIGFPE:
    return "SIGFPE";
  case SIGILL:
    return "SIGILL";
  }
  return "signal";
}

/// What si_code says about the fault, or null.
const char *faultCause(int Sig, int Code) {
  struct Cause {
    int Sig, Code;
    const char *Text;
  };
  static const Cause Causes[] = {
      {SIGSEGV, SEGV_MAPERR, "address not mapped"},
      {SIGSEGV, SEGV_ACCERR, "invalid permissions for the address"},
      {SIGBUS, BUS_ADRALN, "misaligned address"},
      {SIGBUS, BUS_ADRERR, "nonexistent physical address"},
      {SIGBUS, BUS_OBJERR, "object-specific hardware error"},
      {SIGFPE, FPE_INTDIV, "integer divide by zero"},
      {SIGFPE, FPE_INTOVF, "integer overflow"},
      {SIGFPE, FPE_FLTDIV, "floating-point divide by zero"},
      {SIGFPE, FPE_FLTOVF, "floating-point overflow"},
      {SIGFPE, FPE_FLTINV, "invalid floating-point operation"},
      {SIGILL, ILL_ILLOPC, "illegal opcode"},
      {SIGILL, ILL_ILLOPN, "illegal operand"},
      {SIGILL, ILL_PRVOPC, "privileged opcode"}};
  for (const Cause &C : Causes)
    if (C.Sig == Sig && C.Code == Code)
      return C.Text;
  return nullptr;
}

std::atomic<bool> Reported{false};

[[noreturn]] void reportAndExit(int Sig, const siginfo_t *Info,
                                const KernelView &K) {
  // One report: other threads that fault meanwhile wait for the exit.
  if (Reported.exchange(true))
    for (;;)
      pause();
  Line L;
  L << "libomptarget: error: kernel '" << (K.Kernel ? K.Kernel : "?")
    << "' faulted on device ";
  L.decimal(K.Device) << " (x86_64 host device): " << signalName(Sig);
  if (const char *Cause = faultCause(Sig, Info->si_code))
    L << " (" << Cause << ")";
  L << " at address ";
  L.hex((uintptr_t)Info->si_addr);
  if (K.Loc && K.Loc->File) {
    L << " at " << K.Loc->File << ":";
    L.decimal(K.Loc->Line) << ":";
    L.decimal(K.Loc->Column);
  }
  L.writeToStderr();
  _exit(1);
}

//===-- Handlers ----------------------------------------------------------===//

constexpr int FaultSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};
struct sigaction Previous[NSIG];

bool isProgramHandler(const struct sigaction &A) {
  return (A.sa_flags & SA_SIGINFO) ||
         (A.sa_handler != SIG_DFL && A.sa_handler != SIG_IGN);
}

/// Hands the signal to the action that was installed before ours. The
/// default action (or ignoring a fault, which the kernel does not allow)
/// comes back by restoring it: a fault happens again when the handler
/// returns, a signal sent by kill() is raised again.
void chain(int Sig, siginfo_t *Info, void *Context) {
  const struct sigaction &Old = Previous[Sig];
  if (Old.sa_flags & SA_SIGINFO) {
    Old.sa_sigaction(Sig, Info, Context);
    return;
  }
  if (Old.sa_handler != SIG_DFL && Old.sa_handler != SIG_IGN) {
    Old.sa_handler(Sig);
    return;
  }
  sigaction(Sig, &Old, nullptr);
  if (Info->si_code <= 0)
    raise(Sig);
}

void onFault(int Sig, siginfo_t *Info, void *Context) {
  int SavedErrno = errno;
  KernelView K;
  if (!isProgramHandler(Previous[Sig]) && faultingKernel(Context, K))
    reportAndExit(Sig, Info, K);
  chain(Sig, Info, Context);
  errno = SavedErrno;
}

//===-- Alternate signal stacks -------------------------------------------===//

/// A launching thread's alternate signal stack, so that a kernel that
/// overflows its stack is reported too. Removed when the thread ends.
class AltStack {
public:
  void ensure() {
    stack_t Current;
    if (Mem || sigaltstack(nullptr, &Current) != 0 ||
        !(Current.ss_flags & SS_DISABLE))
      return; // Ours, or one of the program's.
    void *P = mmap(nullptr, Size, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (P == MAP_FAILED)
      return;
    stack_t S = {};
    S.ss_sp = P;
    S.ss_size = Size;
    if (sigaltstack(&S, nullptr) != 0) {
      munmap(P, Size);
      return;
    }
    Mem = P;
  }
  ~AltStack() {
    stack_t Current;
    if (!Mem || sigaltstack(nullptr, &Current) != 0 || Current.ss_sp != Mem)
      return;
    stack_t Off = {};
    Off.ss_flags = SS_DISABLE;
    if (sigaltstack(&Off, nullptr) == 0)
      munmap(Mem, Size);
    Mem = nullptr;
  }

private:
  static constexpr size_t Size = 64 * 1024;
  void *Mem = nullptr;
};

thread_local AltStack ThreadAltStack;

} // namespace

//===-- Interface ---------------------------------------------------------===//

void installFaultHandlers() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    for (int Sig : FaultSignals) {
      struct sigaction A = {};
      A.sa_sigaction = onFault;
      A.sa_flags = SA_SIGINFO | SA_ONSTACK;
      sigemptyset(&A.sa_mask);
      sigaction(Sig, &A, &Previous[Sig]);
    }
  });
}

namespace {
struct CodeSearch {
  uintptr_t Base;
  const char *Name;
  CodeRange Found;
};

int findCode(struct dl_phdr_info *Info, size_t, void *Data) {
  auto &S = *static_cast<CodeSearch *>(Data);
  if (Info->dlpi_addr != S.Base || !Info->dlpi_name ||
      strcmp(Info->dlpi_name, S.Name) != 0)
    return 0;
  for (int I = 0; I < Info->dlpi_phnum; ++I) {
    const ElfW(Phdr) &Ph = Info->dlpi_phdr[I];
    if (Ph.p_type != PT_LOAD || !(Ph.p_flags & PF_X))
      continue;
    uintptr_t Begin = Info->dlpi_addr + Ph.p_vaddr;
    uintptr_t End = Begin + Ph.p_memsz;
    if (!S.Found.End || Begin < S.Found.Begin)
      S.Found.Begin = Begin;
    if (End > S.Found.End)
      S.Found.End = End;
  }
  return 1;
}
} // namespace

CodeRange codeRangeOf(void *DlHandle) {
  struct link_map *Map = nullptr;
  if (dlinfo(DlHandle, RTLD_DI_LINKMAP, &Map) != 0 || !Map)
    return {};
  CodeSearch S{Map->l_addr, Map->l_name, {}};
  dl_iterate_phdr(findCode, &S);
  return S.Found;
}

RunningKernel::RunningKernel(const cot_launch_site &Site, CodeRange Code)
    : Slot(claimSlot(Site, Code)) {
  ThreadAltStack.ensure();
}

RunningKernel::~RunningKernel() {
  if (Slot >= 0)
    Slots[Slot].Tid.store(0, std::memory_order_release);
}

} // namespace cot::host
