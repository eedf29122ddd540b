# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# lit configuration for mlir-offload's tests. build_defs/lit_runner.sh sets the
# OFFLOAD_* variables to tools in the Bazel runfiles.
import os
import platform
import sys

import lit.formats

config.name = "mlir-offload"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)

tools_dir = os.environ["OFFLOAD_TOOLS_DIR"]
llvm_tools_dir = os.environ["OFFLOAD_LLVM_TOOLS_DIR"]
config.environment["PATH"] = os.pathsep.join(
    [tools_dir, llvm_tools_dir, os.environ.get("PATH", "")]
)
# Tests name the toolkit they use; none may find one by accident. (The ROCm
# device libraries are found by default where Debian installs them.)
for var in ["CUDA_PATH", "CUDA_HOME", "CUDA_ROOT", "ROCM_PATH"]:
    config.environment.pop(var, None)

config.substitutions.append(("%cuda_toolkit", os.environ["OFFLOAD_CUDA_TOOLKIT"]))
# Every compile is a fresh one unless a test turns the object cache on, in a
# directory of its own.
config.environment["OFFLOAD_CACHE"] = "off"
for var in ["OFFLOAD_CACHE_DIR", "OFFLOAD_CACHE_SIZE"]:
    config.environment.pop(var, None)

# Programs run as MLIR's own GPU integration tests run them: JIT-compiled by
# offload-runner with libmgpu.so and MLIR's runner utilities (printMemref*),
# on the host backend unless the environment says otherwise.
runtime = os.environ["OFFLOAD_RUNTIME_LIB"]
llvm_lib_dir = os.environ["OFFLOAD_LLVM_LIB_DIR"]
shared_libs = ",".join(
    [runtime]
    + [os.path.join(llvm_lib_dir, lib) for lib in ["libmlir_runner_utils.so", "libmlir_c_runner_utils.so"]]
)
config.substitutions.append(("%mgpu", runtime))
config.substitutions.append(("%llvm_lib_dir", llvm_lib_dir))
config.substitutions.append(
    ("%offload_runner", "offload-runner --entry-point-result=void --shared-libs=" + shared_libs)
)
config.environment["MGPU_DEVICE"] = os.environ.get("MGPU_DEVICE", "host")
# Programs run on Vulkan under Khronos' validation layer when the test's
# environment asks for it, as .bazelrc does for every test.
if "MGPU_VULKAN_VALIDATION" in os.environ:
    config.environment["MGPU_VULKAN_VALIDATION"] = os.environ["MGPU_VULKAN_VALIDATION"]
config.substitutions.append(
    ("%check_trace", os.path.join(config.test_source_root, "..", "offload_runtime", "tests", "check_trace.py"))
)
config.substitutions.append(("%plugin", os.path.join(tools_dir, "liboffload_plugin.so")))
config.substitutions.append(("%tools_dir", tools_dir))
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(
    ("%expect_exit", "%s %s" % (sys.executable, os.path.join(config.test_source_root, "expect_exit.py")))
)

# Upstream's pipeline beside ours: testdata/parity.py. Upstream's NVVM target
# finds the toolkit through $CUDA_PATH only.
config.substitutions.append(
    (
        "%parity",
        "env CUDA_PATH=%s %s %s --runtime=%s --runner-utils=%s --workdir=%%t"
        % (
            os.environ["OFFLOAD_CUDA_TOOLKIT"],
            sys.executable,
            os.path.join(config.test_source_root, "parity.py"),
            runtime,
            llvm_lib_dir,
        ),
    )
)

# Under --config=asan (docs/fuzzing.md) the compiler is checked for memory
# errors, not for leaks: nvJitLink, loaded in process, keeps the exception
# pool of its own libstdc++ (72 KiB), which LeakSanitizer reports; the
# runtime's leaks are checked by its own tests. A plugin built with ASan
# cannot load into the stock, uninstrumented mlir-opt: those tests say
# `UNSUPPORTED: asan`.
# The host's machine (x86_64, aarch64), for what one of them has alone
# (`REQUIRES: x86_64`).
config.available_features.add(platform.machine())
if "ASAN_OPTIONS" in os.environ:
    config.available_features.add("asan")
    config.environment["ASAN_OPTIONS"] = os.environ["ASAN_OPTIONS"] + ":detect_leaks=0"
