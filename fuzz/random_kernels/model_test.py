#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The model's rules at their edges, against values worked out by hand (and
by IEEE 754): what random_kernels_test compares the host target with."""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import model  # noqa: E402
from kernel_ir import Builder, Kernel, MemRefType, Buffer  # noqa: E402

M64 = (1 << 64) - 1
INF = float("inf")


class Values(unittest.TestCase):
    def test_f32_rounding(self):
        self.assertEqual(model.f32(1 + 2 ** -24), 1.0)  # a tie, to even
        self.assertEqual(model.f32(1 + 3 * 2 ** -24), 1 + 2 ** -22)
        self.assertEqual(model.f32(3.4028235677973366e38), INF)
        self.assertEqual(model.f32(3.4028235e38), 3.4028234663852886e38)
        self.assertEqual(model.f32_to_bits(model.f32(-0.0)), 0x80000000)
        self.assertEqual(model.f32(2 ** -150), 0.0)  # a tie below the least
        self.assertEqual(model.f32(2 ** -149 * 1.5), 2 ** -148)

    def test_int_to_f32_rounds_once(self):
        self.assertEqual(model.int_to_f32(2 ** 24 + 1), 2.0 ** 24)
        self.assertEqual(model.int_to_f32(2 ** 24 + 3), 2.0 ** 24 + 4)
        # Through a double it would round twice, to 2^53 then 2^53: the
        # exact value lies above the tie.
        self.assertEqual(model.int_to_f32(2 ** 53 + 2 ** 29 + 1),
                         2.0 ** 53 + 2 ** 30)
        self.assertEqual(model.cast("sitofp", 1 << 63, "i64", "f32"),
                         -(2.0 ** 63))
        self.assertEqual(model.cast("uitofp", M64, "i64", "f32"), 2.0 ** 64)

    def test_integers_wrap(self):
        self.assertEqual(model.binary("addi", M64, 2, "index"), 1)
        self.assertEqual(model.binary("muli", 1 << 31, 2, "i32"), 0)
        self.assertEqual(model.binary("divsi", (-7) & M64, 2, "i64"),
                         (-3) & M64)
        self.assertEqual(model.binary("remsi", (-7) & M64, 2, "i64"),
                         (-1) & M64)
        self.assertEqual(model.binary("shrsi", 1 << 31, 31, "i32"),
                         0xFFFFFFFF)
        self.assertEqual(model.binary("maxsi", 1 << 63, 1, "i64"), 1)
        self.assertEqual(model.binary("maxui", 1 << 63, 1, "i64"), 1 << 63)
        self.assertEqual(model.cast("index_castui", 0xFFFFFFFF, "i32",
                                    "index"), 0xFFFFFFFF)
        self.assertEqual(model.cast("index_cast", 0xFFFFFFFF, "i32", "index"),
                         M64)

    def test_undefined_integers(self):
        for name, a, b in [("divsi", 1 << 63, M64), ("remui", 5, 0),
                           ("shli", 1, 64)]:
            with self.assertRaises(model.Invalid):
                model.binary(name, a, b, "i64")

    def test_float_min_max(self):
        nan = float("nan")
        self.assertEqual(model.f32_to_bits(model.binary(
            "maximumf", -0.0, 0.0, "f32")), 0)
        self.assertEqual(model.f32_to_bits(model.binary(
            "minimumf", 0.0, -0.0, "f32")), 0x80000000)
        self.assertTrue(model.binary("maximumf", nan, 1.0, "f32") != 1.0)
        self.assertEqual(model.binary("maxnumf", nan, 1.0, "f32"), 1.0)
        with self.assertRaises(model.Invalid):
            model.binary("maxnumf", -0.0, 0.0, "f32")
        self.assertEqual(model.binary("divf", -1.0, 0.0, "f32"), -INF)

    def test_compares(self):
        nan = float("nan")
        self.assertEqual(model.cmpf("une", nan, nan), 1)
        self.assertEqual(model.cmpf("oeq", nan, nan), 0)
        self.assertEqual(model.cmpf("ult", nan, 1.0), 1)
        self.assertEqual(model.cmpi("slt", M64, 0, 64), 1)
        self.assertEqual(model.cmpi("ult", M64, 0, 64), 0)


def kernel_with(block, body):
    """A kernel of one block whose `body(builder, out)` writes `out`, a
    buffer of 64 i64 (and 64 i64 of input, 0 to 63)."""
    k = Kernel("k", (1, 1, 1), block)
    b = Builder(k)
    out = b.fresh(MemRefType((64,), "i64"), "out")
    k.buffers.append(Buffer(out, {}, ("linear", 0, -1)))
    body(b, out)
    return k


class Kernels(unittest.TestCase):
    def test_loop_runs_as_lowered(self):
        # for unsigned i = 2^64 - 3 to 2^64 - 1 step 1: two iterations.
        def body(b, out):
            lb = b.const("index", M64 - 2)
            ub = b.const("index", M64)
            one = b.const("index", 1)
            zero = b.const("index", 0)
            (n,) = b.for_(lb, ub, one, [zero],
                          lambda i, c: [b.binary("addi", c[0], one)],
                          unsigned=True)
            b.store(b.cast("index_cast", n, "i64"), out, [zero])
        self.assertEqual(model.run(kernel_with((1, 1, 1), body))["out1"][0], 2)

    def test_loop_ends_at_the_end_of_its_type(self):
        # Signed i from INT64_MAX - 1 step 2 to INT64_MAX: one iteration;
        # the increment would wrap below the bound, and scf.for ends there.
        def body(b, out):
            lb = b.const("index", (1 << 63) - 2)
            ub = b.const("index", (1 << 63) - 1)
            two = b.const("index", 2)
            one = b.const("index", 1)
            zero = b.const("index", 0)
            (n,) = b.for_(lb, ub, two, [zero],
                          lambda i, c: [b.binary("addi", c[0], one)])
            b.store(b.cast("index_cast", n, "i64"), out, [zero])
        self.assertEqual(model.run(kernel_with((1, 1, 1), body))["out1"][0], 1)

    def test_race_is_invalid(self):
        # Every thread writes out[0]: no single answer.
        def body(b, out):
            zero = b.const("index", 0)
            b.store(b.cast("index_cast", b.gpu_id("thread_id"), "i64"), out,
                    [zero])
        with self.assertRaises(model.Invalid):
            model.run(kernel_with((2, 1, 1), body))

    def test_barrier_orders_shared_memory(self):
        # Thread t writes w[t], a barrier, reads w[(t + 1) % 4].
        def body(b, out):
            w = b.fresh(MemRefType((4,), "i64", "workgroup"), "w")
            b.kernel.workgroup.append(w)
            t = b.gpu_id("thread_id")
            b.store(b.binary("muli", b.cast("index_cast", t, "i64"),
                             b.const("i64", 10)), w, [t])
            b.barrier()
            other = b.binary("remui", b.binary("addi", t, b.const("index", 1)),
                             b.const("index", 4))
            b.store(b.load(w, [other]), out, [t])
        got = model.run(kernel_with((4, 1, 1), body))["out1"]
        self.assertEqual(got[:5], [10, 20, 30, 0, M64])

    def test_subgroup_reduce_active_lanes(self):
        # Lanes 0 to 39 of 40 (a full warp and 8 of the next); the odd ones
        # add their ids: 1 + 3 + ... + 31 = 256 in the first warp, 33 + 35
        # + 37 + 39 = 144 in the second.
        def body(b, out):
            t = b.gpu_id("thread_id")
            odd = b.cmpi("eq", b.binary("remui", t, b.const("index", 2)),
                         b.const("index", 1))

            def then():
                r = b.subgroup_reduce("add", b.cast("index_cast", t, "i64"))
                b.store(r, out, [t])
            b.if_(odd, then)
        got = model.run(kernel_with((40, 1, 1), body))["out1"]
        self.assertEqual(got[1], 256)
        self.assertEqual(got[31], 256)
        self.assertEqual(got[33], 144)
        self.assertEqual(got[0], M64)


if __name__ == "__main__":
    unittest.main()
