#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes what comes from the table of pipeline options.

The table is build_defs/pipeline_options.bzl's shared rows and each target's
part, which build_defs/targets.bzl lists (see pipeline_options.bzl's
docstring); TARGETS below is the path of build_defs/targets.bzl. From it:

  gen_pipeline_options.py cc TARGETS OUT      pipelines/PipelineOptions.h.inc:
      PipelineConfig, the option structs, the function that checks options
      against the pipeline they were given to and fills the config, and what
      offload-lower-to-gpu's `targets` may name.
  gen_pipeline_options.py td TARGETS OUT      dialects/AttachOptions.td: the
      attach passes' options, as TableGen lists that the attach passes use.
  gen_pipeline_options.py markdown TARGETS    the table of docs/pipelines.md.
  gen_pipeline_options.py docs TARGETS DOC [--update]
      whether DOC's table (between the markers) is the generated one; with
      --update, writes it there.
"""

import os
import sys

UPDATE_COMMAND = "python3 build_defs/gen_pipeline_options.py docs build_defs/targets.bzl docs/pipelines.md --update"
DOC_BEGIN = "<!-- pipeline options: generated from build_defs/pipeline_options.bzl and the targets' parts by `%s` -->" % UPDATE_COMMAND
DOC_END = "<!-- end of pipeline options -->"

# The every-target family, offload-lower[-loops]-to-gpu, and the pass that
# every pipeline ends its attaching with.
GPU_STRUCT = "GpuPipelineOptions"
LOADER_LIST = ("loader", "OffloadAttachLoaderOptions")


def run_bzl(path, root):
    """The globals of a .bzl file, run as Python: a load() of another .bzl of
    the workspace at `root` runs that one and binds the names it asks for
    (None for a file that is not here: the rule's parts, which no table
    needs)."""
    scope = {}
    if not os.path.exists(path):
        return scope

    def load(label, *names, **aliases):
        package, _, name = label.lstrip("/").partition(":")
        loaded = run_bzl(os.path.join(root, package, name), root)
        for name in names:
            scope[name] = loaded.get(name)
        for alias, name in aliases.items():
            scope[alias] = loaded.get(name)

    scope["load"] = load
    exec(compile(open(path, encoding="utf-8").read(), path, "exec"), scope)
    return scope


class Table:
    """The merged table (build_defs/pipeline_table.bzl)."""

    def __init__(self, targets_path):
        root = os.path.dirname(os.path.dirname(os.path.abspath(targets_path)))
        merged = run_bzl(targets_path, root)["PIPELINE_TABLE"]
        self.families = merged["families"]
        self.pipelines = merged["pipelines"]
        self.options = merged["options"]
        self.targets = merged["targets"]
        self.by_name = {t["name"]: t for t in self.targets}
        self.listed = sorted(self.targets, key=lambda t: t["token"]["rank"])

    def struct(self, family):
        return GPU_STRUCT if family == "gpu" else self.by_name[family]["struct"]

    def field_entry(self, field):
        return [e for e in self.options if e["field"] == field][0]


def load_table(path):
    """(pipelines, rows) of the table that build_defs/targets.bzl makes."""
    table = Table(path)
    return table.pipelines, table.options


def families(entry):
    """The families whose pipelines take `entry`."""
    return entry["families"]


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


def requested(table, target, family):
    """C++ of whether `options` of `family` ask for `target`'s objects too: its
    token in offload-lower-to-gpu's targets, its companion option else."""
    token = table.by_name[target]["token"]
    if family == "gpu":
        return 'llvm::is_contained(options.targets, std::string(%s))' % c_string(token["name"])
    return "options." + token["field"]


def gen_checks(table, entry, loop_pipelines, family):
    """C++ statements that fail on a bad value of `entry`, as options.X."""
    name, member = entry["name"], "options." + entry["field"]
    out = []
    if entry.get("requires") == "loops":
        out.append(
            "  if (%s.hasValue() && !loops)\n"
            "    return emitError(%s);" % (member, c_string(
                "%s applies to the pipelines of loops only (%s)" % (name, ", ".join(loop_pipelines)))))
    if entry.get("requires") in table.by_name:
        out.append(
            "  if (%s.hasValue() && !(%s))\n"
            "    return emitError(%s);" % (member, requested(table, entry["requires"], family),
                                      c_string("%s applies with %s only" % (name, entry["requires"]))))
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


def gen_cc(table):
    loop_pipelines = [p for p, info in table.pipelines.items() if info["loops"]]
    out = [
        "// Generated by build_defs/gen_pipeline_options.py from the table of",
        "// pipeline options (build_defs/targets.bzl): edit the table, not this file.",
        "",
        "/// What a pipeline does, whichever options it was given in.",
        "struct PipelineConfig {",
        "  /// Make kernels of scf.parallel loops first.",
        "  bool loops = false;",
    ]
    fields = {}
    for entry in table.options:
        fields.setdefault(entry["field"], entry)
    for field, entry in fields.items():
        if is_list(entry):
            out.append("  SmallVector<%s> %s;" % (cc_type(entry), field))
        else:
            out.append("  %s %s = %s;" % (cc_type(entry), field, cc_literal(entry, entry["default"])))
    out.append("};")
    for family in table.families:
        names = [p for p, info in table.pipelines.items() if info["family"] == family]
        struct = table.struct(family)
        out += [
            "",
            "/// Options of %s." % " and ".join(names),
            "struct %s : public PassPipelineOptions<%s> {" % (struct, struct),
        ]
        out += [gen_option_member(e) for e in table.options if applies(e, family)]
        out.append("};")
    for family in table.families:
        entries = [e for e in table.options if applies(e, family)]
        out += [
            "",
            "/// Fails on an option that `options` cannot take (one that does not apply",
            "/// to the pipeline, or a value out of its range), else fills `config`.",
            "inline LogicalResult",
            "getPipelineConfig(const %s &options, bool loops," % table.struct(family),
            "                  PipelineConfig &config,",
            "                  function_ref<LogicalResult(const Twine &)> emitError) {",
        ]
        for entry in entries:
            out += gen_checks(table, entry, loop_pipelines, family)
        out.append("  config.loops = loops;")
        # A target whose token sets a flag compiles for it in its own
        # pipelines whatever their options.
        target = table.by_name.get(family)
        if target and not is_list(table.field_entry(target["token"]["field"])):
            out.append("  config.%s = true;" % target["token"]["field"])
        for entry in entries:
            member = "options." + entry["field"]
            if is_list(entry):
                out.append("  config.%s.assign(%s.begin(), %s.end());" % (entry["field"], member, member))
            else:
                out.append("  config.%s = %s;" % (entry["field"], member))
        out += ["  return success();", "}"]
    out += gen_targets_cc(table)
    return "\n".join(out) + "\n"


def gen_targets_cc(table):
    """What offload-lower-to-gpu's `targets` may name, each target's token."""
    listed = table.listed
    out = [
        "",
        "/// The targets, in the order of build_defs/targets.bzl.",
        "inline constexpr StringLiteral kTargetNames[] = {%s};" % ", ".join(
            c_string(t["name"]) for t in table.targets),
        "",
        "/// The order of the targets' objects in a gpu.binary: the targets of chips",
        "/// first, then the rest.",
        "inline constexpr StringLiteral kTargetObjectOrder[] = {%s};" % ", ".join(
            c_string(t["name"]) for t in
            [t for t in table.targets if "prefix" in t["token"]] +
            [t for t in table.targets if "prefix" not in t["token"]]),
        "",
        "/// What offload-lower-to-gpu's targets may name, for its messages.",
        "inline constexpr StringLiteral kTargetKinds = %s;" % c_string(
            english_list(t["token"]["one"] for t in listed)),
        "inline constexpr StringLiteral kTargetExamples = %s;" % c_string(
            ",".join(t["token"]["example"] for t in listed)),
        "",
        "/// Whether `config` asks for objects of the target `name`.",
        "inline bool isTargetRequested(StringRef name, const PipelineConfig &config) {",
    ] + ["  if (name == %s)\n    return %s;" % (
        c_string(t["name"]),
        ("!config.%s.empty()" if is_list(table.field_entry(t["token"]["field"])) else "config.%s")
        % t["token"]["field"]) for t in table.targets] + [
        "  return false;",
        "}",
        "",
        "/// Takes `target`, a token of offload-lower-to-gpu's targets, into",
        "/// `config`; false if it names no target.",
        "inline bool claimTarget(StringRef target, PipelineConfig &config) {",
    ]
    for t in listed:
        token = t["token"]
        if "prefix" in token:
            test = "target.starts_with(%s)" % c_string(token["prefix"])
        else:
            test = "target == %s" % c_string(token["name"])
        if is_list(table.field_entry(token["field"])):
            action = "config.%s.push_back(target.str());" % token["field"]
        else:
            action = "config.%s = true;" % token["field"]
        out += ["  if (%s) {" % test, "    " + action, "    return true;", "  }"]
    out += [
        "  return false;",
        "}",
        "",
        "/// An error for an option of one target given to offload-lower-to-gpu",
        "/// without that target in its targets, which would drop it.",
        "inline LogicalResult",
        "checkTargetOptions(const %s &options, const PipelineConfig &config," % GPU_STRUCT,
        "                   function_ref<LogicalResult(const Twine &)> emitError) {",
    ]
    for t in listed:
        token = t["token"]
        absent = ("config.%s.empty()" if is_list(table.field_entry(token["field"]))
                  else "!config.%s") % token["field"]
        for entry in table.options:
            if entry["owner"] != t["name"] or "gpu" not in entry["families"] or entry.get("requires"):
                continue
            out += [
                "  if (options.%s.hasValue() && %s)" % (entry["field"], absent),
                "    return emitError(%s);" % c_string(
                    "%s applies with %s in targets only" % (entry["name"], token["one"])),
            ]
    out += ["  return success();", "}"]
    return out


def gen_td(table):
    attach_lists = [(t["name"], t["attach_list"]) for t in table.targets] + [LOADER_LIST]
    table = table.options
    # One option per pass and name: where two entries give it (host-cpu and
    # cpu), the one of the pipelines of that target says it.
    chosen = {}
    for entry in table:
        for attach in entry.get("attach", []):
            key = (attach[0], attach[1])
            if key not in chosen or families(entry) == [attach[0]]:
                chosen[key] = (entry, attach)
    lists = {key: [] for key, _ in attach_lists}
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
        "// Generated by build_defs/gen_pipeline_options.py from the table of",
        "// pipeline options (build_defs/targets.bzl): edit the table, not this file.",
        "",
        "#ifndef OFFLOAD_ATTACH_OPTIONS",
        "#define OFFLOAD_ATTACH_OPTIONS",
        "",
        'include "mlir/Pass/PassBase.td"',
    ]
    for key, name in attach_lists:
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


def gen_markdown(table):
    every = table.families
    table = table.options
    rows = [
        "| option | pipelines | `offload_cc_library` | default | meaning |",
        "| --- | --- | --- | --- | --- |",
    ]
    for entry in table:
        where = "all" if sorted(families(entry)) == sorted(every) else ", ".join(
            "`-%s`" % family for family in families(entry))
        if entry.get("requires") == "loops":
            where += ", `-loops-` only"
        if entry.get("requires") not in (None, "loops"):
            where += ", with `%s`" % entry["requires"]
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
    table = Table(argv[2])
    if argv[1] == "cc":
        open(argv[3], "w", encoding="utf-8").write(gen_cc(table))
    elif argv[1] == "td":
        open(argv[3], "w", encoding="utf-8").write(gen_td(table))
    elif argv[1] == "markdown":
        sys.stdout.write(gen_markdown(table))
    else:
        path = argv[3]
        doc = open(path, encoding="utf-8").read()
        updated = doc_with_table(doc, gen_markdown(table))
        if updated is None:
            print("%s: no generated table (the markers %s ... %s)" % (path, DOC_BEGIN, DOC_END))
            return 1
        if "--update" in argv:
            open(path, "w", encoding="utf-8").write(updated)
        elif updated != doc:
            print("%s: its table of pipeline options is not the one "
                  "the table makes; run `%s`" % (path, UPDATE_COMMAND))
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
