// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The one file of the consumer's own @llvm repository.
#ifndef CONSUMER_LLVM_H
#define CONSUMER_LLVM_H

namespace consumer_llvm {
inline constexpr char kRepository[] = "the consumer's own @llvm";
} // namespace consumer_llvm

#endif // CONSUMER_LLVM_H
