# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The reference: runs a kernel of kernel_ir, every thread of every block, in
Python, with MLIR's meaning of each op and none of the compiler's code.

- Integers wrap at their width (index is 64 bits); f32 arithmetic rounds
  each result to f32 (IEEE 754, round to nearest even, subnormals kept).
- `scf.for` runs its iterations lb <= iv < ub (signed, or unsigned with
  `unsigned`), iv = lb + k * step, as its documentation says and every
  target runs it: where `iv += step` would step past the end of the type,
  the loop ends (upstream's `convert-scf-to-cf` would wrap and go on).
- Threads run until each waits at a barrier or a subgroup operation; a
  barrier lets the block go on once every thread waits at that same barrier
  instance; a subgroup operation runs for the lanes of a warp (32 lanes, by
  linear thread id) that wait at that same instance when none of the warp's
  waits at an earlier point: those are its active lanes.
- A kernel whose result would depend on how threads interleave, or that
  does what MLIR leaves undefined, is `Invalid`, and the generator makes
  another: two threads touching one element without a barrier between them
  (one of them writing), atomics of different kinds on one element (or one
  whose old value is used), a read of memory nobody wrote, an index outside
  its buffer, division by zero, a shift by the width or more, a loop of too
  many iterations, a barrier that not every thread reaches, `maxnumf` of
  +0 and -0, float atomics or reductions whose result depends on the order,
  the bits of a NaN (its payload).
"""

import math
import struct

from kernel_ir import INT_BITS, MemRefType, walk

WARP = 32
TRIP_LIMIT = 64  # iterations of one loop in one thread

# Wrong rules that the self-check (random_kernels.py --self-check) turns on,
# one at a time, to see that the comparison notices.
FAULTS = ("unsigned-loops-as-signed", "loops-one-iteration-short",
          "first-atomic-lost", "reduce-own-value", "signed-min-max-as-unsigned",
          "negative-zero-as-positive")
FAULT = None
NAN = float("nan")
INF = float("inf")


class Invalid(Exception):
    """The kernel has no single right answer (or none at all)."""

    def __init__(self, reason, frag=-1):
        super().__init__(reason)
        self.reason = reason
        self.frag = frag


# ---------------------------------------------------------------------------
# Values: integers as their unsigned bit patterns, f32 as Python floats that
# an f32 holds exactly.


def mask(bits):
    return (1 << bits) - 1


def signed(v, bits):
    return v - (1 << bits) if v >> (bits - 1) else v


def f32(x):
    """x rounded to the nearest f32 (ties to even)."""
    if x != x:
        return NAN
    if FAULT == "negative-zero-as-positive" and x == 0.0:
        return 0.0
    try:
        return struct.unpack("<f", struct.pack("<f", x))[0]
    except OverflowError:  # rounded past FLT_MAX
        return math.copysign(INF, x)


def f32_from_bits(bits):
    return struct.unpack("<f", struct.pack("<I", bits & 0xFFFFFFFF))[0]


def f32_to_bits(x):
    if x != x:
        return 0x7FC00000
    return struct.unpack("<I", struct.pack("<f", x))[0]


def int_to_f32(n):
    """An integer rounded to the nearest f32, in one rounding."""
    if n == 0:
        return 0.0
    sign = -1.0 if n < 0 else 1.0
    m = abs(n)
    shift = m.bit_length() - 24
    if shift > 0:
        q, r = divmod(m, 1 << shift)
        half = 1 << (shift - 1)
        if r > half or (r == half and q & 1):
            q += 1
        m = q << shift
    return f32(sign * float(m))


def is_neg_zero(x):
    return x == 0.0 and math.copysign(1.0, x) < 0


def _fdiv(a, b):
    if b == 0.0:
        if a != a or a == 0.0:
            return NAN
        neg = (math.copysign(1.0, a) < 0) != (math.copysign(1.0, b) < 0)
        return -INF if neg else INF
    if math.isinf(a) and math.isinf(b):
        return NAN
    return f32(a / b)


def _maximumf(a, b):
    if a != a or b != b:
        return NAN
    if a == b == 0.0:
        return b if is_neg_zero(a) else a
    return a if a > b else b


def _minimumf(a, b):
    if a != a or b != b:
        return NAN
    if a == b == 0.0:
        return a if is_neg_zero(a) else b
    return a if a < b else b


def _num(pick):
    def op(a, b):
        if a != a:
            return b
        if b != b:
            return a
        if a == b == 0.0 and is_neg_zero(a) != is_neg_zero(b):
            raise Invalid("maxnumf/minnumf of +0 and -0 may give either")
        return pick(a, b)
    return op


_maxnumf = _num(max)
_minnumf = _num(min)


def _int_binary(name, a, b, bits):
    m = mask(bits)
    if name == "addi":
        return (a + b) & m
    if name == "subi":
        return (a - b) & m
    if name == "muli":
        return (a * b) & m
    if name == "andi":
        return a & b
    if name == "ori":
        return a | b
    if name == "xori":
        return a ^ b
    if name in ("divui", "remui", "divsi", "remsi", "ceildivui"):
        if b == 0:
            raise Invalid("division by zero")
        if name == "divui":
            return a // b
        if name == "remui":
            return a % b
        if name == "ceildivui":
            return -(-a // b)
        sa, sb = signed(a, bits), signed(b, bits)
        if sa == -(1 << (bits - 1)) and sb == -1:
            raise Invalid("signed division overflow")
        q = abs(sa) // abs(sb)
        if (sa < 0) != (sb < 0):
            q = -q
        if name == "divsi":
            return q & m
        return (sa - q * sb) & m
    if name in ("shli", "shrui", "shrsi"):
        if b >= bits:
            raise Invalid("shift by the width or more")
        if name == "shli":
            return (a << b) & m
        if name == "shrui":
            return a >> b
        return (signed(a, bits) >> b) & m
    if FAULT == "signed-min-max-as-unsigned" and name in ("maxsi", "minsi"):
        name = name[:3] + "ui"
    if name == "maxsi":
        return a if signed(a, bits) >= signed(b, bits) else b
    if name == "minsi":
        return a if signed(a, bits) <= signed(b, bits) else b
    if name == "maxui":
        return max(a, b)
    if name == "minui":
        return min(a, b)
    raise ValueError(name)


_FLOAT_BINARY = {
    "addf": lambda a, b: f32(a + b),
    "subf": lambda a, b: f32(a - b),
    "mulf": lambda a, b: f32(a * b),
    "divf": _fdiv,
    "maximumf": _maximumf,
    "minimumf": _minimumf,
    "maxnumf": _maxnumf,
    "minnumf": _minnumf,
}


def binary(name, a, b, type_):
    """arith.<name> on two values of `type_`."""
    if type_ == "f32":
        return _FLOAT_BINARY[name](a, b)
    return _int_binary(name, a, b, INT_BITS[type_])


def cmpi(pred, a, b, bits):
    if pred[0] == "s":
        a, b = signed(a, bits), signed(b, bits)
    rel = pred[1:] if pred[0] in "su" else pred
    return int({"eq": a == b, "ne": a != b, "lt": a < b, "le": a <= b,
                "gt": a > b, "ge": a >= b}[rel])


def cmpf(pred, a, b):
    if pred == "false":
        return 0
    if pred == "true":
        return 1
    unordered = a != a or b != b
    if pred == "ord":
        return int(not unordered)
    if pred == "uno":
        return int(unordered)
    rel = {"eq": a == b, "ne": a != b, "lt": a < b, "le": a <= b,
           "gt": a > b, "ge": a >= b}[pred[1:]]
    if pred[0] == "o":
        return int(not unordered and rel)
    return int(unordered or rel)


def cast(name, a, src, dst):
    if name in ("index_cast", "extsi"):
        return signed(a, INT_BITS[src]) & mask(INT_BITS[dst])
    if name in ("index_castui", "extui", "trunci"):
        return a & mask(INT_BITS[dst])
    if name == "sitofp":
        return int_to_f32(signed(a, INT_BITS[src]))
    if name == "uitofp":
        return int_to_f32(a)
    if name == "bitcast":
        if src != "f32":
            return f32_from_bits(a)
        if a != a:
            # A NaN's payload is the hardware's choice (x86 keeps an
            # operand's, GPUs make it canonical), and the model keeps none.
            raise Invalid("the bits of a NaN")
        return f32_to_bits(a)
    raise ValueError(name)


# Atomic kinds and reduction kinds as binary ops.
ATOMIC_OPS = {
    "addi": "addi", "muli": "muli", "andi": "andi", "ori": "ori",
    "xori": "xori", "maxs": "maxsi", "mins": "minsi", "maxu": "maxui",
    "minu": "minui", "addf": "addf", "mulf": "mulf", "maximumf": "maximumf",
    "minimumf": "minimumf", "maxnumf": "maxnumf", "minnumf": "minnumf",
}
REDUCE_OPS = {
    "add": ("addi", "addf"), "mul": ("muli", "mulf"), "and": ("andi", None),
    "or": ("ori", None), "xor": ("xori", None), "minui": ("minui", None),
    "minsi": ("minsi", None), "maxui": ("maxui", None),
    "maxsi": ("maxsi", None), "minnumf": (None, "minnumf"),
    "maxnumf": (None, "maxnumf"), "minimumf": (None, "minimumf"),
    "maximumf": (None, "maximumf"),
}
# generic_atomic_rmw's combining op, as the atomic kind it amounts to.
GENERIC_KINDS = {v: k for k, v in ATOMIC_OPS.items()}


def same(a, b):
    """Equal values, NaN equal to NaN and -0 distinct from +0."""
    if isinstance(a, float):
        if a != a or b != b:
            return a != a and b != b
        return a == b and is_neg_zero(a) == is_neg_zero(b)
    return a == b


# ---------------------------------------------------------------------------
# Memory.


class Memory:
    """One allocation: its elements (None where nothing was written) and,
    for memory that threads share, who touched each element and when."""

    def __init__(self, type_: MemRefType, sizes, shared):
        self.type = type_
        self.shape = tuple(sizes)
        self.strides = []
        stride = 1
        for size in reversed(self.shape):
            self.strides.insert(0, stride)
            stride *= size
        self.data = [None] * stride
        self.bits = INT_BITS.get(type_.element, 0)
        # flat index -> {unit-key: ...} (see Model.touch)
        self.touched = {} if shared else None
        # flat index -> [value before the first, [(op, operand)...]]
        self.float_atomics = {}
        self.lost = {}  # for the fault "first-atomic-lost"

    def flat(self, indices):
        if len(indices) != len(self.shape):
            raise ValueError("rank")
        flat = 0
        for i, size, stride in zip(indices, self.shape, self.strides):
            if i >= size:  # unsigned: a negative index is huge
                raise Invalid("index %d outside a dimension of %d" % (
                    signed(i, 64), size))
            flat += i * stride
        return flat


class _Access:
    """Who touched an element in one synchronization domain."""

    __slots__ = ("reads", "writes", "atomics", "used", "kinds")

    def __init__(self):
        self.reads = set()
        self.writes = set()
        self.atomics = set()
        self.used = set()  # threads whose atomic's old value is used
        self.kinds = set()


class Thread:
    __slots__ = ("block", "bid", "tid", "linear", "lane", "warp", "env",
                 "path", "gen", "waiting", "pending", "done")

    def __init__(self, block, bid, tid, linear):
        self.block = block  # the block's linear id
        self.bid = bid
        self.tid = tid
        self.linear = linear
        self.lane = linear % WARP
        self.warp = linear // WARP
        self.env = {}
        self.path = ()
        self.gen = None
        self.waiting = None
        self.done = False


# ---------------------------------------------------------------------------
# The interpreter.


def number_sites(ops, counter=None):
    """Numbers ops in program order (pre-order), for the positions of
    barriers and subgroup operations."""
    if counter is None:
        counter = [0]
    for op in ops:
        counter[0] += 1
        op.attrs.setdefault("_site", counter[0])
        for region in op.regions:
            number_sites(region.ops, counter)


class Model:
    def __init__(self, kernel):
        self.k = kernel
        number_sites(kernel.body)
        # atomics whose result some op uses (their old value matters)
        self.used = set()
        for op in walk(kernel.body):
            for v in op.operands:
                self.used.add(v.name)
        self.float_atomic_sites = []
        # What the kernel was seen to do, which some oracles cannot take.
        self.observed = set()
        self.globals = {}
        for buf in kernel.buffers:
            t = buf.value.type
            mem = Memory(t, t.shape, shared=True)
            _, a, b = buf.fill
            for i in range(len(mem.data)):
                v = (a * i + b) & mask(64)
                if t.element == "i32":
                    v &= mask(32)
                elif t.element == "f32":
                    v = f32(int_to_f32(signed(v & mask(32), 32)) * 0.25)
                mem.data[i] = v
            for i, v in buf.init.items():
                mem.data[i] = f32_from_bits(v) if t.element == "f32" else v
            self.globals[buf.value.name] = mem
        self.params = {}
        for p in kernel.params:
            t = p.value.type
            if t == "f32":
                self.params[p.value.name] = f32_from_bits(p.bits)
            else:
                self.params[p.value.name] = p.bits & mask(INT_BITS[t])

    # -- running --

    def run(self):
        """The final contents of every buffer: {name: [values]}."""
        k = self.k
        gx, gy, gz = k.grid
        for bz in range(gz):
            for by in range(gy):
                for bx in range(gx):
                    self.run_block((bx, by, bz))
        return {name: mem.data for name, mem in self.globals.items()}

    def run_block(self, bid):
        k = self.k
        gx, gy, _ = k.grid
        bx, by, bz = k.block
        block = bid[0] + gx * (bid[1] + gy * bid[2])
        self.block = block
        self.epoch = 0
        self.shared = {}  # memref.alloc in workgroup memory, by site
        workgroup = {v.name: Memory(v.type, v.type.shape, shared=True)
                     for v in k.workgroup}
        threads = []
        for z in range(bz):
            for y in range(by):
                for x in range(bx):
                    t = Thread(block, bid, (x, y, z), x + bx * (y + by * z))
                    t.env.update(self.params)
                    for name, mem in self.globals.items():
                        t.env[name] = mem
                    t.env.update(workgroup)
                    for v in k.private:
                        t.env[v.name] = Memory(v.type, v.type.shape, False)
                    t.gen = self.exec_ops(k.body, t)
                    threads.append(t)
        warps = {}
        for t in threads:
            warps.setdefault(t.warp, []).append(t)
        runnable = list(threads)
        self.run_threads(threads, warps, runnable)
        self.check_float_atomics()

    def run_threads(self, threads, warps, runnable):
        while True:
            for t in runnable:
                self.resume(t, None)
            runnable = []
            live = [t for t in threads if not t.done]
            if not live:
                return
            # Subgroup operations: per warp, the earliest point its lanes wait at.
            for lanes in warps.values():
                waiting = [t for t in lanes if not t.done]
                if not waiting:
                    continue
                first = min(t.waiting[1] for t in waiting)
                group = [t for t in waiting if t.waiting[1] == first]
                if group[0].waiting[0] != "reduce":
                    continue
                results = self.subgroup_reduce(group, len(lanes))
                for t, r in zip(group, results):
                    t.pending = r
                runnable.extend(group)
            if runnable:
                for t in runnable:
                    value = t.pending
                    t.waiting = None
                    self.resume(t, value)
                runnable = []
                continue
            # Everyone waits at a barrier: the same one, or the kernel is wrong.
            points = {t.waiting[1] for t in live}
            if len(points) != 1 or len(live) != len(threads):
                frag = live[0].waiting[2]
                raise Invalid("a barrier that not every thread reaches", frag)
            self.epoch += 1
            for t in live:
                t.waiting = None
            runnable = live

    def resume(self, t, value):
        try:
            t.waiting = t.gen.send(value)
        except StopIteration:
            t.done = True
            t.waiting = None

    def subgroup_reduce(self, group, lanes_present):
        op = group[0].waiting[2]
        a = op.attrs
        type_ = op.operands[0].type
        values = {t.lane: t.waiting[3] for t in group}
        if a["uniform"] and len(group) != lanes_present:
            raise Invalid("a uniform subgroup_reduce with inactive lanes", op.frag)
        names = REDUCE_OPS[a["kind"]]
        name = names[1] if type_ == "f32" else names[0]
        size, stride = a["cluster"] or (WARP, 1)
        results = []
        if FAULT == "reduce-own-value":
            return [values[t.lane] for t in group]
        for t in group:
            span = size * stride
            base = (t.lane // span) * span + t.lane % stride
            members = [base + j * stride for j in range(size)]
            present = [values[m] for m in members if m in values]
            acc = present[0]
            for v in present[1:]:
                acc = binary(name, acc, v, type_)
            if type_ == "f32" and len(present) > 1:
                back = present[-1]
                for v in reversed(present[:-1]):
                    back = binary(name, back, v, type_)
                if not same(acc, back):
                    raise Invalid("a float reduction that depends on the order",
                                  op.frag)
            results.append(acc)
        return results

    # -- memory --

    def touch(self, mem, flat, t, kind, atomic_kind=None, used=False):
        """Records an access, or raises Invalid on a race."""
        if mem.touched is None:
            return
        shared_space = mem.type.space == "workgroup"
        doms = mem.touched.setdefault(flat, {})
        me = (t.block, t.linear)
        mine = (t.block, self.epoch)
        for dom, acc in doms.items():
            ordered = dom[0] == t.block and dom[1] != self.epoch
            if ordered or (shared_space and dom[0] != t.block):
                continue
            others = lambda s: len(s) > 1 or (len(s) == 1 and me not in s)
            if kind == "read":
                bad = others(acc.writes) or others(acc.atomics)
            elif kind == "write":
                bad = others(acc.reads) or others(acc.writes) or \
                    others(acc.atomics)
            else:
                bad = others(acc.reads) or others(acc.writes) or (
                    others(acc.atomics) and (
                        used or others(acc.used) or
                        acc.kinds - {atomic_kind}))
            if bad:
                raise Invalid("threads race on an element of %s" % kind)
        acc = doms.get(mine)
        if acc is None:
            acc = doms[mine] = _Access()
        if kind == "read":
            acc.reads.add(me)
        elif kind == "write":
            acc.writes.add(me)
        else:
            acc.atomics.add(me)
            acc.kinds.add(atomic_kind)
            if used:
                acc.used.add(me)

    def check_float_atomics(self):
        """Float atomics on one element, replayed in the opposite order,
        must give the same value."""
        for mem, flat in self.float_atomic_sites:
            start, ops = mem.float_atomics[flat]
            back = start
            for name, v in reversed(ops):
                back = binary(name, back, v, "f32")
            if not same(back, mem.data[flat]):
                raise Invalid("float atomics whose result depends on the order")

    # -- ops --

    def exec_ops(self, ops, t):
        env = t.env
        for op in ops:
            if op.syncs:
                yield from self.exec_sync(op, t)
            else:
                try:
                    self.exec_op(op, t, env)
                except Invalid as e:
                    if e.frag < 0:
                        e.frag = op.frag
                    raise

    def exec_sync(self, op, t):
        env = t.env
        n = op.name
        site = t.path + (op.attrs["_site"],)
        if n == "gpu.barrier":
            yield ("barrier", site, op.frag)
        elif n == "gpu.subgroup_reduce":
            v = env[op.operands[0].name]
            env[op.results[0].name] = yield ("reduce", site, op, v)
        elif n == "scf.for":
            yield from self.run_for(op, t, env, sync=True)
        elif n == "scf.if":
            yield from self.run_if(op, t, env, sync=True)
        else:
            raise ValueError(n)

    def run_plain(self, ops, t, env):
        for op in ops:
            self.exec_op(op, t, env)

    def run_for(self, op, t, env, sync):
        lb, ub, step = (env[v.name] for v in op.operands[:3])
        carried = [env[v.name] for v in op.operands[3:]]
        bits = INT_BITS[op.operands[0].type]
        m = mask(bits)
        unsigned = op.attrs["unsigned"]
        if FAULT == "unsigned-loops-as-signed":
            unsigned = False
        body = op.regions[0]
        names = [a.name for a in body.args]
        yielded = body.ops[-1]
        site = op.attrs["_site"]
        saved = t.path
        if not unsigned and signed(step, bits) <= 0:
            raise Invalid("a signed loop's step is not positive", op.frag)
        iv, trips = lb, 0
        while (iv < ub) if unsigned else (signed(iv, bits) < signed(ub, bits)):
            if FAULT == "loops-one-iteration-short" and trips and \
                    not ((iv + step) & m < ub if unsigned else
                         signed((iv + step) & m, bits) < signed(ub, bits)):
                break
            trips += 1
            if trips > TRIP_LIMIT:
                raise Invalid("a loop of more than %d iterations" % TRIP_LIMIT,
                              op.frag)
            env[names[0]] = iv
            for name, v in zip(names[1:], carried):
                env[name] = v
            if sync:
                t.path = saved + (site, trips)
                yield from self.exec_ops(body.ops[:-1], t)
            else:
                self.run_plain(body.ops[:-1], t, env)
            carried = [env[v.name] for v in yielded.operands]
            following = (iv + step) & m
            if (following < iv) if unsigned else \
                    (signed(following, bits) < signed(iv, bits)):
                # Past the end of the type: no iteration is left in
                # lb <= iv < ub.
                self.observed.add("loop-ends-at-type-end")
                break
            iv = following
        t.path = saved
        if not trips and op.results:
            self.observed.add("zero-trip-iter-args")
        for r, v in zip(op.results, carried):
            env[r.name] = v
        if False:
            yield

    def run_if(self, op, t, env, sync):
        cond = env[op.operands[0].name]
        regions = op.regions
        block = regions[0] if cond else (regions[1] if len(regions) > 1 else None)
        if block is None:
            return
        if sync:
            yield from self.exec_ops(block.ops[:-1], t)
        else:
            self.run_plain(block.ops[:-1], t, env)
        for r, v in zip(op.results, block.ops[-1].operands):
            env[r.name] = env[v.name]
        if False:
            yield

    def exec_op(self, op, t, env):
        handler = _HANDLERS.get(op.name)
        if handler is None:
            if not op.name.startswith("arith."):
                raise ValueError("the model cannot run " + op.name)
            handler = Model._binary
        handler(self, op, t, env)

    # One handler per op (exec_op's table, _HANDLERS).

    def _constant(self, op, t, env):
        r = op.results[0]
        v = op.attrs["value"]
        env[r.name] = f32_from_bits(v) if r.type == "f32" else \
            v & mask(INT_BITS[r.type])

    def _thread_id(self, op, t, env):
        env[op.results[0].name] = t.tid["xyz".index(op.attrs["dim"])]

    def _block_id(self, op, t, env):
        env[op.results[0].name] = t.bid["xyz".index(op.attrs["dim"])]

    def _block_dim(self, op, t, env):
        env[op.results[0].name] = self.k.block["xyz".index(op.attrs["dim"])]

    def _grid_dim(self, op, t, env):
        env[op.results[0].name] = self.k.grid["xyz".index(op.attrs["dim"])]

    def _lane_id(self, op, t, env):
        env[op.results[0].name] = t.lane

    def _binary(self, op, t, env):
        a, b = op.operands
        env[op.results[0].name] = binary(op.name[6:], env[a.name], env[b.name],
                                         a.type)

    def _cmpi(self, op, t, env):
        a, b = op.operands
        env[op.results[0].name] = cmpi(op.attrs["pred"], env[a.name],
                                       env[b.name], INT_BITS[a.type])

    def _cmpf(self, op, t, env):
        a, b = op.operands
        env[op.results[0].name] = cmpf(op.attrs["pred"], env[a.name],
                                       env[b.name])

    def _select(self, op, t, env):
        c, a, b = op.operands
        env[op.results[0].name] = env[a.name] if env[c.name] else env[b.name]

    def _negf(self, op, t, env):
        v = env[op.operands[0].name]
        env[op.results[0].name] = NAN if v != v else -v

    def _cast(self, op, t, env):
        a = op.operands[0]
        r = op.results[0]
        env[r.name] = cast(op.name[6:], env[a.name], a.type, r.type)

    def _load(self, op, t, env):
        ins = op.operands
        mem = env[ins[0].name]
        flat = mem.flat([env[v.name] for v in ins[1:]])
        self.touch(mem, flat, t, "read")
        v = mem.data[flat]
        if v is None:
            raise Invalid("a read of memory that nobody wrote")
        env[op.results[0].name] = v

    def _store(self, op, t, env):
        ins = op.operands
        mem = env[ins[1].name]
        flat = mem.flat([env[v.name] for v in ins[2:]])
        self.touch(mem, flat, t, "write")
        mem.data[flat] = env[ins[0].name]
        if mem.float_atomics:
            mem.float_atomics.pop(flat, None)

    def _atomic_rmw(self, op, t, env):
        ins = op.operands
        kind = op.attrs["kind"]
        element = ins[0].type
        if kind == "assign":
            def update(cur, v):
                return v
        else:
            def update(cur, v):
                return binary(ATOMIC_OPS[kind], cur, v, element)
        self.atomic(op, t, env, kind, ins[1], ins[2:], update, env[ins[0].name])

    def _generic_atomic_rmw(self, op, t, env):
        ins = op.operands
        combine = op.attrs["combine"]
        operand = op.regions[0].ops[0].operands[1]
        element = ins[0].type.element
        kind = GENERIC_KINDS.get(combine, "generic-" + combine)
        self.atomic(op, t, env, kind, ins[0], ins[1:],
                    lambda cur, v: binary(combine, cur, v, element),
                    env[operand.name])

    def _alloca(self, op, t, env):
        type_ = op.results[0].type
        dyn = iter(env[v.name] for v in op.operands)
        sizes = [s if s is not None else next(dyn) for s in type_.shape]
        if any(s > 1 << 16 for s in sizes):
            raise Invalid("an alloca too big for the model")
        env[op.results[0].name] = Memory(type_, sizes, shared=False)

    def _alloc(self, op, t, env):
        # Workgroup memory: one buffer for the block at each run of the op.
        key = (t.path, op.attrs["_site"])
        mem = self.shared.get(key)
        if mem is None:
            type_ = op.results[0].type
            mem = self.shared[key] = Memory(type_, type_.shape, shared=True)
        env[op.results[0].name] = mem

    def _for(self, op, t, env):
        for _ in self.run_for(op, t, env, sync=False):
            pass

    def _if(self, op, t, env):
        for _ in self.run_if(op, t, env, sync=False):
            pass

    def atomic(self, op, t, env, kind, memref, indices, update, value):
        mem = env[memref.name]
        flat = mem.flat([env[v.name] for v in indices])
        used = op.results[0].name in self.used
        kind_key = (kind, value) if kind == "assign" else kind
        self.touch(mem, flat, t, "atomic", kind_key, used)
        cur = mem.data[flat]
        if cur is None:
            raise Invalid("an atomic on memory that nobody wrote")
        new = update(cur, value)
        if FAULT == "first-atomic-lost" and not mem.lost.get(flat):
            mem.lost[flat] = True
            new = cur
        if mem.type.element == "f32" and kind != "assign":
            record = mem.float_atomics.get(flat)
            if record is None:
                record = mem.float_atomics[flat] = [cur, []]
                self.float_atomic_sites.append((mem, flat))
            record[1].append((ATOMIC_OPS.get(kind, kind), value))
        mem.data[flat] = new
        env[op.results[0].name] = cur


_HANDLERS = {
    "arith.constant": Model._constant,
    "gpu.thread_id": Model._thread_id,
    "gpu.block_id": Model._block_id,
    "gpu.block_dim": Model._block_dim,
    "gpu.grid_dim": Model._grid_dim,
    "gpu.lane_id": Model._lane_id,
    "arith.cmpi": Model._cmpi,
    "arith.cmpf": Model._cmpf,
    "arith.select": Model._select,
    "arith.negf": Model._negf,
    "memref.load": Model._load,
    "memref.store": Model._store,
    "memref.atomic_rmw": Model._atomic_rmw,
    "memref.generic_atomic_rmw": Model._generic_atomic_rmw,
    "memref.alloca": Model._alloca,
    "memref.alloc": Model._alloc,
    "scf.for": Model._for,
    "scf.if": Model._if,
}
for _name in ("index_cast", "index_castui", "extsi", "extui", "trunci",
              "sitofp", "uitofp", "bitcast"):
    _HANDLERS["arith." + _name] = Model._cast


def run(kernel):
    """{buffer name: final values}, or raises Invalid. Adds what the run saw
    to kernel.features ("zero-trip-iter-args": a loop with results that ran
    no iteration in some thread; "loop-ends-at-type-end": a loop that ended
    where its next value would wrap)."""
    m = Model(kernel)
    data = m.run()
    kernel.features |= m.observed
    return data
