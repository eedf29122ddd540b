//===- PrintfFormat.cpp - gpu.printf's format and arguments ---------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "transforms/PrintfFormat.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;

namespace {

/// What a conversion reads from the arguments.
enum class Reads { Int, Double };

/// What printf reads for one argument: an integer of `bits`, or a double.
struct ArgumentRead {
  Reads reads = Reads::Int;
  unsigned bits = 0;
};

/// The bits that a length modifier makes a conversion read (on LP64).
struct Length {
  StringRef text;
  unsigned intBits;
};

constexpr Length kLengths[] = {{"hh", 32}, {"h", 32}, {"ll", 64}, {"l", 64},
                               {"j", 64},  {"z", 64}, {"t", 64},  {"q", 64}};

class FormatChecker {
public:
  FormatChecker(gpu::PrintfOp op, bool warn)
      : op(op), args(op.getArgs()), warn(warn) {}

  /// What each argument that the format reads is read as, once check()
  /// succeeded; the arguments left over are not in it.
  ArrayRef<ArgumentRead> getReads() const { return argumentReads; }

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
    if (warn && next < args.size())
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

  /// `type` against an int (of `bits`) or a double: an error where printf
  /// cannot be passed `type`, a warning where it is of another kind or size
  /// than what `what` reads.
  LogicalResult checkArgument(size_t conversion, StringRef spec, StringRef what,
                              Type type, Reads reads, unsigned bits) {
    size_t index = next; // 1-based number of the argument just taken
    std::string read = reads == Reads::Int
                           ? "an integer of " + std::to_string(bits) + " bits"
                           : "a double";
    static constexpr StringLiteral kPassing =
        "gpu.printf passes integers of up to 32 bits as int, index as a "
        "64-bit integer, f16, bf16 and f32 as double";
    unsigned intBits = promotedIntegerBits(type);
    bool isDouble =
        isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(type);
    if ((!intBits || intBits > 64) && !isDouble)
      return error(conversion, spec)
             << "argument " << index << " is " << type << ", and " << what
             << " reads " << read << ": printf cannot be passed " << type
             << " (" << kPassing << ")";
    argumentReads.push_back({reads, bits});
    bool matches = reads == Reads::Int ? intBits == bits : isDouble;
    if (matches || !warn)
      return success();
    // What every target prints: what a GPU's printf reads of the argument's
    // slot where the argument is as wide as what is read or wider; where
    // it is narrower, a GPU would read past it, and every target prints
    // the argument widened instead.
    StringRef printed;
    if (reads == Reads::Double)
      printed = intBits == 64 ? "the double of the argument's bits, as a "
                                "GPU's printf reads it"
                              : "the double of the argument's bits, "
                                "zero-extended to 64 (a GPU's printf would "
                                "read 4 bytes past the argument)";
    else if (isDouble)
      printed = bits == 64 ? "the bits of the double it is passed as, as a "
                             "GPU's printf reads them"
                           : "the low 32 bits of the double it is passed as, "
                             "as a GPU's printf reads them";
    else if (intBits > bits)
      printed = "the argument's low 32 bits, as a GPU's printf reads them";
    else
      printed = "the argument sign-extended to 64 bits (a GPU's printf would "
                "read 4 bytes past the argument)";
    op.emitWarning() << "gpu.printf format conversion " << conversion << " ('%"
                     << spec << "'): argument " << index << " is " << type
                     << ", and " << what << " reads " << read << " ("
                     << kPassing << "): every target prints " << printed;
    return success();
  }

  /// The bits of `type` as an integer argument, once promoted; 0 for what
  /// is not an integer.
  static unsigned promotedIntegerBits(Type type) {
    if (type.isIndex())
      return 64;
    auto integer = dyn_cast<IntegerType>(type);
    if (!integer)
      return 0;
    return integer.getWidth() <= 32 ? 32 : integer.getWidth();
  }

  /// One conversion as written, after its '%': flags, width, precision,
  /// length modifier and letter, as far as they go.
  struct Conversion {
    StringRef text;
    bool starWidth = false, starPrecision = false;
    StringRef length;
    /// 0 where the format ends first.
    char letter = 0;
  };

  /// The conversion at the start of `format`, which is left after it.
  static Conversion parse(StringRef &format) {
    Conversion conversion;
    StringRef start = format;
    format = format.drop_while(
        [](char c) { return StringRef("-+ #0'").contains(c); });
    auto count = [&format] {
      if (format.consume_front("*"))
        return true;
      format = format.drop_while(llvm::isDigit);
      return false;
    };
    conversion.starWidth = count();
    if (format.consume_front("."))
      conversion.starPrecision = count();
    conversion.length = format.take_while(
        [](char c) { return StringRef("hlLjztq").contains(c); });
    format = format.drop_front(conversion.length.size());
    if (!format.empty()) {
      conversion.letter = format.front();
      format = format.drop_front();
    }
    conversion.text = start.take_front(start.size() - format.size());
    return conversion;
  }

  /// Checks the arguments that a `*` width or precision reads: an int each.
  LogicalResult checkStars(const Conversion &conversion, size_t number) {
    for (auto [star, what] :
         {std::pair(conversion.starWidth, "its '*' width"),
          std::pair(conversion.starPrecision, "its '*' precision")}) {
      if (!star)
        continue;
      FailureOr<Type> type = take(number, conversion.text, what);
      if (failed(type) || failed(checkArgument(number, conversion.text, what,
                                               *type, Reads::Int, 32)))
        return failure();
    }
    return success();
  }

  /// The bits of the integer that `conversion`'s length modifier makes it
  /// read, or an error for a modifier that gpu.printf cannot pass.
  FailureOr<unsigned> getLengthBits(const Conversion &conversion,
                                    size_t number) {
    if (conversion.length == "L")
      return error(number, conversion.text)
             << "'L' reads a long double, which gpu.printf cannot pass "
                "(CUDA's vprintf has none)";
    if (conversion.length.empty())
      return 32;
    const Length *length =
        llvm::find_if(kLengths, [&](const Length &candidate) {
          return candidate.text == conversion.length;
        });
    if (length == std::end(kLengths))
      return error(number, conversion.text)
             << "'" << conversion.length
             << "' is not a length modifier (hh, h, l, ll, j, z, t, q)";
    return length->intBits;
  }

  /// What `conversion`'s letter reads, with `bits` the bits of an integer
  /// (from its length modifier, and the letter's own for pointers and
  /// doubles); or an error for a letter that gpu.printf cannot use.
  FailureOr<Reads> getReads(const Conversion &conversion, size_t number,
                            unsigned &bits) {
    StringRef whole = conversion.text;
    char letter = conversion.letter;
    switch (letter) {
    case 'd':
    case 'i':
    case 'o':
    case 'u':
    case 'x':
    case 'X':
      return Reads::Int;
    case 'c':
      if (bits != 32)
        return error(number, whole)
               << "a character is an int; no length modifier applies";
      return Reads::Int;
    case 'p':
      bits = 64;
      return Reads::Int;
    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G':
    case 'a':
    case 'A':
      bits = 64;
      return Reads::Double;
    case 's':
      return error(number, whole)
             << "'%s' reads a string, and gpu.printf passes numbers only";
    case 'n':
      return error(number, whole)
             << "'%n' writes to memory through its argument, which "
                "gpu.printf cannot give it";
    default:
      return error(number, whole)
             << "'" << letter << "' is not a printf conversion that "
             << "gpu.printf can use (d, i, o, u, x, X, c, p, e, E, f, F, g, "
                "G, a, A)";
    }
  }

  LogicalResult checkConversion(StringRef &format, size_t number) {
    Conversion conversion = parse(format);
    StringRef whole = conversion.text;
    if (failed(checkStars(conversion, number)))
      return failure();
    FailureOr<unsigned> bits = getLengthBits(conversion, number);
    if (failed(bits))
      return failure();
    if (!conversion.letter)
      return error(number, whole)
             << "the format ends before the conversion's letter";
    FailureOr<Reads> reads = getReads(conversion, number, *bits);
    if (failed(reads))
      return failure();
    std::string what = ("'%" + whole + "'").str();
    FailureOr<Type> type = take(number, whole, "it");
    if (failed(type))
      return failure();
    return checkArgument(number, whole, what, *type, *reads, *bits);
  }

  gpu::PrintfOp op;
  OperandRange args;
  bool warn;
  /// The number of arguments read so far.
  size_t next = 0;
  /// What each of them is read as.
  SmallVector<ArgumentRead> argumentReads;
};

} // namespace

LogicalResult mlir::offload::verifyPrintfFormat(gpu::PrintfOp op, bool warn) {
  return FormatChecker(op, warn).check();
}

LogicalResult mlir::offload::verifyPrintfFormats(Operation *root, bool warn) {
  WalkResult walked = root->walk([&](gpu::PrintfOp printf) {
    if (failed(verifyPrintfFormat(printf, warn)))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(walked.wasInterrupted());
}

/// `arg` as printf reads it.
static Value promote(OpBuilder &builder, Location loc, Value arg) {
  Type type = arg.getType();
  if (type.isIndex())
    return arith::IndexCastOp::create(builder, loc, builder.getI64Type(), arg);
  if (auto integer = dyn_cast<IntegerType>(type);
      integer && integer.getWidth() < 32) {
    if (integer.getWidth() == 1)
      return arith::ExtUIOp::create(builder, loc, builder.getI32Type(), arg);
    return arith::ExtSIOp::create(builder, loc, builder.getI32Type(), arg);
  }
  if (isa<Float16Type, BFloat16Type, Float32Type>(type))
    return arith::ExtFOp::create(builder, loc, builder.getF64Type(), arg);
  return arg;
}

/// `promoted` (an argument as C promotes it) as what `read` reads of it:
/// the first bytes of its slot, little-endian, as a GPU's printf reads.
static Value convertToRead(OpBuilder &builder, Location loc, Value promoted,
                           ArgumentRead read) {
  Type type = promoted.getType();
  Type wanted = read.reads == Reads::Double
                    ? Type(builder.getF64Type())
                    : Type(builder.getIntegerType(read.bits));
  if (type == wanted)
    return promoted;
  Value bits = promoted;
  if (isa<FloatType>(type))
    bits = arith::BitcastOp::create(builder, loc, builder.getI64Type(), bits);
  unsigned have = bits.getType().getIntOrFloatBitWidth();
  unsigned want = read.reads == Reads::Double ? 64 : read.bits;
  if (have > want)
    bits = arith::TruncIOp::create(builder, loc, builder.getIntegerType(want),
                                   bits);
  else if (have < want)
    bits =
        read.reads == Reads::Double
            ? arith::ExtUIOp::create(builder, loc, builder.getI64Type(), bits)
                  .getResult()
            : arith::ExtSIOp::create(builder, loc, builder.getIntegerType(want),
                                     bits)
                  .getResult();
  if (read.reads == Reads::Double)
    bits = arith::BitcastOp::create(builder, loc, wanted, bits);
  return bits;
}

unsigned mlir::offload::promotePrintfArguments(Operation *root) {
  unsigned count = 0;
  root->walk([&](gpu::PrintfOp op) {
    // What each argument is read as; a format that does not check (the
    // checks before said so, or this runs alone) gets C's promotions only.
    FormatChecker checker(op, /*warn=*/false);
    LogicalResult checked = failure();
    {
      ScopedDiagnosticHandler quiet(op.getContext(),
                                    [](Diagnostic &) { return success(); });
      checked = checker.check();
    }
    ArrayRef<ArgumentRead> reads;
    if (succeeded(checked))
      reads = checker.getReads();
    OpBuilder builder(op);
    SmallVector<Value> promoted;
    for (auto [i, arg] : llvm::enumerate(op.getArgs())) {
      Value value = promote(builder, op.getLoc(), arg);
      if (i < reads.size())
        value = convertToRead(builder, op.getLoc(), value, reads[i]);
      promoted.push_back(value);
      count += value != arg;
    }
    op.getArgsMutable().assign(promoted);
  });
  return count;
}
