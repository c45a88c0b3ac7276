#!/bin/sh
# Builds the nvptx64 container for the CUDA plugin's GPU tests from
# cuda_kernels.cu: PTX for sm_75 from clang's CUDA device compilation (no
# CUDA headers; without a CUDA path clang emits the oldest PTX ISA that
# supports the arch, which any recent driver can JIT), cubins from ptxas.
#   cuda_build_image.sh CLANG PTXAS OUT [ptx-only]
set -e
CLANG=$1 PTXAS=$2 OUT=$3 MODE=$4
DIR=$(dirname "$0")
"$CLANG" -x cuda --cuda-device-only -nocudainc -nocudalib \
  --cuda-path="$OUT.no-cuda" --cuda-gpu-arch=sm_75 -O2 -S \
  "$DIR/cuda_kernels.cu" -o "$OUT.ptx"
if [ "$MODE" = ptx-only ]; then
  exec python3 "$DIR/cuda_nvimage.py" -o "$OUT" --ptx 75:"$OUT.ptx"
fi
set --
for SM in 80 89 90 100; do
  "$PTXAS" -arch=sm_$SM "$OUT.ptx" -o "$OUT.sm_$SM.cubin"
  set -- "$@" --cubin "$SM:$OUT.sm_$SM.cubin"
done
python3 "$DIR/cuda_nvimage.py" -o "$OUT" "$@" --ptx 75:"$OUT.ptx"
