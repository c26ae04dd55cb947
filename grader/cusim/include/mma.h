// nvcuda::wmma, the tensor cores' API, cannot run in the simulator. This header is here so that a file may include
// it where the code that uses it is not compiled (an #if, say), as with nvcc; compiled code that names wmma or
// mma_sync is `unsupported` (sim/rewriter.h's markers).
#pragma once
