# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Random kernels that take the host target's shortcuts, and the edges of
their conditions.

A kernel is a launch shape and one to three independent fragments, each
with buffers of its own (the kernel's inputs are read-only and shared):

  grid-stride      for (i = base + threadIdx.x; i < n; i += stride), the
                   loop that runs across the threads, with i32/i64/index,
                   signed or unsigned bounds near INT_MIN, INT_MAX, 2^63,
                   2^64, zero trips, iter_args;
  column-walk      a uniform loop reading b[k, x], run across the threads;
  tree             if (threadIdx.x < n) steps of a reduction in shared
                   memory, n at the edges (0, negative, past the block);
  shared-atomics   every atomic kind on workgroup memory (made plain);
  global-atomics   every atomic kind on global memory;
  subgroup-reduce  whole-warp (folded once) and clustered, in divergent
                   branches, partial warps;
  private          static and dynamic allocas and private attributions,
                   used across barriers, in loops;
  exchange         workgroup attributions and memref.alloc in workgroup
                   memory, written, a barrier, read by another thread;
  arith            i32/i64/f32 expressions over INT_MIN, NaN, -0.0, ...;
  uniform-loop     a loop with barriers (hoisted out of the thread loops),
                   iter_args carried per thread, and an if with a barrier.

`make_kernel(seed, index)` is a pure function of its arguments (and of the
`avoid` set); the model (model.py) decides whether the kernel is
well-defined, and another fragment is drawn where it is not.
"""

import random
import zlib

from kernel_ir import (INT_BITS, Buffer, Builder, Kernel, MemRefType, Param,
                       walk)
import model

GS_SLOTS = 8  # iterations of a grid-stride loop that get a slot of their own


def _pattern(value, bits):
    return value & ((1 << bits) - 1)


class Gen:
    """Builds one fragment into a kernel."""

    def __init__(self, rng, kernel, builder, frag, avoid):
        self.rng = rng
        self.k = kernel
        self.b = builder
        self.frag = frag
        self.avoid = avoid
        self.b.frag = frag
        self._ids = None

    # -- values ---------------------------------------------------------------

    def edge(self, bits, around=None):
        """An integer (unsigned pattern of `bits`) at an edge, or near one."""
        r = self.rng
        small = r.randint(0, 300) if r.random() < 0.5 else r.randint(0, 3)
        sign = r.choice((1, -1))
        top = 1 << (bits - 1)
        choices = [
            0, 1, small, -small, top - 1 - small, -top + small, top + small,
            top - small, (1 << bits) - 1 - small, r.getrandbits(bits),
        ]
        if bits == 64:
            choices += [(1 << 32) + sign * small, (1 << 31) + sign * small]
        if around is not None:
            choices += [around + sign * small] * 3
        return _pattern(r.choice(choices), bits)

    def const(self, type_, value):
        return self.b.const(type_, _pattern(value, 32 if type_ == "f32" else
                                            INT_BITS[type_]))

    def param(self, type_, value):
        bits = 32 if type_ == "f32" else INT_BITS[type_]
        v = self.b.fresh(type_, "p")
        self.k.params.append(Param(v, _pattern(value, bits)))
        return v

    def uniform(self, type_, value):
        """A uniform value: a constant, or an argument the compiler cannot see."""
        if self.rng.random() < 0.5:
            return self.param(type_, value)
        return self.const(type_, value)

    def index(self, value):
        return self.b.const("index", _pattern(value, 64))

    def buffer(self, shape, element, hint="out", edges=True):
        """A global buffer, initialized with a random rule and some edges."""
        r = self.rng
        t = MemRefType(tuple(shape), element)
        fill = ("linear", r.randint(-7, 7), r.randint(-100, 100))
        init = {}
        if edges and r.random() < 0.7:
            for _ in range(r.randint(1, 4)):
                i = r.randrange(t.elements())
                init[i] = self.edge_value(element)
        v = self.b.fresh(t, hint)
        self.k.buffers.append(Buffer(v, init, fill, self.frag))
        return v

    def f32_edge(self, bits):
        """`bits`, or a quiet NaN for the signalling one where the run
        avoids host-signaling-nan-min-max (the same draws either way)."""
        if bits == SIGNALING_NAN and "host-signaling-nan-min-max" in \
                self.avoid:
            return QUIET_NAN
        return bits

    def edge_value(self, element):
        if element == "f32":
            bits = self.f32_edge(self.rng.choice(F32_EDGES + [
                model.f32_to_bits(self.rng.randint(-64, 64) / 4.0)]))
            if bits in F32_EDGES and bits not in PLAIN_F32:
                # NaN, inf, -0, subnormals, FLT_MAX, ... (Vulkan need not
                # keep them)
                self.k.features.add("float-edge")
            return bits
        return self.edge(INT_BITS[element])

    def workgroup(self, shape, element):
        """Workgroup memory: an attribution, or memref.alloc in the kernel."""
        t = MemRefType(tuple(shape), element, "workgroup")
        if self.rng.random() < 0.5:
            v = self.b.fresh(t, "wa")
            self.k.workgroup.append(v)
            return v
        return self.b.alloc_workgroup(t)

    # -- ids ------------------------------------------------------------------

    def ids(self):
        """(tx, lin, gslot): threadIdx.x, the linear thread id in the block,
        the thread's slot in the launch (index values)."""
        if self._ids:
            return self._ids
        b = self.b
        tx = b.gpu_id("thread_id", "x")
        k = self.k
        if k.block[1] == k.block[2] == 1:
            lin = tx
        else:
            ty = b.gpu_id("thread_id", "y")
            tz = b.gpu_id("thread_id", "z")
            bx = b.gpu_id("block_dim", "x")
            by = b.gpu_id("block_dim", "y")
            lin = b.binary("addi", tx, b.binary(
                "muli", bx, b.binary("addi", ty, b.binary("muli", by, tz))))
        if k.grid[1] == k.grid[2] == 1:
            blin = b.gpu_id("block_id", "x")
        else:
            gx = b.gpu_id("grid_dim", "x")
            gy = b.gpu_id("grid_dim", "y")
            blin = b.binary("addi", b.gpu_id("block_id", "x"), b.binary(
                "muli", gx, b.binary("addi", b.gpu_id("block_id", "y"),
                                     b.binary("muli", gy,
                                              b.gpu_id("block_id", "z")))))
        if k.block[1] == k.block[2] == 1 and k.grid[1] == k.grid[2] == 1 \
                and zlib.crc32(k.name.encode()) % 2:
            # CUDA's global id, blockIdx.x * blockDim.x + threadIdx.x: a
            # kernel that uses threadIdx.x nowhere else runs the blocks of a
            # row together on the host (conversion/host/BlockRows.h). Chosen
            # by a hash, not the fragment's random numbers, which draw the
            # same kernels as before otherwise.
            gslot = b.binary("addi", b.binary(
                "muli", blin, b.gpu_id("block_dim", "x")), tx)
            self._ids = (tx, lin, gslot)
            return self._ids
        threads = self.uniform("index", k.threads_per_block())
        gslot = b.binary("addi", b.binary("muli", blin, threads), lin)
        self._ids = (tx, lin, gslot)
        return self._ids

    def total(self):
        return self.k.threads_per_block() * self.k.blocks()

    def to(self, v, type_, signed=True):
        """An integer value as another integer type."""
        if v.type == type_:
            return v
        b = self.b
        if v.type == "index" or type_ == "index":
            return b.cast("index_cast" if signed else "index_castui", v, type_)
        if INT_BITS[v.type] < INT_BITS[type_]:
            return b.cast("extsi" if signed else "extui", v, type_)
        return b.cast("trunci", v, type_)

    def mix(self, v, type_):
        """A value of `type_` computed from the integer `v` (a hash-like mix,
        different for neighbouring threads)."""
        b = self.b
        x = self.to(v, "i64" if type_ == "f32" else type_)
        t = x.type
        x = b.binary("muli", x, self.const(t, self.rng.choice(
            [1, 3, -5, 0x9E3779B1, 1 << 20, -1])))
        x = b.binary("addi", x, self.uniform(t, self.edge(INT_BITS[t])))
        if type_ == "f32":
            small = b.binary("remsi", b.cast("trunci", x, "i32"),
                             self.const("i32", 1024))
            return b.binary("mulf", b.cast("sitofp", small, "f32"),
                            self.const("f32", model.f32_to_bits(0.25)))
        return x


SIGNALING_NAN = 0x7F800001
QUIET_NAN = 0x7FC00000
F32_EDGES = [model.f32_to_bits(x) for x in (
    0.0, -0.0, 1.0, -1.0, 0.5, float("inf"), float("-inf"),
    3.4028234663852886e38, -3.4028234663852886e38, 1.401298464324817e-45,
    1.1754943508222875e-38, 16777216.0, 16777217.0 - 1, 0.1)] + [
    QUIET_NAN, 0xFFC00001, SIGNALING_NAN]


PLAIN_F32 = [model.f32_to_bits(x) for x in (0.0, 1.0, -1.0, 0.5)]


# ---------------------------------------------------------------------------
# Fragments.


def frag_grid_stride(g: Gen):
    """for (i = base + threadIdx.x; i < n; i += stride): each iteration
    writes its own slot, out[slot][k] = i, and the thread folds its
    iterations in order into an iter_arg."""
    r, b, k = g.rng, g.b, g.k
    T = r.choice(["index"] * 5 + ["i64", "i32"])
    bits = INT_BITS[T]
    unsigned = r.random() < 0.4
    tx, lin, gslot = g.ids()
    tid = g.to(tx, T)
    # The stride: the grid's threads, the block's, or any uniform value.
    block_x = k.block[0]
    how = r.choice(["grid", "grid", "block", "uniform", "uniform"])
    if how == "grid":
        step_value = block_x * k.grid[0]
        step = g.to(b.binary("muli", b.gpu_id("block_dim", "x"),
                             b.gpu_id("grid_dim", "x")), T)
    elif how == "block":
        step_value = block_x
        step = g.to(b.gpu_id("block_dim", "x"), T)
    else:
        step_value = r.choice([1, 2, 3, 31, 32, 64, 1000, 1 << 31, 1 << 32,
                               (1 << (bits - 2)) + r.randint(0, 9),
                               (1 << (bits - 1)) - r.randint(1, 9),
                               (1 << (bits - 1)) + r.randint(0, 9),
                               (1 << bits) - r.randint(1, 9)])
        step_value = _pattern(step_value, bits) or 1
        step = g.uniform(T, step_value)
    # The base: uniform, from the block's place, or none.
    base_value = g.edge(bits)
    form = r.choice(["tid", "base+tid", "tid+base", "block", "block"])
    if form == "tid":
        lb = tid
        base_value = 0
    else:
        base = g.uniform(T, base_value)
        if form == "block":
            base = b.binary("addi", base, b.binary(
                "muli", g.to(b.gpu_id("block_id", "x"), T),
                g.to(b.gpu_id("block_dim", "x"), T)))
        lb = b.binary("addi", tid, base) if form == "tid+base" else \
            b.binary("addi", base, tid)
    # The bound: some iterations past the base, or an edge.
    if r.random() < 0.7:
        n_value = base_value + step_value * r.randint(0, GS_SLOTS) + \
            r.randint(-3, 3)
    else:
        n_value = g.edge(bits, around=base_value)
    n_value = _pattern(n_value, bits)
    ub = g.uniform(T, n_value)
    # The loop.
    out = g.buffer([g.total(), GS_SLOTS + 1], "i64", "gs", edges=False)
    folded = g.buffer([g.total()], "i64", "gsacc", edges=False)
    inputs = g.buffer([r.choice([1, 5, 64])], r.choice(["i32", "i64"]), "gsin")
    zero = g.const("i64", 0)
    limit = g.index(GS_SLOTS)
    n_in = g.index(inputs.type.shape[0])
    own = b.load(g.buffer([g.total()], "i64", "gsown"), [gslot])

    def body(i, carried):
        (acc,) = carried
        trip = g.to(b.binary("divui", b.binary("subi", i, lb), step), "index",
                    signed=False)
        slot = b.binary("minui", trip, limit)
        i64 = g.to(i, "i64", signed=not unsigned)
        read = b.load(inputs, [b.binary("remui", g.to(i, "index",
                                                      signed=False), n_in)])
        value = b.binary("xori", i64, b.binary("shli", g.to(read, "i64"),
                                               g.const("i64", 40)))
        value = b.binary("addi", value, own)
        b.store(value, out, [gslot, slot])
        return [b.binary("addi", b.binary("muli", acc, g.const("i64", 31)), i64)]

    (acc,) = b.for_(lb, ub, step, [zero], body, unsigned)
    b.store(acc, folded, [gslot])
    return "grid-stride(%s%s, %s, stride %s)" % (
        "unsigned " if unsigned else "", T, form, how)


def frag_column_walk(g: Gen):
    """for (k = lb; k < ub; k += s) acc += a[k % R][x-ish]: a uniform loop
    that reads a column per thread, and writes w[k][slot]."""
    r, b, k = g.rng, g.b, g.k
    T = r.choice(["index"] * 4 + ["i64", "i32"])
    bits = INT_BITS[T]
    unsigned = r.random() < 0.3
    tx, lin, gslot = g.ids()
    step_value = _pattern(r.choice([1, 1, 2, 3, 7, 1 << (bits - 2)]), bits)
    lb_value = g.edge(bits)
    trips = r.randint(0, 6)
    ub_value = _pattern(lb_value + step_value * trips - r.randint(0, 1), bits)
    if r.random() < 0.2:
        ub_value = g.edge(bits, around=lb_value)
    lb, ub, step = (g.uniform(T, v) for v in (lb_value, ub_value, step_value))
    bound = "uniform"
    if r.random() < 0.2:
        # A bound of each thread's own: the loop stays in the thread.
        bound = "per-thread"
        ub = b.binary("addi", ub, g.to(b.binary("remui", tx, g.index(3)), T))
    element = r.choice(["i32", "f32"])
    rows = r.choice([1, 3, 8])
    width = r.choice([k.block[0], k.block[0] + 1, 64])
    a = g.buffer([rows, width], element, "cw")
    w = g.buffer([GS_SLOTS + 1, g.total()], element, "cwout", edges=False)
    acc_out = g.buffer([g.total()], element, "cwacc", edges=False)
    n_rows, n_width = g.index(rows), g.index(width)
    limit = g.index(GS_SLOTS)
    column = r.choice(["tx", "gslot", "tx+1"])
    if column == "tx":
        col = b.binary("remui", tx, n_width)
    elif column == "gslot":
        col = b.binary("remui", gslot, n_width)
    else:
        col = b.binary("remui", b.binary("addi", tx, g.index(1)), n_width)
    init = g.const(element, 0)
    add = "addf" if element == "f32" else "addi"
    # A value of the thread's own that the loop uses, which the host target
    # cannot recompute (it keeps it per thread).
    own = b.load(g.buffer([g.total()], element, "cwown"), [gslot])

    def body(i, carried):
        (acc,) = carried
        row = b.binary("remui", g.to(i, "index", signed=False), n_rows)
        v = b.binary(add, b.load(a, [row, col]), own)
        if r.random() < 0.7:
            trip = g.to(b.binary("divui", b.binary("subi", i, lb), step),
                        "index", signed=False)
            b.store(v, w, [b.binary("minui", trip, limit), gslot])
        return [b.binary(add, acc, v)]

    (acc,) = b.for_(lb, ub, step, [init], body, unsigned)
    b.store(acc, acc_out, [gslot])
    return "column-walk(%s%s, %s, %s bound)" % (
        "unsigned " if unsigned else "", T, column, bound)


def _guard(g, tx, bound_value=None):
    """`threadIdx.x < n` or `threadIdx.x > n` (signed or unsigned, either
    operand first; at times of threadIdx.y instead), n uniform, at an edge
    or near the block's size."""
    r, b = g.rng, g.b
    width = g.k.block[0]
    if bound_value is None and g.k.block[1] > 1 and r.random() < 0.3:
        tx, width = b.gpu_id("thread_id", "y"), g.k.block[1]
    if bound_value is None:
        bound_value = r.choice([
            0, 1, width - 1, width, width + 1,
            width // 2, -1, 1 << 63, (1 << 63) - 1, 1 << 32,
            (1 << 32) + 1, g.edge(64)])
    n = g.uniform("index", bound_value)
    pred = r.choice(["ult", "slt", "ult", "slt", "ugt", "sgt"])
    if r.random() < 0.3:
        swapped = {"ult": "ugt", "slt": "sgt", "ugt": "ult", "sgt": "slt"}
        return b.cmpi(swapped[pred], n, tx)
    return b.cmpi(pred, tx, n)


def frag_tree(g: Gen):
    """A tree reduction in shared memory whose steps run
    `if (threadIdx.x < half)`, and guarded steps with bounds at the edges."""
    r, b, k = g.rng, g.b, g.k
    tx, lin, gslot = g.ids()
    element = r.choice(["i32", "i64", "f32"])
    nthreads = k.threads_per_block()
    s = g.workgroup([nthreads], element)
    src = g.buffer([g.total()], element, "trin")
    out = g.buffer([g.total()], element, "trout", edges=False)
    row = b.binary("subi", lin, tx)  # the first thread of this x row
    b.store(b.load(src, [gslot]), s, [lin])
    b.barrier()
    add = r.choice(["addf", "maximumf"] if element == "f32" else
                   ["addi", "maxsi", "xori", "muli"])
    bx = g.index(k.block[0])

    def step(half):
        # Runs in threads x < half: s[x] = s[x] (+) s[x + half] where that
        # is in the row.
        def then():
            other = b.binary("addi", tx, half)
            inside = b.cmpi("ult", other, bx)

            def combine():
                mine = b.load(s, [lin])
                theirs = b.load(s, [b.binary("addi", row, other)])
                b.store(b.binary(add, mine, theirs), s, [lin])

            b.if_(inside, combine)
        b.if_(b.cmpi(r.choice(["ult", "slt"]), tx, half), then)
        b.barrier()

    if r.random() < 0.6:
        # The classic tree over a power of two at least the block's width.
        p = 1
        while p < k.block[0]:
            p *= 2
        levels = p.bit_length()
        c0, c1 = g.index(0), g.index(1)
        top = g.uniform("index", p)

        def body(i, carried):
            step(b.binary("shrui", top, i))
            return []

        b.for_(c0, g.uniform("index", levels), c1, [], body)
    else:
        for _ in range(r.randint(1, 3)):
            bound = r.choice([0, 1, k.block[0] // 2, k.block[0] - 1,
                              k.block[0], k.block[0] + 1, -1, 1 << 63,
                              (1 << 63) + 1, (1 << 32) + 1])
            step(g.uniform("index", bound))
    # Guarded copies: each thread that passes the bound copies its own
    # element; or every thread stores, the bound choosing what (a bounds
    # test beside effects that every thread has).
    cond = _guard(g, tx)
    form = r.choice(["if", "if", "if-else", "select"])
    if form == "if":
        b.if_(cond, lambda: b.store(b.load(s, [lin]), out, [gslot]))
    else:
        other = g.const(element, 0x40400000 if element == "f32" else -3)
        if form == "if-else":
            (v,) = b.if_(cond, lambda: [b.load(s, [lin])], lambda: [other],
                         result_types=(element,))
        else:
            v = b.select(cond, b.load(s, [lin]), other)
        b.store(v, out, [gslot])
    return "tree(%s, %s)" % (element, add)


INT_ATOMICS = ["addi", "muli", "andi", "ori", "xori", "maxs", "mins", "maxu",
               "minu", "assign"]
F32_ATOMICS = ["addf", "mulf", "maximumf", "minimumf", "maxnumf", "minnumf",
               "assign"]
GENERIC_INT = ["addi", "muli", "andi", "ori", "xori", "maxsi", "minsi",
               "maxui", "minui"]
GENERIC_F32 = ["addf", "maximumf", "minimumf"]


def _atomic_operand(g, kind, element, seed_value):
    """The operand of an atomic of `kind`: a mix of the thread's value,
    kept to what makes the result independent of the order."""
    b = g.b
    if element != "f32":
        v = g.mix(seed_value, element)
        if kind == "assign":
            return g.uniform(element, g.edge(INT_BITS[element]))
        if kind in ("muli",):
            # Odd numbers and a few even ones: the product wraps, and stays
            # nonzero for a while.
            return b.binary("ori", v, g.const(element, 1))
        return v
    if kind == "assign":
        return g.uniform("f32", g.edge_value("f32"))
    if kind == "mulf":
        g.k.features.add("float-edge")
        # Powers of two near one (and the odd NaN, inf, zero), exact in any
        # order.
        bits = g.rng.choice([model.f32_to_bits(x) for x in (
            1.0, 1.0, 1.0, -1.0, 2.0, 0.5, -2.0)] + F32_EDGES[:1])
        return g.uniform("f32", bits)
    v = g.mix(seed_value, "f32")  # multiples of 1/4 below 256: exact sums
    if g.rng.random() < 0.2:
        # Edges that keep sums exact in any order (for addf), or any.
        specials = F32_EDGES if kind != "addf" else [
            model.f32_to_bits(x) for x in (float("inf"), float("-inf"), -0.0)
        ] + [0x7FC00000]
        special = g.uniform("f32", g.f32_edge(g.rng.choice(specials)))
        g.k.features.add("float-edge")
        rare = g.b.cmpi("eq", b.binary("remui", g.to(seed_value, "i32", False),
                                       g.const("i32", 37)), g.const("i32", 5))
        v = b.select(rare, special, v)
    if kind in ("maxnumf", "minnumf"):
        # +0 and -0 together have no single answer: make every zero +0.
        v = b.binary("addf", v, g.const("f32", 0))
    return v


def frag_shared_atomics(g: Gen):
    """Every thread updates a few elements of workgroup memory atomically
    (which the host target makes plain loads and stores)."""
    r, b, k = g.rng, g.b, g.k
    tx, lin, gslot = g.ids()
    nthreads = k.threads_per_block()
    element = r.choice(["i32", "i32", "i64", "f32"])
    size = r.choice([1, 2, 3, 8, nthreads])
    w = g.workgroup([size], element)
    init = g.buffer([size], element, "sain")
    out = g.buffer([k.blocks() * size], element, "saout", edges=False)
    size_v = g.index(size)
    threads_v = g.index(nthreads)
    # Initialize: a block-stride loop over the elements.
    b.for_(lin, size_v, threads_v, [], lambda j, c: (
        b.store(b.load(init, [j]), w, [j]), [])[1])
    b.barrier()
    kinds = F32_ATOMICS if element == "f32" else INT_ATOMICS
    kind = r.choice(kinds + ["generic"])
    used = size == nthreads and kind not in ("generic",) and r.random() < 0.4
    olds = g.buffer([g.total()], element, "saold", edges=False) if used else None
    place = "lin" if used else r.choice(["lin", "mod", "zero"])

    def update():
        if place == "lin" and size == nthreads:
            slot = lin
        elif place == "zero":
            slot = g.index(0)
        else:
            slot = b.binary("remui", b.binary("muli", lin, g.index(
                r.choice([1, 3, 7]))), size_v)
        if kind == "generic":
            combine = r.choice(GENERIC_F32 if element == "f32" else GENERIC_INT)
            operand = _atomic_operand(g, ATOMIC_FOR_GENERIC.get(combine),
                                      element, lin)
            b.generic_atomic(w, [slot], combine, operand)
        else:
            old = b.atomic(kind, _atomic_operand(g, kind, element, lin), w,
                           [slot])
            if used:
                b.store(old, olds, [gslot])

    context = r.choice(["plain", "guard", "loop"])
    if context == "guard":
        b.if_(_guard(g, tx), update)
    elif context == "loop":
        # A per-thread number of updates.
        n = b.binary("remui", lin, g.index(3))
        b.for_(g.index(0), n, g.index(1), [], lambda j, c: (update(), [])[1])
    else:
        update()
    b.barrier()
    blin = b.binary("divui", b.binary("subi", gslot, lin), threads_v)
    base = b.binary("muli", blin, size_v)
    b.for_(lin, size_v, threads_v, [], lambda j, c: (
        b.store(b.load(w, [j]), out, [b.binary("addi", base, j)]), [])[1])
    return "shared-atomics(%s %s, %d elements, %s, %s)" % (
        kind, element, size, place, context)


ATOMIC_FOR_GENERIC = {"addi": "addi", "muli": "muli", "andi": "andi",
                      "ori": "ori", "xori": "xori", "maxsi": "maxs",
                      "minsi": "mins", "maxui": "maxu", "minui": "minu",
                      "addf": "addf", "maximumf": "maximumf",
                      "minimumf": "minimumf"}


def frag_global_atomics(g: Gen):
    """Every thread of every block updates elements of a global buffer."""
    r, b, k = g.rng, g.b, g.k
    tx, lin, gslot = g.ids()
    element = r.choice(["i32", "i32", "i64", "f32"])
    total = g.total()
    size = r.choice([1, 2, 7, 64, total])
    out = g.buffer([size], element, "ga")
    kinds = F32_ATOMICS if element == "f32" else INT_ATOMICS
    kind = r.choice(list(kinds) + ["generic"])
    used = size == total and kind != "generic" and r.random() < 0.4
    olds = g.buffer([total], element, "gaold", edges=False) if used else None
    size_v = g.index(size)
    if used or r.random() < 0.3:
        slot = gslot if size == total else b.binary("remui", gslot, size_v)
    else:
        slot = b.binary("remui", b.binary("muli", gslot, g.index(
            r.choice([1, 5, 11]))), size_v)
    if kind == "generic":
        combine = r.choice(GENERIC_F32 if element == "f32" else GENERIC_INT)
        b.generic_atomic(out, [slot], combine, _atomic_operand(
            g, ATOMIC_FOR_GENERIC[combine], element, gslot))
    else:
        old = b.atomic(kind, _atomic_operand(g, kind, element, gslot), out,
                       [slot])
        if used:
            b.store(old, olds, [gslot])
    return "global-atomics(%s %s, %d elements)" % (kind, element, size)


REDUCE_INT = ["add", "mul", "and", "or", "xor", "minui", "minsi", "maxui",
              "maxsi"]
REDUCE_F32 = ["add", "mul", "minnumf", "maxnumf", "minimumf", "maximumf"]


def frag_subgroup_reduce(g: Gen):
    """gpu.subgroup_reduce over whole warps (folded once on the host),
    clusters, and the active lanes of a divergent branch."""
    r, b, k = g.rng, g.b, g.k
    tx, lin, gslot = g.ids()
    g.k.features.add("subgroup")
    element = r.choice(["i32", "i32", "i64", "f32"])
    kind = r.choice(REDUCE_F32 if element == "f32" else REDUCE_INT)
    src = g.buffer([g.total()], element, "sgin",
                   edges=element != "f32" or kind not in ("add", "mul"))
    out = g.buffer([g.total()], element, "sgout", edges=False)
    cluster = None
    if r.random() < 0.35:
        size = r.choice([1, 2, 4, 8, 16, 32])
        stride = r.choice([s for s in (1, 2, 4, 8, 16) if size * s <= 32])
        cluster = (size, stride)
    context = r.choice(["all", "all", "branch"])

    def reduce(uniform):
        v = b.load(src, [gslot])
        if element == "f32" and kind == "mul":
            # Powers of two: products exact in any order.
            v = b.select(b.cmpf("olt", v, g.const("f32", 0)),
                         g.const("f32", model.f32_to_bits(-1.0)),
                         g.const("f32", model.f32_to_bits(2.0)))
        if kind in ("maxnumf", "minnumf"):
            v = b.binary("addf", v, g.const("f32", 0))
        res = b.subgroup_reduce(kind, v, uniform, cluster)
        b.store(res, out, [gslot])

    if context == "all":
        reduce(uniform=r.random() < 0.3 and
               k.threads_per_block() % model.WARP == 0)
    else:
        lane = b.lane_id() if r.random() < 0.5 else lin
        pick = b.cmpi(r.choice(["ne", "ult", "eq"]),
                      b.binary("remui", lane, g.index(r.choice([2, 3, 5]))),
                      g.index(r.choice([0, 1])))
        b.if_(pick, lambda: reduce(uniform=False))
    return "subgroup-reduce(%s %s, cluster %s, %s)" % (
        kind, element, cluster, context)


def frag_private(g: Gen):
    """Per-thread memory (static or dynamic alloca, private attribution)
    filled (in a loop, or its ends or first element in straight-line code:
    the thread loop that allocates is then vectorized), kept across
    barriers or a loop run across the threads, read back."""
    r, b, k = g.rng, g.b, g.k
    tx, lin, gslot = g.ids()
    element = r.choice(["i32", "i64", "f32"])
    how = r.choice(["static", "dynamic-uniform", "dynamic-thread",
                    "attribution", "in-loop"])
    fill_how = r.choice(["loop", "ends", "first"])
    split = r.choice(["barriers", "barriers", "across-threads"])
    size = r.choice([1, 3, 8, 17])
    out = g.buffer([g.total()], element, "pvout", edges=False)
    walked = g.buffer([4, g.total()], element, "pvwalk", edges=False) \
        if split == "across-threads" else None
    c0, c1 = g.index(0), g.index(1)
    add = "addf" if element == "f32" else "xori"

    def allocate():
        if how == "attribution":
            v = b.fresh(MemRefType((size,), element, "private"), "pa")
            k.private.append(v)
            return v, g.index(size)
        if how == "static" or how == "in-loop":
            return b.alloca(MemRefType((size,), element)), g.index(size)
        if how == "dynamic-uniform":
            n = g.param("index", size)  # a constant would make it static
        else:
            n = b.binary("addi", b.binary("remui", lin, g.index(size)), c1)
        return b.alloca(MemRefType((None,), element), [n]), n

    def value(j):
        return g.mix(b.binary("addi", b.binary("muli", gslot, g.index(97)), j),
                     element)

    def use(mem, n, salt):
        last = b.binary("subi", n, c1)
        if fill_how == "loop":
            b.for_(c0, n, c1, [], lambda j, c: (b.store(value(j), mem, [j]),
                                                 [])[1])
        else:
            b.store(value(c0), mem, [c0])
            if fill_how == "ends":
                b.store(value(last), mem, [last])
            else:
                last = c0
        if split == "barriers":
            for _ in range(r.randint(1, 2)):
                b.barrier()
        else:
            # Read in a loop that the host target runs across the threads
            # (it walks walked[k, slot]).
            def walk_body(i, c):
                b.store(b.binary(add, b.load(mem, [c0]), b.load(mem, [last])),
                        walked, [i, gslot])
                return []
            b.for_(c0, g.uniform("index", r.randint(1, 4)), c1, [], walk_body)
        if fill_how == "loop":
            (acc,) = b.for_(c0, n, c1, [salt], lambda j, c: [
                b.binary(add, c[0], b.load(mem, [j]))])
            return acc
        return b.binary(add, salt, b.binary(add, b.load(mem, [c0]),
                                            b.load(mem, [last])))

    if how == "in-loop":
        def body(i, carried):
            mem, n = allocate()
            return [use(mem, n, carried[0])]
        trips = g.uniform("index", r.randint(1, 3))
        (acc,) = b.for_(c0, trips, c1, [g.const(element, 0)], body)
    else:
        mem, n = allocate()
        acc = use(mem, n, g.const(element, 0))
    b.store(acc, out, [gslot])
    return "private(%s %s, %d, fill %s, %s)" % (how, element, size, fill_how,
                                                split)


def frag_exchange(g: Gen):
    """Workgroup memory (an attribution or memref.alloc) written by each
    thread, read by another after a barrier."""
    r, b, k = g.rng, g.b, g.k
    tx, lin, gslot = g.ids()
    element = r.choice(["i32", "i64", "f32"])
    nthreads = k.threads_per_block()
    w = g.workgroup([nthreads], element)
    out = g.buffer([g.total()], element, "xout", edges=False)
    n = g.index(nthreads)
    value = g.mix(gslot, element)
    for _ in range(r.randint(1, 2)):
        b.store(value, w, [lin])
        b.barrier()
        other = b.binary("remui", b.binary("addi", lin, g.index(
            r.choice([1, 2, nthreads - 1, 31, 33]))), n)
        value = b.load(w, [other])
        b.barrier()
    b.store(value, out, [gslot])
    return "exchange(%s)" % element


def _expression(g, leaves, count):
    """A random DAG of arith ops over `leaves` ({type: [values]})."""
    r, b = g.rng, g.b
    pool = {t: list(vs) for t, vs in leaves.items()}

    def pick(t):
        return r.choice(pool[t])

    for _ in range(count):
        t = r.choice(["i32", "i64", "f32"])
        x, y = pick(t), pick(t)
        if t == "f32":
            op = r.choice(["addf", "subf", "mulf", "divf", "maximumf",
                           "minimumf", "maxnumf", "minnumf", "negf", "cmp",
                           "sitofp", "uitofp", "bitcast"])
            if op == "negf":
                v = b.negf(x)
            elif op == "cmp":
                c = b.cmpf(r.choice(["oeq", "olt", "ole", "one", "ueq", "ult",
                                     "uno", "ord", "ugt"]), x, y)
                v = b.select(c, x, y)
            elif op in ("sitofp", "uitofp"):
                v = b.cast(op, pick(r.choice(["i32", "i64"])), "f32")
            elif op == "bitcast":
                v = b.cast("bitcast", pick("i32"), "f32")
            else:
                v = b.binary(op, x, y)
        else:
            bits = INT_BITS[t]
            op = r.choice(["addi", "subi", "muli", "andi", "ori", "xori",
                           "maxsi", "minsi", "maxui", "minui", "div", "shift",
                           "cmp", "cast", "cast"])
            if op == "div":
                name = r.choice(["divsi", "divui", "remsi", "remui"])
                # Positive divisors: neither zero nor -1.
                d = b.binary("ori", b.binary("andi", y, g.const(
                    t, r.choice([7, 0xFFFF, (1 << (bits - 1)) - 1]))),
                    g.const(t, 1))
                v = b.binary(name, x, d)
            elif op == "shift":
                amount = b.binary("andi", y, g.const(t, bits - 1))
                v = b.binary(r.choice(["shli", "shrsi", "shrui"]), x, amount)
            elif op == "cmp":
                c = b.cmpi(r.choice(["eq", "ne", "slt", "sle", "sgt", "sge",
                                     "ult", "ule", "ugt", "uge"]), x, y)
                v = b.select(c, x, y)
            elif op == "cast":
                other = "i64" if t == "i32" else "i32"
                src = pick(other) if r.random() < 0.7 else pick("f32")
                if src.type == "f32":
                    v = b.cast("bitcast", src, "i32")
                    if t == "i64":
                        v = b.cast(r.choice(["extsi", "extui"]), v, "i64")
                elif t == "i64":
                    v = b.cast(r.choice(["extsi", "extui"]), src, "i64")
                else:
                    v = b.cast("trunci", src, "i32")
            else:
                v = b.binary(op, x, y)
        pool[v.type].append(v)
    return pool


def frag_arith(g: Gen):
    """i32, i64 and f32 arithmetic over the thread's ids, inputs and edge
    values; a few results stored per thread."""
    r, b = g.rng, g.b
    tx, lin, gslot = g.ids()
    g.k.features.add("float-edge")
    inputs = {t: g.buffer([r.choice([1, 7, 64])], t, "arin")
              for t in ("i32", "i64", "f32")}
    leaves = {"i32": [g.to(gslot, "i32")], "i64": [g.to(lin, "i64")], "f32": []}
    for t, buf in inputs.items():
        n = g.index(buf.type.shape[0])
        leaves[t].append(b.load(buf, [b.binary("remui", gslot, n)]))
        for _ in range(2):
            leaves[t].append(g.uniform(t, g.edge_value(t)))
    pool = _expression(g, leaves, r.randint(6, 30))
    for t in ("i32", "i64", "f32"):
        out = g.buffer([g.total()], t, "arout", edges=False)
        b.store(pool[t][-1], out, [gslot])
    return "arith"


def frag_uniform_loop(g: Gen):
    """A loop with barriers (run outside the thread loops) whose bounds are
    at the edges, carrying a value per thread; and an if with a barrier."""
    r, b, k = g.rng, g.b, g.k
    T = r.choice(["index", "index", "i64", "i32"])
    bits = INT_BITS[T]
    unsigned = r.random() < 0.4
    tx, lin, gslot = g.ids()
    nthreads = k.threads_per_block()
    w = g.workgroup([nthreads], "i64")
    out = g.buffer([g.total()], "i64", "ulout", edges=False)
    step_value = _pattern(r.choice([1, 2, 5, 1 << (bits - 2),
                                    (1 << (bits - 1)) - 1]), bits)
    lb_value = g.edge(bits)
    ub_value = _pattern(lb_value + step_value * r.randint(0, 4) +
                        r.randint(-1, 1), bits)
    if r.random() < 0.2:
        ub_value = g.edge(bits, around=lb_value)
    lb, ub, step = (g.uniform(T, v) for v in (lb_value, ub_value, step_value))
    n = g.index(nthreads)
    start = g.to(gslot, "i64")
    # A second carried value, made after the last barrier from the first as
    # it was before this iteration: the first's next value is made while the
    # old one is still needed.
    two = r.random() < 0.4

    def body(i, carried):
        acc = carried[0]
        b.store(b.binary("addi", acc, g.to(i, "i64", signed=not unsigned)),
                w, [lin])
        b.barrier()
        other = b.binary("remui", b.binary("addi", lin, g.index(1)), n)
        mixed = b.binary("addi", b.binary("muli", acc, g.const("i64", 3)),
                         b.load(w, [other]))
        b.barrier()
        if two:
            later = b.binary("xori", b.binary("muli", carried[1],
                                              g.const("i64", 5)), acc)
            return [mixed, later]
        return [mixed]

    inits = [start, b.binary("xori", start, g.const("i64", 0x5A5A))] \
        if two else [start]
    results = b.for_(lb, ub, step, inits, body, unsigned)
    acc = results[0]
    if two:
        acc = b.binary("addi", acc, results[1])
    if r.random() < 0.5:
        # A uniform branch with a barrier, and results.
        cond = b.cmpi("sgt", g.uniform("i64", g.edge(64)), g.const("i64", 0))

        def then():
            b.store(acc, w, [lin])
            b.barrier()
            return [b.load(w, [b.binary("remui", b.binary(
                "addi", lin, g.index(2)), n)])]

        (acc,) = b.if_(cond, then, lambda: [b.binary("xori", acc, start)],
                       ["i64"])
    b.store(acc, out, [gslot])
    return "uniform-loop(%s%s)" % ("unsigned " if unsigned else "", T)


FRAGMENTS = {
    "grid-stride": (frag_grid_stride, 4),
    "column-walk": (frag_column_walk, 2),
    "tree": (frag_tree, 2),
    "shared-atomics": (frag_shared_atomics, 3),
    "global-atomics": (frag_global_atomics, 2),
    "subgroup-reduce": (frag_subgroup_reduce, 2),
    "private": (frag_private, 2),
    "exchange": (frag_exchange, 1),
    "arith": (frag_arith, 2),
    "uniform-loop": (frag_uniform_loop, 2),
}

BLOCK_X = [1, 2, 3, 7, 31, 32, 33, 63, 64, 65, 96, 100, 127, 128, 129, 160,
           255, 256, 257, 300]


def _launch(rng):
    bx = rng.choice(BLOCK_X)
    by = bz = 1
    if rng.random() < 0.2:
        by = rng.choice([2, 3])
        if rng.random() < 0.3:
            bz = 2
        while bx * by * bz > 512:
            bx //= 2
    gx = rng.choice([1, 1, 2, 3, 4, 5])
    gy = gz = 1
    if rng.random() < 0.15:
        gy = 2
    if rng.random() < 0.1:
        # Many small blocks: the host runs a range of them in one call, so
        # that what a block leaves behind meets the next one's code.
        bx = min(bx, rng.choice([1, 2, 7, 16]))
        by = bz = 1
        gx = rng.choice([33, 47, 64, 70])
        gy = rng.choice([1, 1, 2, 3])
        return (gx, gy, gz), (bx, by, bz)
    while gx * gy * bx * by * bz > 1200:
        gx = max(1, gx // 2)
        if gx == 1:
            break
    return (gx, gy, gz), (bx, by, bz)


def build(name, launch, dims_from_params, plan, avoid):
    """A kernel from its launch and its fragments' (kind, seed) pairs."""
    grid, block = launch
    kernel = Kernel(name, grid, block)
    kernel.dims_from_params = dims_from_params
    builder = Builder(kernel)
    for frag, (kind, seed) in enumerate(plan):
        g = Gen(random.Random(seed), kernel, builder, frag, avoid)
        kernel.fragments[frag] = FRAGMENTS[kind][0](g)
        if frag + 1 < len(plan) and g.rng.random() < 0.5:
            builder.barrier()
    return kernel


def make_kernel(seed, index, avoid=frozenset(), only=None, attempts=40):
    """Kernel number `index` of run `seed`, with the model's answer:
    (kernel, plan, expected), or None where no well-defined one came."""
    rng = random.Random("%s:%s" % (seed, index))
    launch = _launch(rng)
    dims_from_params = rng.random() < 0.5
    kinds = [k for k in FRAGMENTS if only is None or k in only]
    weights = [FRAGMENTS[k][1] for k in kinds]
    plan = [(rng.choices(kinds, weights)[0], "%s:%s:%d:0" % (seed, index, f))
            for f in range(rng.choice([1, 1, 2, 3]))]
    name = "k%d" % index
    for attempt in range(1, attempts + 1):
        try:
            kernel = build(name, launch, dims_from_params, plan, avoid)
            expected = model.run(kernel)
            return kernel, (launch, dims_from_params, plan), expected
        except model.Invalid as e:
            f = e.frag if 0 <= e.frag < len(plan) else rng.randrange(len(plan))
            kind = plan[f][0]
            plan[f] = (kind, "%s:%s:%d:%d" % (seed, index, f, attempt))
    return None
