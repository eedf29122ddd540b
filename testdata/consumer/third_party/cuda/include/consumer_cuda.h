// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The one file of the consumer's own @cuda repository.
#ifndef CONSUMER_CUDA_H
#define CONSUMER_CUDA_H

namespace consumer_cuda {
inline constexpr char kRepository[] = "the consumer's own @cuda";
} // namespace consumer_cuda

#endif // CONSUMER_CUDA_H
