# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The kernels that the generator makes: a small tree of MLIR operations.

One `Op` is one MLIR operation of the subset below, with its operands and
results as SSA `Value`s and its regions as `Block`s. `emit.py` prints it as
MLIR; `model.py` runs it thread by thread. Neither knows how the host target
lowers it.
"""

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

INT_BITS = {"i1": 1, "i32": 32, "i64": 64, "index": 64}
SCALAR_TYPES = ("i1", "i32", "i64", "index", "f32")


@dataclass(frozen=True)
class MemRefType:
    """A memref of `shape` (None: a dynamic size) in `space`: "global",
    "workgroup" or "private" (private memory of the thread)."""

    shape: Tuple[Optional[int], ...]
    element: str
    space: str = "global"

    def elements(self) -> int:
        count = 1
        for size in self.shape:
            count *= size
        return count


class Value:
    """An SSA value: its name without `%`, and its type (a scalar type name
    or a MemRefType)."""

    __slots__ = ("name", "type")

    def __init__(self, name: str, type_):
        self.name = name
        self.type = type_

    def __repr__(self):
        return "%" + self.name


@dataclass
class Block:
    args: List[Value] = field(default_factory=list)
    ops: List["Op"] = field(default_factory=list)


@dataclass
class Op:
    """`name` is the MLIR operation's name ("arith.addi", "scf.for", ...).
    `attrs` holds what is not an operand: a predicate, an atomic kind, a
    constant's value. `frag` is the fragment that made the op."""

    name: str
    operands: List[Value]
    results: List[Value]
    attrs: Dict = field(default_factory=dict)
    regions: List[Block] = field(default_factory=list)
    frag: int = -1
    # Whether the op is, or holds, a barrier or a subgroup operation.
    syncs: bool = False


@dataclass
class Buffer:
    """A buffer of global memory that the host allocates and initializes
    (`init` maps a flat index to its value; elements not named there take
    `fill(index)`), that the kernel reads and writes, and that is printed
    after the launch."""

    value: Value
    init: Dict[int, object]
    fill: Tuple[str, int, int]  # ("linear", a, b): a * i + b, wrapped
    frag: int = -1


@dataclass
class Param:
    """A value uniform over the launch that the host loads from memory (so
    that the compiler cannot fold it), given to the kernel as an argument."""

    value: Value
    bits: int  # the value as an unsigned 64-bit pattern


@dataclass
class Kernel:
    name: str
    grid: Tuple[int, int, int]
    block: Tuple[int, int, int]
    buffers: List[Buffer] = field(default_factory=list)
    params: List[Param] = field(default_factory=list)
    workgroup: List[Value] = field(default_factory=list)  # attributions
    private: List[Value] = field(default_factory=list)  # attributions
    body: List[Op] = field(default_factory=list)
    # What each fragment is, for reports: {frag: "grid-stride(...)"}.
    fragments: Dict[int, str] = field(default_factory=dict)
    # Features used (for choosing the oracles): "subgroup", "float-edge", ...
    features: set = field(default_factory=set)
    # Launch sizes loaded at run time, or constants that outlining records.
    dims_from_params: bool = True

    def threads_per_block(self) -> int:
        return self.block[0] * self.block[1] * self.block[2]

    def blocks(self) -> int:
        return self.grid[0] * self.grid[1] * self.grid[2]


SYNC_OPS = ("gpu.barrier", "gpu.subgroup_reduce")


class Builder:
    """Appends ops to the innermost open block, naming values uniquely."""

    def __init__(self, kernel: Kernel):
        self.kernel = kernel
        self.blocks = [kernel.body]
        self.counter = 0
        self.frag = -1

    def fresh(self, type_, hint="v") -> Value:
        self.counter += 1
        return Value("%s%d" % (hint, self.counter), type_)

    def add(self, name, operands, result_types=(), attrs=None, regions=None,
            hint="v") -> Op:
        results = [self.fresh(t, hint) for t in result_types]
        op = Op(name, list(operands), results, dict(attrs or {}),
                list(regions or []), self.frag)
        op.syncs = name in SYNC_OPS or any(
            o.syncs for r in op.regions for o in r.ops)
        self.blocks[-1].append(op)
        return op

    def one(self, name, operands, result_type, attrs=None, hint="v") -> Value:
        return self.add(name, operands, [result_type], attrs, hint=hint).results[0]

    # Constants and ids.
    def const(self, type_, value) -> Value:
        return self.one("arith.constant", [], type_, {"value": value}, "k")

    def gpu_id(self, which, dim="x") -> Value:
        """which: thread_id, block_id, block_dim, grid_dim."""
        return self.one("gpu." + which, [], "index", {"dim": dim}, which[0] + dim)

    def lane_id(self) -> Value:
        return self.one("gpu.lane_id", [], "index", hint="lane")

    # Arithmetic.
    def binary(self, name, a, b) -> Value:
        assert a.type == b.type, (name, a.type, b.type)
        return self.one("arith." + name, [a, b], a.type)

    def cmpi(self, pred, a, b) -> Value:
        assert a.type == b.type
        return self.one("arith.cmpi", [a, b], "i1", {"pred": pred})

    def cmpf(self, pred, a, b) -> Value:
        return self.one("arith.cmpf", [a, b], "i1", {"pred": pred})

    def select(self, c, a, b) -> Value:
        assert a.type == b.type
        return self.one("arith.select", [c, a, b], a.type)

    def cast(self, name, a, to) -> Value:
        if a.type == to and name in ("index_cast", "index_castui"):
            return a
        return self.one("arith." + name, [a], to)

    def negf(self, a) -> Value:
        return self.one("arith.negf", [a], "f32")

    # Memory.
    def load(self, memref, indices) -> Value:
        return self.one("memref.load", [memref] + list(indices),
                        memref.type.element)

    def store(self, value, memref, indices):
        assert value.type == memref.type.element, (value.type, memref.type)
        self.add("memref.store", [value, memref] + list(indices))

    def atomic(self, kind, value, memref, indices) -> Value:
        return self.one("memref.atomic_rmw", [value, memref] + list(indices),
                        memref.type.element, {"kind": kind})

    def generic_atomic(self, memref, indices, combine, operand) -> Value:
        """`combine` is an arith binary op name applied to (current, operand)."""
        element = memref.type.element
        current = self.fresh(element, "cur")
        body = Block([current])
        self.blocks.append(body.ops)
        updated = self.binary(combine, current, operand)
        self.add("memref.atomic_yield", [updated])
        self.blocks.pop()
        return self.add("memref.generic_atomic_rmw", [memref] + list(indices),
                        [element], {"combine": combine}, [body]).results[0]

    def alloca(self, type_, sizes=()) -> Value:
        return self.one("memref.alloca", list(sizes), type_, hint="mem")

    def alloc_workgroup(self, type_) -> Value:
        return self.one("memref.alloc", [], type_, hint="wg")

    # Synchronization.
    def barrier(self):
        self.add("gpu.barrier", [])

    def subgroup_reduce(self, kind, value, uniform=False, cluster=None) -> Value:
        return self.one("gpu.subgroup_reduce", [value], value.type,
                        {"kind": kind, "uniform": uniform, "cluster": cluster})

    # Control flow: `body(iv, carried) -> yielded`, `then() -> yielded`.
    def for_(self, lb, ub, step, inits, body, unsigned=False) -> List[Value]:
        iv = self.fresh(lb.type, "i")
        carried = [self.fresh(v.type, "acc") for v in inits]
        block = Block([iv] + carried)
        self.blocks.append(block.ops)
        yielded = body(iv, carried)
        self.add("scf.yield", yielded)
        self.blocks.pop()
        return self.add("scf.for", [lb, ub, step] + list(inits),
                        [v.type for v in inits], {"unsigned": unsigned},
                        [block], "r").results

    def if_(self, cond, then, otherwise=None, result_types=()) -> List[Value]:
        regions = []
        for make in (then, otherwise):
            if make is None:
                continue
            block = Block()
            self.blocks.append(block.ops)
            yielded = make() or []
            self.add("scf.yield", yielded)
            self.blocks.pop()
            regions.append(block)
        return self.add("scf.if", [cond], list(result_types), {}, regions,
                        "r").results


def walk(ops):
    """Every op of `ops` and of their regions, outer first."""
    for op in ops:
        yield op
        for region in op.regions:
            yield from walk(region.ops)
