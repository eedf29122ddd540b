# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The table of pipeline options: the shared rows and the targets' parts, merged.

Starlark that Python runs too (build_defs/gen_pipeline_options.py execs it),
so that the rule and the generated C++ see one table. The schema is
build_defs/pipeline_options.bzl's docstring.
"""

def english_list(words, last = "or"):
    """"a, b or c"."""
    words = list(words)
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " " + last + " " + words[-1]

def listed_targets(targets):
    """The targets in the order messages and docs list their tokens."""
    return sorted(targets, key = _token_rank)

def _token_rank(target):
    return target["token"]["rank"]

def _token_attr(target):
    """The rule's attribute that the target's tokens come from."""
    for row in target["options"]:
        if row["field"] == target["token"]["field"]:
            return row["attr"]
    return None

def _families_of_target_row(row, target, targets):
    families = []
    for where in row["pipelines"]:
        if where == "own":
            families.append(target["name"])
        elif where == "gpu":
            families.append("gpu")
        elif where == "others":
            families += [t["name"] for t in targets if t["companions"] and t["name"] != target["name"]]
    return families

def _merge_shared_row(row, targets):
    takers = [t for t in targets if row["name"] in t["shared"]]
    families = []
    for where in row["pipelines"]:
        if where == "all":
            families += [t["name"] for t in targets] + ["gpu"]
        elif where == "gpu":
            families.append("gpu")
        elif where == "takers":
            families += [t["name"] for t in takers]
    merged = dict(row)
    merged["families"] = families
    merged["owner"] = None
    attach = list(row.get("attach", []))
    helps, shown = [], []
    for t in takers:
        part = t["shared"][row["name"]]
        if "attach" in part:
            attach.append([t["name"]] + part["attach"])
        if part.get("help"):
            helps.append(part["help"])
        if part.get("shown"):
            shown.append(part["shown"])
    merged["attach"] = attach
    merged["help"] = row["help"].replace("{targets}", "; ".join(helps))
    if "shown" in row:
        merged["shown"] = row["shown"].replace("{targets}", ", ".join(shown))
    if row["name"] == "targets":
        listed = listed_targets(targets)
        attrs = []
        for t in listed:
            if _token_attr(t) not in attrs:
                attrs.append(_token_attr(t))
        merged["help"] = merged["help"].replace(
            "{tokens}",
            english_list([t["token"]["many"] for t in listed], "and"),
        ).replace("{token_attrs}", english_list(attrs, "and"))
    return merged

def pipeline_table(shared_pipelines, shared_rows, targets):
    """The merged table, a dict:
      families   the targets' names, in build_defs/targets.bzl's order, and
                 "gpu".
      pipelines  {pipeline: {"family", "loops"}}.
      options    the rows, each with "families" (the families whose
                 pipelines take it), "owner" (the target whose part it is, or
                 None) and "attach" [pass, name, member, overrides?].
      targets    the targets' parts.
    """
    pipelines = {}
    for t in targets:
        for name, info in t["pipelines"].items():
            pipelines[name] = {"family": t["name"], "loops": info["loops"]}
    for name, info in shared_pipelines.items():
        pipelines[name] = dict(info)
    rows = [_merge_shared_row(row, targets) for row in shared_rows]
    for t in targets:
        for row in t["options"]:
            merged = dict(row)
            merged["families"] = _families_of_target_row(row, t, targets)
            merged["owner"] = t["name"]
            merged["attach"] = [[t["name"]] + a for a in row.get("attach", [])]
            rows.append(merged)
    return {
        "families": [t["name"] for t in targets] + ["gpu"],
        "pipelines": pipelines,
        "options": rows,
        "targets": targets,
    }
