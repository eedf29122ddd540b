#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Random kernels on the host target, checked against a model of their
meaning (and on Vulkan, where they have a SPIR-V meaning).

  random_kernels.py --seed 7 --count 300          a fixed set, as CI runs it
  random_kernels.py --seed 7 --time 1800          as many as 30 minutes allow
  random_kernels.py --seed 7 --kernel 123         one kernel again

Kernels are generated (generator.py), run by the model (model.py), batched
into programs of `--batch` kernels (one offload-opt and one offload-runner
each), and every printed buffer is compared with the model's, bit for bit
(any NaN for a NaN). A failure prints the seed, the kernel and the first
element that differs, and writes the kernel, reduced to the fragments that
still fail, as a lit test to `--out`. docs/fuzzing.md says more.
"""

import argparse
import concurrent.futures
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import check  # noqa: E402
import emit  # noqa: E402
import generator  # noqa: E402
import model  # noqa: E402
from kernel_ir import walk  # noqa: E402
from known_defects import KNOWN_DEFECTS  # noqa: E402

RUN_TIMEOUT_S = 300


def run_line(pipeline):
    """The RUN line of a finding's lit test, which lowers with `pipeline`."""
    return ("offload-opt %%s --%s | %%offload_runner | FileCheck %%s"
            % pipeline)


class Tools:
    """offload-opt, offload-runner and the libraries a program runs with."""

    def __init__(self, tools_dir, runtime, llvm_lib_dir):
        self.opt = os.path.join(tools_dir, "offload-opt")
        self.runner = os.path.join(tools_dir, "offload-runner")
        libs = [runtime] + [os.path.join(llvm_lib_dir, lib) for lib in (
            "libmlir_runner_utils.so", "libmlir_c_runner_utils.so")]
        self.shared_libs = ",".join(libs)
        for path in [self.opt, self.runner] + libs:
            if not os.path.exists(path):
                sys.exit("random_kernels: %s does not exist (see --help)" % path)


    def run(self, text, pipeline, device, workdir):
        """(ok, output): compiles `text` with `pipeline` and runs it on
        `device`; output is stdout when ok, else what went wrong."""
        source = os.path.join(workdir, "program.mlir")
        lowered = os.path.join(workdir, "lowered.mlir")
        with open(source, "w") as f:
            f.write(text)
        env = dict(os.environ, OFFLOAD_CACHE="off", MGPU_DEVICE=device)
        try:
            opt = subprocess.run(
                [self.opt, source, "--" + pipeline, "-o", lowered], env=env,
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                timeout=RUN_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            return False, "offload-opt ran more than %d s" % RUN_TIMEOUT_S
        if opt.returncode:
            return False, "offload-opt --%s exited with %d:\n%s" % (
                pipeline, opt.returncode, opt.stderr[-4000:])
        try:
            run = subprocess.run(
                [self.runner, "--entry-point-result=void",
                 "--shared-libs=" + self.shared_libs, lowered], env=env,
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                timeout=RUN_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            return False, "offload-runner ran more than %d s" % RUN_TIMEOUT_S
        if run.returncode:
            return False, "offload-runner exited with %d:\n%s" % (
                run.returncode, run.stderr[-4000:])
        return True, run.stdout


# ---------------------------------------------------------------------------
# Which kernels each oracle takes.

VULKAN_ATOMICS = {"addi", "andi", "ori", "xori", "maxs", "mins", "maxu",
                  "minu", "assign", "addf"}


def has_vulkan_meaning(kernel, avoid):
    """Whether the Vulkan target takes the kernel and Vulkan's rules give
    its answer: no subgroup operations (lavapipe's subgroups are 8 lanes),
    atomics of the kinds SPIR-V has, no f32 edge values or arithmetic beyond
    add and multiply (Vulkan need not keep NaN, infinities, -0 or
    subnormals, nor divide exactly)."""
    if kernel.features & {"subgroup", "float-edge"}:
        return False
    narrow = kernel.block[0] == 1 and kernel.threads_per_block() > 1
    if narrow and "lavapipe-narrow-block-atomic-loops" in avoid and any(
            op.name.startswith("memref.") and "atomic" in op.name
            for loop in walk(kernel.body) if loop.name == "scf.for"
            for op in walk(loop.regions[0].ops)):
        return False
    for op in walk(kernel.body):
        if op.name == "memref.atomic_rmw" and \
                op.attrs["kind"] not in VULKAN_ATOMICS:
            return False
        if op.name == "memref.generic_atomic_rmw":
            return False
        if op.name == "memref.alloca" and any(
                s is None for s in op.results[0].type.shape):
            return False
    return True


ORACLES = {
    "host": ("offload-lower-to-host", "host", lambda k, avoid: True),
    # The same kernels checking themselves as they run (docs/checking.md): a
    # finding fails the run, and the results must be the unchecked ones.
    "host-checked": ("offload-lower-to-host=check=true", "host",
                     lambda k, avoid: True),
    "vulkan": ("offload-lower-to-vulkan", "vulkan", has_vulkan_meaning),
    # Run on a GPU machine, which has no compiler, by programs built ahead
    # of time (gpu_batches.py), never by this driver.
    "cuda": ("offload-lower-to-cuda", "cuda", lambda k, avoid: True),
}


# ---------------------------------------------------------------------------
# Checking kernels.


class Case:
    """A generated kernel, how to make it again, and the model's answer."""

    def __init__(self, seed, index, kernel, recipe, expected):
        self.seed = seed
        self.index = index
        self.kernel = kernel
        self.recipe = recipe  # (launch, dims_from_params, plan)
        self.expected = expected
        self.printed = None  # the host target's output, where it matched


class Finding:
    def __init__(self, case, target, what, detail):
        self.case = case
        self.target = target
        self.what = what  # "mismatch" or "failure"
        self.detail = detail
        self.file = None
        self.reduced = None


def make_case(seed, index, avoid, only):
    made = generator.make_kernel(seed, index, avoid, only)
    if made is None:
        return None
    kernel, recipe, expected = made
    return Case(seed, index, kernel, recipe, expected)


def compare_output(cases, target, output):
    """(ok, what): the buffers `cases` printed in `output` against the
    model's: ok and the findings, or not ok and why the output is not theirs
    (a failure of the program as a whole, not of one kernel)."""
    try:
        printed = check.parse(output)
    except ValueError as e:
        return False, str(e)
    expected_count = sum(len(c.kernel.buffers) for c in cases)
    if len(printed) != expected_count:
        return False, "printed %d buffers of %d" % (len(printed), expected_count)
    findings = []
    for c in cases:
        n = len(c.kernel.buffers)
        mine, printed = printed[:n], printed[n:]
        bad = check.first_mismatch(c.kernel, c.expected, mine)
        if bad:
            findings.append(Finding(c, target, "mismatch", bad))
        elif target == "host":
            c.printed = mine
    return True, findings


def check_cases(cases, target, tools, workdir):
    """The findings of `cases` on `target`, in one program if all goes well,
    else halving until each failure has its kernel."""
    if not cases:
        return []
    pipeline, device, _ = ORACLES[target]
    ok, output = tools.run(emit.emit_program([c.kernel for c in cases]),
                           pipeline, device, workdir)
    if ok:
        ok, output = compare_output(cases, target, output)
    if ok:
        return output
    if len(cases) == 1:
        return [Finding(cases[0], target, "failure", output)]
    half = len(cases) // 2
    return (check_cases(cases[:half], target, tools, workdir) +
            check_cases(cases[half:], target, tools, workdir))


def rebuild(case, launch=None, plan=None, avoid=frozenset()):
    """The case's kernel with another launch or fewer fragments, with the
    model's answer, or None where that kernel is not well defined."""
    old_launch, dims_from_params, old_plan = case.recipe
    launch = launch or old_launch
    plan = plan if plan is not None else old_plan
    try:
        kernel = generator.build(case.kernel.name, launch, dims_from_params,
                                 plan, avoid)
        expected = model.run(kernel)
    except model.Invalid:
        return None
    return Case(case.seed, case.index, kernel,
                (launch, dims_from_params, plan), expected)


def reduce_finding(finding, tools, workdir, avoid):
    """The smallest kernel found (fewer fragments, a smaller launch) that
    still fails the same way on the same target."""
    best = finding.case

    def still_fails(candidate):
        if candidate is None:
            return False
        found = check_cases([candidate], finding.target, tools, workdir)
        return any(f.what == finding.what for f in found)

    changed = True
    while changed:
        changed = False
        launch, _, plan = best.recipe
        tries = [rebuild(best, plan=plan[:i] + plan[i + 1:], avoid=avoid)
                 for i in range(len(plan)) if len(plan) > 1]
        (gx, gy, gz), (bx, by, bz) = launch
        if (gx, gy, gz) != (1, 1, 1):
            tries.append(rebuild(best, launch=((1, 1, 1), (bx, by, bz)),
                                 avoid=avoid))
        if (by, bz) != (1, 1):
            tries.append(rebuild(best, launch=((gx, gy, gz), (bx, 1, 1)),
                                 avoid=avoid))
        for candidate in tries:
            if still_fails(candidate):
                best, changed = candidate, True
                break
    if best is finding.case:
        return finding
    again = check_cases([best], finding.target, tools, workdir)
    reduced = [f for f in again if f.what == finding.what][0]
    reduced.reduced = True
    return reduced


def describe(case):
    k = case.kernel
    return "seed %s, kernel %d: grid %s, block %s, %s" % (
        case.seed, case.index, k.grid, k.block,
        "; ".join(k.fragments.values()))


def write_finding(finding, out_dir, avoid):
    """The failing kernel as a lit test, with the model's output as its
    CHECK lines."""
    c = finding.case
    k = c.kernel
    pipeline, device, _ = ORACLES[finding.target]
    lines = ["// A kernel of fuzz/random_kernels: %s." % describe(c)]
    lines.append("// Reproduce: fuzz/random_kernels/random_kernels.py --seed %s "
                 "--kernel %d%s%s" % (
                     c.seed, c.index,
                     {"vulkan": " --vulkan",
                      "host-checked": " --host-check"}.get(finding.target, ""),
                     "".join(" --avoid " + a for a in sorted(avoid))
                     if avoid else " --no-avoid"))
    if finding.what == "mismatch":
        name, index, want, got = finding.detail
        lines.append("// On %s, %%%s%s is %s; the model says %s." % (
            finding.target, name, list(index), got, want))
    else:
        lines.append("// On %s it fails:" % finding.target)
        lines += ["//   " + l for l in finding.detail.splitlines()[:20]]
    if device != "host":
        lines.append("// RUN: env MGPU_DEVICE=%s %s" % (
            device, run_line(pipeline)))
    else:
        lines.append("// RUN: " + run_line(pipeline))
    lines.append("")
    text = "\n".join(lines) + "\n" + emit.emit_program([k])
    checks = []
    for buf in k.buffers:
        element = buf.value.type.element
        values = []
        for v in c.expected[buf.value.name]:
            if element == "f32":
                values.append("{{-?[0-9]+}}" if v != v else
                              str(model.signed(model.f32_to_bits(v), 32)))
            else:
                bits = 32 if element == "i32" else 64
                values.append(str(model.signed(v & model.mask(bits), bits)))
        checks.append("// CHECK: data =\n// CHECK-NEXT: {{\\[}}%s]" %
                      ", ".join(values))
    text += "\n" + "\n".join(checks) + "\n"
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "seed%s-kernel%d-%s.mlir" % (
        c.seed, c.index, finding.target))
    with open(path, "w") as f:
        f.write(text)
    finding.file = path


def report(finding):
    c = finding.case
    out = ["FAIL: %s" % describe(c)]
    if finding.what == "mismatch":
        name, index, want, got = finding.detail
        out.append("  on %s, the first element that differs: %%%s%s: expected "
                   "%s, got %s" % (finding.target, name, list(index), want, got))
    else:
        out.append("  on %s:" % finding.target)
        out += ["    " + l for l in finding.detail.splitlines()[-12:]]
    if finding.reduced:
        out.append("  (reduced: the fragments and launch above still fail)")
    if finding.file:
        out.append("  the kernel, with the model's output as CHECK lines: %s"
                   % finding.file)
    return "\n".join(out)


# ---------------------------------------------------------------------------
# Runs.


def check_batch(seed, indices, args):
    """Generates and checks kernels `indices`: (kernels per target, draws
    without a well-defined kernel, findings, the cases below
    --self-check's count that passed on the host target)."""
    tools = make_tools(args)
    avoid = frozenset(args.avoid)
    cases = [make_case(seed, i, avoid, args.only) for i in indices]
    dropped = sum(c is None for c in cases)
    cases = [c for c in cases if c is not None]
    findings = []
    with tempfile.TemporaryDirectory(prefix="random_kernels") as workdir:
        targets = (["host"] + (["host-checked"] if args.host_check else []) +
                   (["vulkan"] if args.vulkan else []))
        counts = {}
        for target in targets:
            mine = [c for c in cases if ORACLES[target][2](c.kernel, avoid)]
            counts[target] = len(mine)
            findings += check_cases(mine, target, tools, workdir)
        if not args.no_reduce:
            findings = [reduce_finding(f, tools, workdir, avoid)
                        for f in findings]
        for f in findings:
            write_finding(f, args.out, avoid)
    samples = [c for c in cases
               if c.index < args.first + args.self_check and c.printed]
    return counts, dropped, findings, samples


def make_tools(args):
    return Tools(args.tools, args.runtime, args.llvm_lib_dir)


def default_paths():
    """The tools in a Bazel test's runfiles (as build_defs/lit_runner.sh
    finds them), else in this checkout's bazel-bin."""
    runfiles = os.environ.get("TEST_SRCDIR")
    if runfiles:
        workspace = os.path.join(runfiles, os.environ["TEST_WORKSPACE"])
        return (os.path.join(workspace, "tools"),
                os.path.join(workspace, "offload_runtime", "libmgpu.so"),
                os.path.join(runfiles, "offload_llvm", "lib"))
    here = os.path.dirname(os.path.abspath(__file__))
    bazel_bin = os.path.join(os.path.dirname(os.path.dirname(here)),
                             "bazel-bin")
    return (os.path.join(bazel_bin, "tools"),
            os.path.join(bazel_bin, "offload_runtime", "libmgpu.so"),
            "/usr/lib/llvm-22/lib")


def mutation_caught(case):
    """Whether one changed element of a passing kernel's output is reported,
    in its buffer."""
    for b, values in enumerate(case.printed):
        if values:
            mutated = [list(v) for v in case.printed]
            mutated[b][len(values) * 7 // 11] ^= 1 << (case.index % 31)
            bad = check.first_mismatch(case.kernel, case.expected, mutated)
            return bool(bad) and bad[0] == case.kernel.buffers[b].value.name
    return True


def fault_caught(fault, cases):
    """How many of `cases` (each with the host target's output, which
    matched the model's) differ from the model run with a wrong rule."""
    model.FAULT = fault
    caught = 0
    try:
        for c in cases:
            try:
                wrong = model.run(c.kernel)
            except model.Invalid:
                continue
            if check.first_mismatch(c.kernel, wrong, c.printed):
                caught += 1
    finally:
        model.FAULT = None
    return caught


def self_check(samples, pool):
    """Breaks the comparison on purpose and expects it to notice: a printed
    element changed, and the model run with each wrong rule of
    model.FAULTS. Returns the problems."""
    if not samples:
        return ["self-check: no kernel passed to check the checks with"]
    problems = ["self-check: a changed element of kernel %d went unnoticed"
                % c.index for c in samples if not mutation_caught(c)]
    faults = {f: pool.submit(fault_caught, f, samples) for f in model.FAULTS}
    for fault, future in faults.items():
        caught = future.result()
        print("self-check: the model with the wrong rule %s differs on %d of "
              "%d kernels" % (fault, caught, len(samples)))
        if not caught:
            problems.append("self-check: the model's wrong rule %s went "
                            "unnoticed" % fault)
    return problems


def main():
    tools, runtime, lib = default_paths()
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--count", type=int, help="kernels to check (default 300)")
    p.add_argument("--time", type=float,
                   help="check kernels for this many seconds instead")
    p.add_argument("--kernel", type=int, action="append",
                   help="check this kernel of the seed only (repeatable)")
    p.add_argument("--first", type=int, default=0,
                   help="the first kernel's number")
    p.add_argument("--batch", type=int, default=60,
                   help="kernels per program (one compile, one run)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--vulkan", action="store_true",
                   help="also run the kernels with a SPIR-V meaning on Vulkan")
    p.add_argument("--host-check", action="store_true",
                   help="also run the kernels on the host target with its "
                   "checks (docs/checking.md), which must find nothing")
    p.add_argument("--avoid", action="append", choices=sorted(KNOWN_DEFECTS),
                   metavar="DEFECT",
                   help="keep clear of this known defect (repeatable; "
                        "default: every one in known_defects.py)")
    p.add_argument("--no-avoid", action="store_true",
                   help="keep clear of no known defect")
    p.add_argument("--only", action="append",
                   choices=sorted(generator.FRAGMENTS),
                   help="make only these fragments")
    p.add_argument("--out", default=os.environ.get(
        "TEST_UNDECLARED_OUTPUTS_DIR", "random_kernels_findings"),
        help="where failing kernels are written")
    p.add_argument("--no-reduce", action="store_true")
    p.add_argument("--self-check", type=int, default=0, metavar="N",
                   help="check, on the first N kernels, that a wrong output "
                        "or a wrong model is caught")
    p.add_argument("--tools", default=tools)
    p.add_argument("--runtime", default=runtime)
    p.add_argument("--llvm-lib-dir", default=lib)
    args = p.parse_args()
    if args.no_avoid:
        args.avoid = []
    elif args.avoid is None:
        args.avoid = sorted(KNOWN_DEFECTS)
    if args.count is not None and args.time is not None:
        p.error("--count and --time exclude each other")

    problems = []
    start = time.time()
    if args.kernel:
        batches = [args.kernel]
    elif args.time is None:
        count = args.count if args.count is not None else 300
        indices = list(range(args.first, args.first + count))
        size = max(1, min(args.batch, -(-count // max(args.jobs, 1))))
        batches = [indices[i:i + size] for i in range(0, count, size)]
    else:
        batches = None
    totals = {target: 0 for target in ORACLES}
    dropped = 0
    findings = []
    samples = []
    with concurrent.futures.ProcessPoolExecutor(args.jobs) as pool:
        pending = set()
        next_index = args.first

        def submit(indices):
            pending.add(pool.submit(check_batch, args.seed, indices, args))

        if batches is not None:
            for indices in batches:
                submit(indices)
        while True:
            if batches is None:
                while len(pending) < args.jobs and \
                        time.time() - start < args.time:
                    submit(list(range(next_index, next_index + args.batch)))
                    next_index += args.batch
            if not pending:
                break
            done, pending = concurrent.futures.wait(
                pending, return_when=concurrent.futures.FIRST_COMPLETED)
            for future in done:
                counts, d, found, some = future.result()
                samples += some
                for target, n in counts.items():
                    totals[target] += n
                dropped += d
                for f in found:
                    print(report(f), flush=True)
                findings += found
        if args.self_check:
            problems += self_check(samples, pool)
    print("random_kernels: seed %s: %d kernels on the host target, %d "
          "checked there, %d on Vulkan, %d draws without a well-defined "
          "kernel, %d findings, %.0f s%s" % (
              args.seed, totals["host"], totals["host-checked"],
              totals["vulkan"], dropped, len(findings), time.time() - start,
                        "; avoiding " + ", ".join(args.avoid)
                        if args.avoid else ""))
    for problem in problems:
        print(problem)
    return 1 if findings or problems else 0


if __name__ == "__main__":
    sys.exit(main())
