#!/usr/bin/env python3
"""Check that docs/pi-extensions.md gives a status for every name of Pi's extension surface.

The surface is surface.json (see /work/shared/pi-surface/README.md). The document marks each
surface section with an HTML comment `<!-- surface:SECTION -->`; a name counts as present when
it appears in backticks (`name`) between its section's marker and the next marker. Checked:

  events, extension_api, extension_context, command_context, tool_context,
  replaced_session_context, project_trust_context, readonly_session_manager, ui_context
                    every name
  tool_definition   fields and execute_params
  tool_result       fields
  virtual_modules   every specifier
  modes             every mode
  loader            every key, and every key of loader.errors
  exports           every package; every export name of the packages tau shims
                    (@earendil-works/pi-coding-agent); the other packages are the real npm
                    packages, so their names are covered by the package row

Usage: surface_status.py [--surface PATH] [--doc PATH]
Defaults: $TAU_PI_SURFACE or /work/shared/pi-surface/surface.json, and docs/pi-extensions.md
next to this script's parent folder. Exit 0 when nothing is missing, 1 listing the missing
names, 2 when an input cannot be read.
"""

import argparse
import json
import os
import re
import sys
from pathlib import Path

DEFAULT_SURFACE = "/work/shared/pi-surface/surface.json"
DEFAULT_DOC = Path(__file__).resolve().parent.parent / "docs" / "pi-extensions.md"

# Sections that are plain lists of named entries.
NAMED_SECTIONS = [
    "events",
    "extension_api",
    "extension_context",
    "command_context",
    "tool_context",
    "replaced_session_context",
    "project_trust_context",
    "readonly_session_manager",
    "ui_context",
]

# Export packages whose names tau implements itself (its shim), so each name needs a status.
SHIMMED_PACKAGES = ["@earendil-works/pi-coding-agent"]

MARKER = re.compile(r"<!--\s*surface:([a-z_]+)\s*-->")


def entry_name(entry):
    """The name of one surface entry: a string, or an object's name/mode/specifier."""
    if isinstance(entry, dict):
        return entry.get("name") or entry.get("mode") or entry.get("specifier")
    return entry


def expected_names(surface):
    """Maps each document section to the names it must mention."""
    expected = {}
    for section in NAMED_SECTIONS:
        expected[section] = [entry_name(e) for e in surface.get(section, [])]
    definition = surface.get("tool_definition", {})
    expected["tool_definition"] = [f["name"] for f in definition.get("fields", [])] + [
        p["name"] for p in definition.get("execute_params", [])
    ]
    expected["tool_result"] = [f["name"] for f in surface.get("tool_result", {}).get("fields", [])]
    expected["virtual_modules"] = [m["specifier"] for m in surface.get("virtual_modules", [])]
    expected["modes"] = [m["mode"] for m in surface.get("modes", [])]
    loader = surface.get("loader", {})
    expected["loader"] = [k for k in loader if k != "errors_note"] + list(loader.get("errors", {}))
    exports = surface.get("exports", {})
    names = list(exports)
    for package in SHIMMED_PACKAGES:
        names += exports.get(package, {}).get("names", [])
    expected["exports"] = names
    return expected


def doc_sections(text):
    """Maps each marked section of the document to its text (marker to next marker)."""
    marks = list(MARKER.finditer(text))
    sections = {}
    for i, mark in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
        sections[mark.group(1)] = sections.get(mark.group(1), "") + text[mark.end() : end]
    return sections


def missing_names(surface, text):
    """(section, name) pairs the document does not mention; a missing section lists all."""
    sections = doc_sections(text)
    missing = []
    for section, names in expected_names(surface).items():
        body = sections.get(section)
        for name in names:
            if body is None or f"`{name}`" not in body:
                missing.append((section, name))
    return missing


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--surface", default=os.environ.get("TAU_PI_SURFACE") or DEFAULT_SURFACE)
    parser.add_argument("--doc", default=str(DEFAULT_DOC))
    args = parser.parse_args(argv)
    try:
        with open(args.surface, encoding="utf-8") as f:
            surface = json.load(f)
        with open(args.doc, encoding="utf-8") as f:
            text = f.read()
    except (OSError, ValueError) as error:
        print(f"surface_status: {error}", file=sys.stderr)
        return 2
    missing = missing_names(surface, text)
    total = sum(len(names) for names in expected_names(surface).values())
    if missing:
        print(f"{args.doc}: {len(missing)} of {total} surface names have no status:")
        for section, name in missing:
            print(f"  {section}: {name}")
        return 1
    print(f"{args.doc}: all {total} surface names have a status")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
