# cmake -DIN=<file.ll> -DOUT=<file.ll> -P StripTargetAttrs.cmake
# Drops the function attributes that tie the library to the arch it was
# compiled for ("target-cpu", "target-features") and "no-builtins" (from
# -ffreestanding), so the inliner accepts the functions into kernels built for
# any sm_75..sm_90 target and callers keep their builtin optimizations.
file(READ "${IN}" Text)
string(REGEX REPLACE " \"target-cpu\"=\"[^\"]*\"" "" Text "${Text}")
string(REGEX REPLACE " \"target-features\"=\"[^\"]*\"" "" Text "${Text}")
string(REPLACE " \"no-builtins\"" "" Text "${Text}")
file(WRITE "${OUT}" "${Text}")
