# lit configuration for mlir-offload's tests. build_defs/lit_runner.sh sets the
# OFFLOAD_* variables to tools in the Bazel runfiles.
import os
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
# Tests name the toolkit they use; none may find one by accident.
for var in ["CUDA_PATH", "CUDA_HOME", "CUDA_ROOT"]:
    config.environment.pop(var, None)

config.substitutions.append(("%cuda_toolkit", os.environ["OFFLOAD_CUDA_TOOLKIT"]))
config.substitutions.append(("%plugin", os.path.join(tools_dir, "liboffload_plugin.so")))
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(
    ("%expect_exit", "%s %s" % (sys.executable, os.path.join(config.test_source_root, "expect_exit.py")))
)
