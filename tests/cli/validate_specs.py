#!/usr/bin/python3
"""Validates book specs against the shipped JSON Schema with Debian's python3-jsonschema, as an
editor would: every example, and the starter spec `puzzlepress init` writes (each kind), must
be valid; a spec with an unknown key, a wrong choice or an out-of-range integer must not.

usage: validate_specs.py SCHEMA EXAMPLES_DIR PUZZLEPRESS_BINARY
"""
import copy
import glob
import os
import subprocess
import sys
import tempfile

import jsonschema
import yaml

schema_path, examples_dir, binary = sys.argv[1:4]
with open(schema_path) as f:
    schema = yaml.safe_load(f)  # JSON is YAML
jsonschema.Draft7Validator.check_schema(schema)
validator = jsonschema.Draft7Validator(schema)
problems = []


def check(name, spec, valid):
    errors = sorted(validator.iter_errors(spec), key=str)
    if valid and errors:
        problems.append(f"{name}: should be valid: " + "; ".join(e.message for e in errors))
    if not valid and not errors:
        problems.append(f"{name}: should be refused by the schema")


def load(path):
    with open(path) as f:
        text = f.read()
    if not text.startswith("# yaml-language-server: $schema="):
        problems.append(f"{path}: does not start with the yaml-language-server line")
    return yaml.safe_load(text)


examples = sorted(glob.glob(os.path.join(examples_dir, "*.yaml")))
if len(examples) < 4:
    problems.append(f"only {len(examples)} examples found in {examples_dir}")
for path in examples:
    check(os.path.basename(path), load(path), True)

with tempfile.TemporaryDirectory() as folder:
    for flags in ([], ["--kids"], ["--large-print"], ["--trim", "6x9", "--layout", "four-up"]):
        path = os.path.join(folder, "starter%d.yaml" % len(os.listdir(folder)))
        run = subprocess.run([binary, "init", path, "--seed", "3"] + flags, capture_output=True, text=True)
        if run.returncode != 0:
            problems.append(f"init {' '.join(flags)}: exit {run.returncode}: {run.stderr}")
            continue
        starter = load(path)
        check(f"init {' '.join(flags)}", starter, True)

    base = load(examples[0])
    typo = copy.deepcopy(base)
    typo["titel"] = typo.pop("title")
    check("a misspelt top-level key", typo, False)
    nested = copy.deepcopy(base)
    nested["puzzles"][0]["grades"] = "easy"
    check("an unknown key in a section", nested, False)
    grade = copy.deepcopy(base)
    grade["puzzles"][0]["grade"] = "impossible"
    check("an unknown grade", grade, False)
    year = copy.deepcopy(base)
    year["year"] = 0
    check("year 0", year, False)
    colour = copy.deepcopy(base)
    colour["cover"] = {"background": "blue"}
    check("a colour that is not #rrggbb", colour, False)
    missing = copy.deepcopy(base)
    del missing["seed"]
    check("a spec without its seed", missing, False)

for p in problems:
    print(p)
print(f"{len(examples)} examples and 4 starter specs checked against {schema_path}: "
      + ("FAILED" if problems else "ok"))
sys.exit(1 if problems else 0)
