#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes what comes from the table of pipeline options.

build_defs/pipeline_options.bzl is the one table (see its docstring). From it:

  gen_pipeline_options.py cc TABLE OUT        pipelines/PipelineOptions.h.inc:
      PipelineConfig, the two option structs and the function that checks
      options against the pipeline they were given to and fills the config.
  gen_pipeline_options.py td TABLE OUT        dialects/AttachOptions.td: the
      attach passes' options, as TableGen lists that dialects/Passes.td uses.
  gen_pipeline_options.py markdown TABLE      the table of docs/pipelines.md.
  gen_pipeline_options.py docs TABLE DOC [--update]
      whether DOC's table (between the markers) is the generated one; with
      --update, writes it there.
"""

import sys

UPDATE_COMMAND = "python3 build_defs/gen_pipeline_options.py docs build_defs/pipeline_options.bzl docs/pipelines.md --update"
DOC_BEGIN = "<!-- pipeline options: generated from build_defs/pipeline_options.bzl by `%s` -->" % UPDATE_COMMAND
DOC_END = "<!-- end of pipeline options -->"

FAMILIES = ["cuda", "host", "vulkan", "rocm", "gpu"]
STRUCTS = {
    "cuda": "CudaPipelineOptions",
    "host": "HostPipelineOptions",
    "vulkan": "VulkanPipelineOptions",
    "rocm": "RocmPipelineOptions",
    "gpu": "GpuPipelineOptions",
}
ATTACH_LISTS = {
    "cuda": "OffloadAttachTargetOptions",
    "host": "OffloadAttachHostTargetOptions",
    "vulkan": "OffloadAttachVulkanTargetOptions",
    "rocm": "OffloadAttachRocmTargetOptions",
    "loader": "OffloadAttachLoaderOptions",
}
# Whether a family's options ask for host objects, as C++ (the one-vendor
# pipelines have a `host` option; the every-vendor one names it in targets).
HOST_REQUESTED = {"gpu": 'llvm::is_contained(options.targets, std::string("host"))'}
# What a family's pipelines compile for whatever their options: the config
# field that a family sets (the host pipelines, for the host).
FAMILY_FIELDS = {"host": "host", "vulkan": "vulkan"}


def load_table(path):
    """The table: the .bzl file is plain data, which Python reads as well."""
    scope = {}
    exec(compile(open(path, encoding="utf-8").read(), path, "exec"), scope)
    return scope["PIPELINES"], scope["PIPELINE_OPTIONS"]


def families(entry):
    """The families whose pipelines take `entry`."""
    pipelines = entry["pipelines"]
    if pipelines == "all":
        return list(FAMILIES)
    return pipelines if isinstance(pipelines, list) else [pipelines]


def applies(entry, family):
    return family in families(entry)


def c_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def cc_type(entry):
    return {
        "bool": "bool",
        "unsigned": "unsigned",
        "string": "std::string",
        "strings": "std::string",
        "files": "std::string",
        "ints": "int64_t",
    }[entry["type"]]


def is_list(entry):
    return entry["type"] in ("strings", "files", "ints")


def cc_literal(entry, value):
    if entry["type"] == "bool":
        return "true" if value else "false"
    if entry["type"] == "unsigned":
        return str(value)
    return c_string(value)


def english_list(words, last="or"):
    words = list(words)
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " " + last + " " + words[-1]


def gen_option_member(entry):
    help_text = c_string(entry["help"])
    if is_list(entry):
        return "  ListOption<%s> %s{*this, %s, llvm::cl::desc(%s)};" % (
            cc_type(entry), entry["field"], c_string(entry["name"]), help_text)
    return "  Option<%s> %s{*this, %s, llvm::cl::desc(%s),\n      llvm::cl::init(%s)};" % (
        cc_type(entry), entry["field"], c_string(entry["name"]), help_text,
        cc_literal(entry, entry["default"]))


def gen_checks(entry, loop_pipelines, family):
    """C++ statements that fail on a bad value of `entry`, as options.X."""
    name, member = entry["name"], "options." + entry["field"]
    out = []
    if entry.get("requires") == "loops":
        out.append(
            "  if (%s.hasValue() && !loops)\n"
            "    return emitError(%s);" % (member, c_string(
                "%s applies to the pipelines of loops only (%s)" % (name, ", ".join(loop_pipelines)))))
    if entry.get("requires") == "host":
        out.append(
            "  if (%s.hasValue() && !(%s))\n"
            "    return emitError(%s);" % (member, HOST_REQUESTED.get(family, "options.host"),
                                      c_string("%s applies with host only" % name)))
    if "choices" in entry:
        shown = [c for c in entry["choices"] if c]
        text = english_list(shown) + (" (or empty)" if "" in entry["choices"] else "")
        out.append(
            "  if (!llvm::is_contained(ArrayRef<StringRef>{%s}, StringRef(%s)))\n"
            "    return emitError(%s + %s + \"'\");" % (
                ", ".join(c_string(c) for c in entry["choices"]), member,
                c_string("%s must be %s, not '" % (name, text)), member))
    if "range" in entry:
        low, high = entry["range"]
        bad = "%s > %d" % (member, high) if low == 0 else "%s < %d || %s > %d" % (member, low, member, high)
        out.append(
            "  if (%s)\n"
            "    return emitError(%s + Twine(%s.getValue()));" % (
                bad, c_string("%s must be %d to %d, not " % (name, low, high)), member))
    if "values" in entry:
        out.append(
            "  if (!llvm::is_contained(ArrayRef<unsigned>{%s}, %s.getValue()))\n"
            "    return emitError(%s + Twine(%s.getValue()));" % (
                ", ".join(str(v) for v in entry["values"]), member,
                c_string("%s must be %s, not " % (name, english_list(str(v) for v in entry["values"]))),
                member))
    if "max_count" in entry:
        out.append(
            "  if (%s.size() > %d)\n"
            "    return emitError(%s + Twine(%s.size()));" % (
                member, entry["max_count"],
                c_string("%s has at most %d entries, not " % (name, entry["max_count"])), member))
    if entry.get("positive"):
        out.append(
            "  for (int64_t value : %s)\n"
            "    if (value <= 0)\n"
            "      return emitError(%s + Twine(value));" % (
                member, c_string("%s must be positive, not " % name)))
    if "prefix" in entry:
        out.append(
            "  for (const std::string &value : %s)\n"
            "    if (!StringRef(value).starts_with(%s))\n"
            "      return emitError(%s + value + \"'\");" % (
                member, c_string(entry["prefix"]),
                c_string("%s must start with %s, not '" % (name, entry["prefix"]))))
    return out


def gen_cc(pipelines, table):
    loop_pipelines = [p for p, info in pipelines.items() if info["loops"]]
    out = [
        "// Generated by build_defs/gen_pipeline_options.py from",
        "// build_defs/pipeline_options.bzl: edit the table, not this file.",
        "",
        "/// What a pipeline does, whichever options it was given in.",
        "struct PipelineConfig {",
        "  /// Make kernels of scf.parallel loops first.",
        "  bool loops = false;",
    ]
    fields = {}
    for entry in table:
        fields.setdefault(entry["field"], entry)
    for field, entry in fields.items():
        if is_list(entry):
            out.append("  SmallVector<%s> %s;" % (cc_type(entry), field))
        else:
            out.append("  %s %s = %s;" % (cc_type(entry), field, cc_literal(entry, entry["default"])))
    out.append("};")
    for family in FAMILIES:
        names = [p for p, info in pipelines.items() if info["family"] == family]
        out += [
            "",
            "/// Options of %s." % " and ".join(names),
            "struct %s : public PassPipelineOptions<%s> {" % (STRUCTS[family], STRUCTS[family]),
        ]
        out += [gen_option_member(e) for e in table if applies(e, family)]
        out.append("};")
    for family in FAMILIES:
        entries = [e for e in table if applies(e, family)]
        out += [
            "",
            "/// Fails on an option that `options` cannot take (one that does not apply",
            "/// to the pipeline, or a value out of its range), else fills `config`.",
            "inline LogicalResult",
            "getPipelineConfig(const %s &options, bool loops," % STRUCTS[family],
            "                  PipelineConfig &config,",
            "                  function_ref<LogicalResult(const Twine &)> emitError) {",
        ]
        for entry in entries:
            out += gen_checks(entry, loop_pipelines, family)
        out.append("  config.loops = loops;")
        if family in FAMILY_FIELDS:
            out.append("  config.%s = true;" % FAMILY_FIELDS[family])
        for entry in entries:
            member = "options." + entry["field"]
            if is_list(entry):
                out.append("  config.%s.assign(%s.begin(), %s.end());" % (entry["field"], member, member))
            else:
                out.append("  config.%s = %s;" % (entry["field"], member))
        out += ["  return success();", "}"]
    return "\n".join(out) + "\n"


def gen_td(table):
    # One option per pass and name: where two entries give it (host-cpu and
    # cpu), the one of the pipelines of that target says it.
    chosen = {}
    for entry in table:
        for attach in entry.get("attach", []):
            key = (attach[0], attach[1])
            if key not in chosen or families(entry) == [attach[0]]:
                chosen[key] = (entry, attach)
    lists = {key: [] for key in ATTACH_LISTS}
    for (target, name), (entry, attach) in chosen.items():
        member = attach[2]
        overrides = attach[3] if len(attach) > 3 else {}
        kind = overrides.get("type", entry["type"])
        help_text = overrides.get("help", entry["help"])
        help_text = help_text.replace("\\", "\\\\").replace('"', '\\"')
        if kind in ("strings", "files", "ints"):
            lists[target].append('  ListOption<"%s", "%s", "%s",\n             "%s.">' % (
                member, name, "int64_t" if kind == "ints" else "std::string", help_text))
            continue
        cc = {"bool": "bool", "unsigned": "unsigned", "string": "std::string"}[kind]
        if "default" in overrides:
            default = overrides["default"]
        elif kind == "string":
            default = '"\\"%s\\""' % entry["default"]
        else:
            default = '"%s"' % cc_literal(entry, entry["default"])
        lists[target].append('  Option<"%s", "%s", "%s", %s,\n         "%s.">' % (
            member, name, cc, default, help_text))
    out = [
        "// Generated by build_defs/gen_pipeline_options.py from",
        "// build_defs/pipeline_options.bzl: edit the table, not this file.",
        "",
        "#ifndef OFFLOAD_ATTACH_OPTIONS",
        "#define OFFLOAD_ATTACH_OPTIONS",
        "",
        'include "mlir/Pass/PassBase.td"',
    ]
    for key, name in ATTACH_LISTS.items():
        out += ["", "defvar %s = [" % name, ",\n".join(lists[key]), "];"]
    out += ["", "#endif // OFFLOAD_ATTACH_OPTIONS"]
    return "\n".join(out) + "\n"


def markdown_value(entry, value):
    if entry["type"] == "bool":
        return "on" if value else "off"
    if is_list(entry):
        return "none" if not value else "`%s`" % ",".join(str(v) for v in value)
    if value == "":
        return "none"
    return "`%s`" % value


def gen_markdown(pipelines, table):
    rows = [
        "| option | pipelines | `offload_cc_library` | default | meaning |",
        "| --- | --- | --- | --- | --- |",
    ]
    for entry in table:
        where = "all" if entry["pipelines"] == "all" else ", ".join(
            "`-%s`" % family for family in families(entry))
        if entry.get("requires") == "loops":
            where += ", `-loops-` only"
        if entry.get("requires") == "host":
            where += ", with `host`"
        attr = "`%s`" % entry["attr"] if entry["attr"] else "(the rule's toolkit)"
        shown = entry.get("shown") or markdown_value(entry, entry["default"])
        rows.append("| `%s` | %s | %s | %s | %s |" % (entry["name"], where, attr, shown, entry["help"]))
    return "\n".join(rows) + "\n"


def doc_with_table(doc, table_text):
    """The doc with its generated table replaced by `table_text`."""
    begin, end = doc.find(DOC_BEGIN), doc.find(DOC_END)
    if begin < 0 or end < begin:
        return None
    return doc[:begin] + DOC_BEGIN + "\n\n" + table_text + "\n" + doc[end:]


def main(argv):
    if len(argv) < 3 or argv[1] not in ("cc", "td", "markdown", "docs"):
        sys.stderr.write(__doc__)
        return 1
    pipelines, table = load_table(argv[2])
    if argv[1] == "cc":
        open(argv[3], "w", encoding="utf-8").write(gen_cc(pipelines, table))
    elif argv[1] == "td":
        open(argv[3], "w", encoding="utf-8").write(gen_td(table))
    elif argv[1] == "markdown":
        sys.stdout.write(gen_markdown(pipelines, table))
    else:
        path = argv[3]
        doc = open(path, encoding="utf-8").read()
        updated = doc_with_table(doc, gen_markdown(pipelines, table))
        if updated is None:
            print("%s: no generated table (the markers %s ... %s)" % (path, DOC_BEGIN, DOC_END))
            return 1
        if "--update" in argv:
            open(path, "w", encoding="utf-8").write(updated)
        elif updated != doc:
            print("%s: its table of pipeline options is not the one "
                  "build_defs/pipeline_options.bzl makes; run `%s`" % (path, UPDATE_COMMAND))
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
