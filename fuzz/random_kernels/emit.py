# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Kernels as MLIR: one `func.func` per kernel that allocates and initializes
its buffers on the host, launches the kernel with `gpu.launch` and prints
every buffer with `printMemrefI32`/`printMemrefI64` (f32 as its bits, in
i32), and a `main` that calls them in turn."""

from kernel_ir import INT_BITS, MemRefType

PRINTERS = """\
func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefI64(memref<*xi64>)
"""


def memref_type(t: MemRefType) -> str:
    dims = "".join(("?" if s is None else str(s)) + "x" for s in t.shape)
    space = {"global": "", "workgroup": ", #gpu.address_space<workgroup>",
             "private": ", #gpu.address_space<private>"}[t.space]
    return "memref<%s%s%s>" % (dims, t.element, space)


def int_literal(value: int, type_: str) -> str:
    if type_ == "i1":
        return "true" if value & 1 else "false"
    bits = INT_BITS[type_]
    value &= (1 << bits) - 1
    if value >> (bits - 1):
        value -= 1 << bits
    return str(value)


def f32_literal(bits: int) -> str:
    return "0x%08X" % (bits & 0xFFFFFFFF)


def literal(value, type_: str) -> str:
    if type_ == "f32":
        return f32_literal(value)  # f32 constants are held as their bits
    return int_literal(value, type_)


class _Printer:
    def __init__(self):
        self.lines = []
        self.indent = 0

    def line(self, text):
        self.lines.append("  " * self.indent + text)


def _operands(values):
    return ", ".join(repr(v) for v in values)


def _emit_ops(p: _Printer, ops):
    for op in ops:
        _emit_op(p, op)


def _emit_op(p: _Printer, op):
    n = op.name
    a = op.attrs
    res = (_operands(op.results) + " = ") if op.results else ""
    ins = op.operands
    if n == "arith.constant":
        t = op.results[0].type
        p.line("%sarith.constant %s : %s" % (res, literal(a["value"], t), t))
    elif n in ("gpu.thread_id", "gpu.block_id", "gpu.block_dim", "gpu.grid_dim"):
        p.line("%s%s %s" % (res, n, a["dim"]))
    elif n == "gpu.lane_id":
        p.line("%sgpu.lane_id" % res)
    elif n == "arith.cmpi" or n == "arith.cmpf":
        p.line("%s%s %s, %s : %s" % (res, n, a["pred"], _operands(ins),
                                     ins[0].type))
    elif n == "arith.select":
        p.line("%sarith.select %s : %s" % (res, _operands(ins), ins[1].type))
    elif n in ("arith.index_cast", "arith.index_castui", "arith.extsi",
               "arith.extui", "arith.trunci", "arith.sitofp", "arith.uitofp",
               "arith.bitcast"):
        p.line("%s%s %s : %s to %s" % (res, n, _operands(ins), ins[0].type,
                                       op.results[0].type))
    elif n.startswith("arith."):
        p.line("%s%s %s : %s" % (res, n, _operands(ins), op.results[0].type))
    elif n == "memref.load":
        m = ins[0]
        p.line("%smemref.load %r[%s] : %s" % (res, m, _operands(ins[1:]),
                                              memref_type(m.type)))
    elif n == "memref.store":
        m = ins[1]
        p.line("memref.store %r, %r[%s] : %s" % (ins[0], m, _operands(ins[2:]),
                                                 memref_type(m.type)))
    elif n == "memref.atomic_rmw":
        m = ins[1]
        p.line("%smemref.atomic_rmw %s %r, %r[%s] : (%s, %s) -> %s" % (
            res, a["kind"], ins[0], m, _operands(ins[2:]), ins[0].type,
            memref_type(m.type), ins[0].type))
    elif n == "memref.generic_atomic_rmw":
        m = ins[0]
        body = op.regions[0]
        p.line("%smemref.generic_atomic_rmw %r[%s] : %s {" % (
            res, m, _operands(ins[1:]), memref_type(m.type)))
        p.line("^bb0(%r: %s):" % (body.args[0], body.args[0].type))
        p.indent += 1
        _emit_ops(p, body.ops)
        p.indent -= 1
        p.line("}")
    elif n == "memref.atomic_yield":
        p.line("memref.atomic_yield %r : %s" % (ins[0], ins[0].type))
    elif n == "memref.alloca" or n == "memref.alloc":
        p.line("%s%s(%s) : %s" % (res, n, _operands(ins),
                                  memref_type(op.results[0].type)))
    elif n == "gpu.barrier":
        p.line("gpu.barrier")
    elif n == "gpu.subgroup_reduce":
        extra = " uniform" if a["uniform"] else ""
        if a["cluster"]:
            size, stride = a["cluster"]
            extra += " cluster(size = %d" % size
            extra += ", stride = %d)" % stride if stride != 1 else ")"
        t = ins[0].type
        p.line("%sgpu.subgroup_reduce %s %r%s : (%s) -> %s" % (
            res, a["kind"], ins[0], extra, t, t))
    elif n == "scf.for":
        body = op.regions[0]
        iv, carried = body.args[0], body.args[1:]
        text = "%sscf.for %s%r = %r to %r step %r" % (
            res, "unsigned " if a["unsigned"] else "", iv, ins[0], ins[1],
            ins[2])
        if carried:
            text += " iter_args(%s) -> (%s)" % (
                ", ".join("%r = %r" % (c, i) for c, i in zip(carried, ins[3:])),
                ", ".join(c.type for c in carried))
        if iv.type != "index":
            text += " : " + iv.type
        p.line(text + " {")
        p.indent += 1
        _emit_ops(p, body.ops)
        p.indent -= 1
        p.line("}")
    elif n == "scf.if":
        types = ""
        if op.results:
            types = " -> (%s)" % ", ".join(r.type for r in op.results)
        p.line("%sscf.if %r%s {" % (res, ins[0], types))
        for k, region in enumerate(op.regions):
            if k:
                p.line("} else {")
            p.indent += 1
            _emit_ops(p, region.ops)
            p.indent -= 1
        p.line("}")
    elif n == "scf.yield":
        if ins:
            p.line("scf.yield %s : %s" % (_operands(ins),
                                          ", ".join(v.type for v in ins)))
    else:
        raise ValueError("cannot print " + n)


def _fill_value(p, fill, index, element):
    """The initial value of element `index` (an i64) by the rule `fill`:
    a * index + b, wrapped to the element's width, or a quarter of that
    (as an i32) for f32."""
    _, a, b = fill
    p.line("%%fa = arith.constant %d : i64" % a)
    p.line("%%fb = arith.constant %d : i64" % b)
    p.line("%%fm = arith.muli %%fa, %s : i64" % index)
    p.line("%fv = arith.addi %fm, %fb : i64")
    if element == "i64":
        return "%fv"
    p.line("%fw = arith.trunci %fv : i64 to i32")
    if element == "i32":
        return "%fw"
    p.line("%fx = arith.sitofp %fw : i32 to f32")
    p.line("%fq = arith.constant 0.25 : f32")
    p.line("%fy = arith.mulf %fx, %fq : f32")
    return "%fy"


def _flat_type(t: MemRefType) -> MemRefType:
    return MemRefType((t.elements(),), t.element)


def _flat(p, name, t: MemRefType):
    """A 1-D view of buffer `name`: itself, or a collapsed view."""
    if len(t.shape) == 1:
        return "%" + name
    p.line("%%%s_flat = memref.collapse_shape %%%s [[%s]] : %s into %s" % (
        name, name, ", ".join(str(i) for i in range(len(t.shape))),
        memref_type(t), memref_type(_flat_type(t))))
    return "%%%s_flat" % name


def _emit_params(p, params):
    """Each uniform value loaded from host memory, so that outlining cannot
    sink it into the kernel as a constant."""
    count = max(len(params), 1)
    table = "memref<%dxi64>" % count
    p.line("%%params = memref.alloca() : %s" % table)
    for k, param in enumerate(params):
        p.line("%%pbits%d = arith.constant %s : i64" % (
            k, int_literal(param.bits, "i64")))
        p.line("%%pidx%d = arith.constant %d : index" % (k, k))
        p.line("memref.store %%pbits%d, %%params[%%pidx%d] : %s" % (k, k, table))
    for k, param in enumerate(params):
        t = param.value.type
        name = param.value.name
        loaded = "%" + name if t == "i64" else "%%pload%d" % k
        p.line("%s = memref.load %%params[%%pidx%d] : %s" % (loaded, k, table))
        # Exact conversions: a truncation, a bitcast.
        if t == "index":
            p.line("%%%s = arith.index_cast %s : i64 to index" % (name, loaded))
        elif t == "i32":
            p.line("%%%s = arith.trunci %s : i64 to i32" % (name, loaded))
        elif t == "f32":
            p.line("%%%s_i32 = arith.trunci %s : i64 to i32" % (name, loaded))
            p.line("%%%s = arith.bitcast %%%s_i32 : i32 to f32" % (name, name))
        elif t != "i64":
            raise ValueError(t)


def _emit_dims(p, kernel):
    """The launch's sizes: constants (which outlining records as the
    kernel's known sizes) or values loaded at run time. Returns their names."""
    names = []
    for k, d in enumerate(list(kernel.grid) + list(kernel.block)):
        p.line("%%dim%d = arith.constant %d : index" % (k, d))
        names.append("%%dim%d" % k)
    if not kernel.dims_from_params:
        return names
    p.line("%dims = memref.alloca() : memref<6xindex>")
    for k in range(6):
        p.line("%%dim%d_at = arith.constant %d : index" % (k, k))
        p.line("memref.store %%dim%d, %%dims[%%dim%d_at] : memref<6xindex>"
               % (k, k))
    for k in range(6):
        p.line("%%ldim%d = memref.load %%dims[%%dim%d_at] : memref<6xindex>"
               % (k, k))
    return ["%%ldim%d" % k for k in range(6)]


def _emit_buffer(p, buf):
    """gpu.alloc host_shared, then each element by the buffer's rule, then
    its edge values."""
    t = buf.value.type
    name = buf.value.name
    p.line("%%%s = gpu.alloc host_shared () : %s" % (name, memref_type(t)))
    flat = _flat(p, name, t)
    flat_type = memref_type(_flat_type(t))
    p.line("%%%s_n = arith.constant %d : index" % (name, t.elements()))
    p.line("scf.for %%fi = %%c0 to %%%s_n step %%c1 {" % name)
    p.indent += 1
    p.line("%fi64 = arith.index_cast %fi : index to i64")
    value = _fill_value(p, buf.fill, "%fi64", t.element)
    p.line("memref.store %s, %s[%%fi] : %s" % (value, flat, flat_type))
    p.indent -= 1
    p.line("}")
    for k, (index, edge) in enumerate(sorted(buf.init.items())):
        p.line("%%%s_i%d = arith.constant %d : index" % (name, k, index))
        p.line("%%%s_v%d = arith.constant %s : %s" % (
            name, k, literal(edge, t.element), t.element))
        p.line("memref.store %%%s_v%d, %s[%%%s_i%d] : %s" % (
            name, k, flat, name, k, flat_type))


def _emit_launch(p, kernel, dims):
    attributions = ""
    if kernel.workgroup:
        attributions += " workgroup(%s)" % ", ".join(
            "%r : %s" % (v, memref_type(v.type)) for v in kernel.workgroup)
    if kernel.private:
        attributions += " private(%s)" % ", ".join(
            "%r : %s" % (v, memref_type(v.type)) for v in kernel.private)
    p.line("gpu.launch blocks(%%bx, %%by, %%bz) in (%%gx = %s, %%gy = %s, "
           "%%gz = %s) threads(%%tx, %%ty, %%tz) in (%%sx = %s, %%sy = %s, "
           "%%sz = %s)%s {" % tuple(dims + [attributions]))
    p.indent += 1
    _emit_ops(p, kernel.body)
    p.line("gpu.terminator")
    p.indent -= 1
    p.line("}")


def _emit_print(p, buf):
    """printMemrefI32/I64 of the buffer (f32 as its bits, through an i32
    copy), then its gpu.dealloc."""
    t = buf.value.type
    name = buf.value.name
    flat = "%%%s_flat" % name if len(t.shape) > 1 else "%" + name
    printed, printed_type, element = flat, _flat_type(t), t.element
    if t.element == "f32":
        bits_type = MemRefType((t.elements(),), "i32")
        p.line("%%%s_bits = memref.alloc() : %s" % (name, memref_type(bits_type)))
        p.line("scf.for %%bi = %%c0 to %%%s_n step %%c1 {" % name)
        p.indent += 1
        p.line("%%bf = memref.load %s[%%bi] : %s" % (
            flat, memref_type(printed_type)))
        p.line("%bb = arith.bitcast %bf : f32 to i32")
        p.line("memref.store %%bb, %%%s_bits[%%bi] : %s" % (
            name, memref_type(bits_type)))
        p.indent -= 1
        p.line("}")
        printed, printed_type, element = "%%%s_bits" % name, bits_type, "i32"
    p.line("%%%s_u = memref.cast %s : %s to memref<*x%s>" % (
        name, printed, memref_type(printed_type), element))
    p.line("call @printMemref%s(%%%s_u) : (memref<*x%s>) -> ()" % (
        element.upper(), name, element))
    if t.element == "f32":
        p.line("memref.dealloc %s : %s" % (printed, memref_type(printed_type)))
    p.line("gpu.dealloc %%%s : %s" % (name, memref_type(t)))


def emit_kernel(kernel) -> str:
    """The kernel's host function, `func.func @<name>()`: its uniform
    values, its buffers, the launch, and every buffer printed."""
    p = _Printer()
    p.line("func.func @%s() {" % kernel.name)
    p.indent += 1
    p.line("%c0 = arith.constant 0 : index")
    p.line("%c1 = arith.constant 1 : index")
    _emit_params(p, kernel.params)
    dims = _emit_dims(p, kernel)
    for buf in kernel.buffers:
        _emit_buffer(p, buf)
    _emit_launch(p, kernel, dims)
    for buf in kernel.buffers:
        _emit_print(p, buf)
    p.line("return")
    p.indent -= 1
    p.line("}")
    return "\n".join(p.lines) + "\n"


def emit_program(kernels) -> str:
    """One program that runs `kernels` in turn."""
    parts = [PRINTERS]
    for k in kernels:
        parts.append("\n")
        parts.append(emit_kernel(k))
    parts.append("\nfunc.func @main() {\n")
    for k in kernels:
        parts.append("  call @%s() : () -> ()\n" % k.name)
    parts.append("  return\n}\n")
    return "".join(parts)
