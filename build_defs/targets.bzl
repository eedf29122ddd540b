# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The targets the build knows: the one list (as LLVM_TARGETS_TO_BUILD).

Each target lives in pipelines/<target>/: its part of the table of pipeline
options (options.bzl) and its part of the offload_objects rule
(objects.bzl), both loaded here. A new target adds its two loads and its
entries below; nothing else shared names it.

Python reads this file too (build_defs/gen_pipeline_options.py runs it with a
load() of its own): below the loads, plain data only.
"""

load("//build_defs:pipeline_options.bzl", "PIPELINES", "PIPELINE_OPTIONS")
load("//build_defs:pipeline_table.bzl", "pipeline_table")
load("//pipelines/cuda:objects.bzl", cuda_objects = "OBJECTS")
load("//pipelines/cuda:options.bzl", cuda_options = "TARGET")
load("//pipelines/host:objects.bzl", host_objects = "OBJECTS")
load("//pipelines/host:options.bzl", host_options = "TARGET")
load("//pipelines/rocm:objects.bzl", rocm_objects = "OBJECTS")
load("//pipelines/rocm:options.bzl", rocm_options = "TARGET")
load("//pipelines/vulkan:objects.bzl", vulkan_objects = "OBJECTS")
load("//pipelines/vulkan:options.bzl", vulkan_options = "TARGET")

# Their parts of the options table, in the order of the option structs and
# of the messages that list their pipelines.
TARGET_OPTIONS = [cuda_options, host_options, vulkan_options, rocm_options]

# Their parts of the offload_objects rule, in the same order.
TARGET_OBJECTS = [cuda_objects, host_objects, vulkan_objects, rocm_objects]

# The merged table of pipeline options.
PIPELINE_TABLE = pipeline_table(PIPELINES, PIPELINE_OPTIONS, TARGET_OPTIONS)

# The files of the table, for the rules that generate from it.
PIPELINE_TABLE_FILES = [
    "//build_defs:targets.bzl",
    "//build_defs:pipeline_options.bzl",
    "//build_defs:pipeline_table.bzl",
] + ["//pipelines/%s:options.bzl" % t["name"] for t in TARGET_OPTIONS]

# Their names, the folders each target has in the layers (registration/ calls
# each target's folder there through Targets.def).
OFFLOAD_TARGETS = [t["name"] for t in TARGET_OPTIONS]
