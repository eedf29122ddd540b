//===- PrintfFormat.cpp - gpu.printf formats against their arguments ------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/PrintfFormat.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;

namespace {

/// What a conversion reads from the arguments.
enum class Reads { Int, Double };

/// The bits that a length modifier makes a conversion read (on LP64).
struct Length {
  StringRef text;
  unsigned intBits;
};

constexpr Length kLengths[] = {{"hh", 32}, {"h", 32}, {"ll", 64},
                               {"l", 64},  {"j", 64}, {"z", 64},
                               {"t", 64},  {"q", 64}, {"L", 80}};

class FormatChecker {
public:
  explicit FormatChecker(gpu::PrintfOp op) : op(op), args(op.getArgs()) {}

  LogicalResult check() {
    StringRef format = op.getFormat();
    size_t conversions = 0;
    while (!format.empty()) {
      size_t percent = format.find('%');
      if (percent == StringRef::npos)
        break;
      format = format.drop_front(percent + 1);
      if (format.consume_front("%"))
        continue;
      ++conversions;
      if (failed(checkConversion(format, conversions)))
        return failure();
    }
    if (next < args.size())
      op.emitWarning() << "gpu.printf has " << args.size()
                       << " arguments, and its format reads " << next
                       << "; the rest are not printed";
    return success();
  }

private:
  InFlightDiagnostic error(size_t conversion, StringRef spec) {
    return op.emitError() << "gpu.printf format conversion " << conversion
                          << " ('%" << spec << "'): ";
  }

  /// The next argument, for what `what` reads, or an error.
  FailureOr<Type> take(size_t conversion, StringRef spec, StringRef what) {
    if (next >= args.size())
      return error(conversion, spec)
             << what << " reads argument " << next + 1 << ", and gpu.printf "
             << "has " << args.size() << ": printf would read memory that "
             << "holds no argument";
    return args[next++].getType();
  }

  /// `type` against an int (of `bits`) or a double.
  LogicalResult checkArgument(size_t conversion, StringRef spec, StringRef what,
                              Type type, Reads reads, unsigned bits) {
    size_t index = next; // 1-based number of the argument just taken
    auto mismatch = [&]() -> LogicalResult {
      std::string read = reads == Reads::Int
                             ? "an integer of " + std::to_string(bits) + " bits"
                         : bits == 80 ? "a long double"
                                      : "a double";
      return error(conversion, spec)
             << "argument " << index << " is " << type << ", and " << what
             << " reads " << read
             << " (after C's promotions: integers of up to 32 bits become "
                "int, floats double)";
    };
    if (reads == Reads::Int) {
      if (type.isIndex())
        return bits == 32 || bits == 64 ? success() : mismatch();
      auto integer = dyn_cast<IntegerType>(type);
      if (!integer)
        return mismatch();
      unsigned width = integer.getWidth() <= 32 ? 32 : integer.getWidth();
      return width == bits ? success() : mismatch();
    }
    auto real = dyn_cast<FloatType>(type);
    if (!real)
      return mismatch();
    unsigned width = real.getWidth() <= 64 ? 64 : real.getWidth();
    return width == (bits == 80 ? 80u : 64u) ? success() : mismatch();
  }

  /// The text of the conversion at the start of `format` (after its '%'):
  /// flags, width, precision, length and letter, as far as they go.
  static StringRef conversionText(StringRef format) {
    StringRef rest = format.drop_while(
        [](char c) { return StringRef("-+ #0'").contains(c); });
    auto skipCount = [](StringRef text) {
      return text.consume_front("*") ? text : text.drop_while(llvm::isDigit);
    };
    rest = skipCount(rest);
    if (rest.consume_front("."))
      rest = skipCount(rest);
    rest = rest.drop_while(
        [](char c) { return StringRef("hlLjztq").contains(c); });
    if (!rest.empty())
      rest = rest.drop_front();
    return format.take_front(format.size() - rest.size());
  }

  LogicalResult checkConversion(StringRef &format, size_t conversion) {
    StringRef whole = conversionText(format);
    format = format.drop_while(
        [](char c) { return StringRef("-+ #0'").contains(c); });
    // Width and precision: digits, or `*`, which reads an int.
    for (bool precision : {false, true}) {
      if (precision && !format.consume_front("."))
        break;
      if (format.consume_front("*")) {
        StringRef what = precision ? "its '*' precision" : "its '*' width";
        FailureOr<Type> type = take(conversion, whole, what);
        if (failed(type) || failed(checkArgument(conversion, whole, what, *type,
                                                 Reads::Int, 32)))
          return failure();
      } else {
        format = format.drop_while(llvm::isDigit);
      }
    }
    unsigned bits = 32;
    bool longDouble = false;
    for (const Length &length : kLengths)
      if (format.consume_front(length.text)) {
        bits = length.intBits;
        longDouble = length.text == "L";
        break;
      }
    if (format.empty())
      return error(conversion, whole)
             << "the format ends before the conversion's letter";
    char letter = format.front();
    format = format.drop_front();
    Reads reads;
    switch (letter) {
    case 'd':
    case 'i':
    case 'o':
    case 'u':
    case 'x':
    case 'X':
      reads = Reads::Int;
      if (longDouble)
        return error(conversion, whole) << "'L' applies to floating-point "
                                           "conversions only";
      break;
    case 'c':
      reads = Reads::Int;
      if (bits != 32)
        return error(conversion, whole)
               << "a character is an int; no length modifier applies";
      break;
    case 'p':
      reads = Reads::Int;
      bits = 64;
      break;
    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G':
    case 'a':
    case 'A':
      reads = Reads::Double;
      bits = longDouble ? 80 : 64;
      break;
    case 's':
      return error(conversion, whole)
             << "'%s' reads a string, and gpu.printf passes numbers only";
    case 'n':
      return error(conversion, whole)
             << "'%n' writes to memory through its argument, which "
                "gpu.printf cannot give it";
    default:
      return error(conversion, whole)
             << "'" << letter << "' is not a printf conversion that "
             << "gpu.printf can use (d, i, o, u, x, X, c, p, e, E, f, F, g, "
                "G, a, A)";
    }
    std::string what = ("'%" + whole + "'").str();
    FailureOr<Type> type = take(conversion, whole, "it");
    if (failed(type))
      return failure();
    return checkArgument(conversion, whole, what, *type, reads, bits);
  }

  gpu::PrintfOp op;
  OperandRange args;
  /// The number of arguments read so far.
  size_t next = 0;
};

} // namespace

LogicalResult mlir::offload::verifyPrintfFormat(gpu::PrintfOp op) {
  return FormatChecker(op).check();
}
