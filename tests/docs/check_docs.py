#!/usr/bin/python3
"""The documents held to the program (issue 27's doc test).

usage: check_docs.py SOURCE_DIR PUZZLEPRESS_BINARY [CHECK...]

Checks (all by default, or the ones named):
  readme    README.md is at most 300 lines and links the spec reference from its first screen.
  links     every relative link and image in the Markdown files resolves to a file, and every
            #anchor to a heading of the file it names (GitHub's heading slugs); every path into
            the tree a document names (src/…, tests/…, examples/…; globs allowed) exists, the
            CHANGELOG's history aside.
  markdown  no C++ pasted into Markdown (```cpp blocks); each file that names ../shared says it
            is the data folder beside the repository.
  flags     every `puzzlepress SUB --flag` a document writes (code blocks and inline code) names a
            subcommand the program has and options that subcommand's --help lists.
  keys      the keys of docs/spec.md's key tables are the schema's (puzzlepress.schema.json)
            and the schema's keys are all in docs/spec.md; the spec and layout examples in
            docs/spec.md build.
  commands  every command of the README's quick start and tour and of docs/ (commands, spec, puzzles)
            examples runs (in a scratch folder holding a copy of examples/), exits as its text
            says, and prints what the document shows, timings and clue ranges aside.

Each problem is printed; the exit code is 1 when there is any.
"""
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

source_dir, binary = sys.argv[1], os.path.abspath(sys.argv[2])
selected = set(sys.argv[3:]) or {"readme", "links", "markdown", "flags", "keys", "commands"}
problems = []

# The documents a user or contributor reads (tests/browser/node_modules and build folders aside).
DOCS = ["README.md", "ARCHITECTURE.md", "CHANGELOG.md", "CONTRIBUTING.md", "docs/spec.md",
        "docs/commands.md", "docs/puzzles.md", "docs/performance.md", "fonts/README.md",
        "tests/data/README.md", "tests/fuzz/README.md"]


def read(relative):
    with open(os.path.join(source_dir, relative), encoding="utf-8") as f:
        return f.read()


def problem(where, what):
    problems.append(f"{where}: {what}")


def code_blocks(text):
    """(language, first line number, lines) of each fenced block."""
    blocks, lines = [], text.split("\n")
    i = 0
    while i < len(lines):
        m = re.match(r"^```(\S*)\s*$", lines[i])
        if m:
            start, body = i + 1, []
            i += 1
            while i < len(lines) and not lines[i].startswith("```"):
                body.append(lines[i])
                i += 1
            blocks.append((m.group(1), start + 1, body))
        i += 1
    return blocks


def prose(text):
    """The text with its fenced blocks blanked (line numbers kept)."""
    out, fenced = [], False
    for line in text.split("\n"):
        if line.startswith("```"):
            fenced = not fenced
            out.append("")
        else:
            out.append("" if fenced else line)
    return out


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[`*_]|\[([^\]]*)\]\([^)]*\)", lambda m: m.group(1) or "", heading.strip()).lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


def anchors_of(relative):
    seen, out = {}, set()
    for line in prose(read(relative)):
        m = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if m:
            s = slug(m.group(1))
            n = seen.get(s, 0)
            out.add(s if n == 0 else f"{s}-{n}")
            seen[s] = n + 1
    return out


# ---- readme ------------------------------------------------------------------------------------
def check_readme():
    lines = read("README.md").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if len(lines) > 300:
        problem("README.md", f"{len(lines)} lines; the front door holds at most 300")
    first_screen = "\n".join(lines[:40])
    if "(docs/spec.md)" not in first_screen:
        problem("README.md", "the spec reference (docs/spec.md) is not linked in its first 40 lines")


# ---- links -------------------------------------------------------------------------------------
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def check_links():
    for doc in DOCS:
        for number, line in enumerate(prose(read(doc)), 1):
            line = re.sub(r"`[^`]*`", "", line)  # inline code is not a link
            for target in LINK.findall(line):
                if re.match(r"^[a-z]+:", target):
                    continue  # https:, mailto:: not checked offline
                path, _, anchor = target.partition("#")
                resolved = os.path.normpath(os.path.join(os.path.dirname(doc), path)) if path else doc
                full = os.path.join(source_dir, resolved)
                if not os.path.exists(full):
                    problem(f"{doc}:{number}", f"link to {target}: {resolved} does not exist")
                    continue
                if anchor:
                    if not resolved.endswith(".md"):
                        problem(f"{doc}:{number}", f"link to {target}: an anchor into a file that is not Markdown")
                    elif anchor not in anchors_of(resolved):
                        problem(f"{doc}:{number}", f"link to {target}: {resolved} has no heading '#{anchor}'")
    check_paths()


# A path into the source tree, as documents write them: src/book/make/, tests/cli/*.cpp, .ci/run;
# or inside src/, as ARCHITECTURE.md writes them: book/make/plan.*, render/pdf/paint.cpp.
TREE_PATH = re.compile(r"(?<![\w./-])((?:src|tests|bench|examples|layouts|fonts|locales|man|completions|docs|cmake|"
                       r"\.ci|engine|book|render|cli|util)/[\w.*/+-]*[\w*/])")


def check_paths():
    for doc in DOCS:
        if doc == "CHANGELOG.md":
            continue  # history names what was
        for number, line in enumerate(read(doc).split("\n"), 1):
            for path in TREE_PATH.findall(line):
                inside_src = path.split("/")[0] in ("engine", "book", "render", "cli", "util")
                if not glob.glob(os.path.join(source_dir, "src" if inside_src else "", path.rstrip("/"))):
                    problem(f"{doc}:{number}", f"names {path}, which does not exist")


# ---- markdown ----------------------------------------------------------------------------------
def check_markdown():
    for doc in DOCS:
        text = read(doc)
        for language, start, _ in code_blocks(text):
            if language.lower() in ("cpp", "c++", "cc", "c", "cxx", "h", "hpp"):
                problem(f"{doc}:{start - 1}", f"a ```{language} block: code lives in files (bench/, src/), not in Markdown")
        if "../shared" in text and "beside the repository" not in " ".join(text.split()):
            problem(doc, "names ../shared without saying it is the data folder beside the repository")


# ---- flags -------------------------------------------------------------------------------------
def run(args, **kw):
    return subprocess.run([binary] + args, capture_output=True, text=True, **kw)


def cli_options():
    """{subcommand: set of its options} from the program's --help."""
    top = run(["--help"]).stdout
    subs = re.findall(r"^  ([a-z]+) ", top[top.index("Subcommands:"):], re.M)
    out = {}
    for sub in subs:
        text = run([sub, "--help"]).stdout
        names = set()
        for line in text[text.index("Options:"):].split("\n"):
            m = re.match(r"^  (-\S+)", line)
            if m:
                names.update(n for n in m.group(1).split(",") if n.startswith("-"))
        out[sub] = names
    return out


def command_lines(doc):
    """(line number, command text) of every `puzzlepress …` a document writes."""
    text = read(doc)
    out = []
    for language, start, body in code_blocks(text):
        # Shell blocks hold commands; other blocks commands after "$ " and what they print.
        start_of_command = r"(?:^|\| |&& )" if language == "sh" else r"^\$ (?:.*(?:\| |&& ))?"
        for offset, line in enumerate(body):
            m = re.search(start_of_command + r"(?:\S*/)?(puzzlepress \S.*)$", line)
            if m:
                out.append((start + offset, m.group(1)))
    for number, line in enumerate(prose(text), 1):
        for code in re.findall(r"`([^`]+)`", line):
            if code.startswith("puzzlepress "):
                out.append((number, code))
    return out


def check_flags():
    options = cli_options()
    for doc in DOCS:
        for number, command in command_lines(doc):
            command = command.split(" #")[0].strip()
            words = command.split()
            if len(words) < 2 or words[1] in ("--version", "--help", "-h") or words[1].isupper():
                continue  # the program's own options, or a placeholder (SUBCOMMAND)
            sub = words[1]
            if sub not in options:
                problem(f"{doc}:{number}", f"`{command}`: puzzlepress has no subcommand '{sub}'")
                continue
            for word in words[2:]:
                if word in ("|", "&&", ">", "2>&1") or word.startswith(">"):
                    break
                flag = word.split("=")[0]
                if re.match(r"^--?[a-z]", flag) and flag not in options[sub] | {"-h", "--help"}:
                    problem(f"{doc}:{number}", f"`{command}`: {sub} has no option {flag}")


# ---- keys --------------------------------------------------------------------------------------
def schema_keys():
    import json
    with open(os.path.join(source_dir, "puzzlepress.schema.json")) as f:
        schema = json.load(f)
    out = set()

    def walk(node, prefix):
        for key, sub in node.get("properties", {}).items():
            out.add(prefix + key)
            if prefix + key != "text":  # text's ids are the locale's (locales/en.yaml)
                walk(sub, prefix + key + ".")
        if isinstance(node.get("items"), dict):
            walk(node["items"], prefix[:-1] + "[].")
        for alternative in node.get("oneOf", []) + node.get("anyOf", []):
            walk(alternative, prefix)

    walk(schema, "")
    return out


def table_rows(text, header):
    """The rows (lists of cells) of the Markdown table whose header row starts with `header`."""
    lines = prose(text)
    for i, line in enumerate(lines):
        if line.startswith(header):
            rows = []
            for row in lines[i + 2:]:
                if not row.startswith("|"):
                    break
                rows.append([cell.strip() for cell in row.strip("|").split(" | ")])
            return rows
    return []


def check_keys():
    text = read("docs/spec.md")
    documented = {}  # key -> the meaning cell of its row
    keys_table = table_rows(text, "| key | default | meaning |")
    cover_table = table_rows(text, "| `cover:` key | default | meaning |")
    if not keys_table or not cover_table:
        problem("docs/spec.md", "the key table or the cover: key table is missing")
    for rows, prefix in ((keys_table, ""), (cover_table, "cover.")):
        for cells in rows:
            for key in re.findall(r"`([^`]+)`", cells[0]):
                documented[prefix + key] = cells[-1]
    schema = schema_keys()
    for key in sorted(set(documented) - schema):
        problem("docs/spec.md", f"documents the key '{key}', which the schema does not have")
    for key in sorted(schema - set(documented)):
        if any(d.startswith((key + ".", key + "[].")) for d in documented):
            continue  # documented by its sub-keys' rows (solutions.per_page)
        # A sub-key may be named, in backticks, in its parent's row (puzzles: `grade`, `count`).
        parent, _, name = re.sub(r"\[\]\.", ".", key).rpartition(".")
        parent_row = documented.get(parent) or documented.get(parent + "[]", "")
        if not re.search(rf"`{re.escape(name)}`", parent_row):
            problem("docs/spec.md", f"the schema's key '{key}' is not documented")

    # The examples build: the key example (given a font of ours for its my-serif.ttf) and the
    # layout file, on a small book.
    yaml_blocks = [body for language, _, body in code_blocks(text) if language == "yaml"]
    spec = next((b for b in yaml_blocks if b and b[0].startswith("title:")), None)
    layout = next((b for b in yaml_blocks if b and b[0].startswith("description:")), None)
    with tempfile.TemporaryDirectory(prefix="puzzlepress-docs-") as scratch:
        if spec is None:
            problem("docs/spec.md", "no spec example (a ```yaml block starting with title:)")
        else:
            with open(os.path.join(scratch, "example.yaml"), "w") as f:
                f.write("\n".join(spec) + "\n")
            fonts = [f for f in sorted(os.listdir(os.path.join(source_dir, "fonts"))) if f.endswith(".ttf")]
            shutil.copy(os.path.join(source_dir, "fonts", fonts[0]), os.path.join(scratch, "my-serif.ttf"))
            r = run(["build", "example.yaml", "--quiet"], cwd=scratch)
            if r.returncode != 0:
                problem("docs/spec.md: the key example", f"does not build (exit {r.returncode}): {r.stderr.strip()}")
        if layout is None:
            problem("docs/spec.md", "no layout example (a ```yaml block starting with description:)")
        else:
            with open(os.path.join(scratch, "layout.yaml"), "w") as f:
                f.write("\n".join(layout) + "\n")
            with open(os.path.join(scratch, "small.yaml"), "w") as f:
                f.write("title: T\nauthor: A\nseed: 1\ntrim: 6x9\nlayout: layout.yaml\n"
                        "puzzles: [{ grade: easy, count: 8 }]\n")
            r = run(["build", "small.yaml", "--quiet"], cwd=scratch)
            if r.returncode != 0:
                problem("docs/spec.md: the layout example", f"does not build (exit {r.returncode}): {r.stderr.strip()}")


# ---- commands ----------------------------------------------------------------------------------
# Commands the documents show that this test does not run (by subcommand or whole command),
# each with its reason.
NOT_RUN = {
    "studio": "serves until interrupted (tests/cli/studio_server_test.cpp and the browser test run it)",
    "bench": "a benchmark of minutes; its flags are checked above",
    "puzzlepress preflight someone-elses.pdf --trim 6x9":
        "a PDF made elsewhere, with the problems shown (tests/book/check/preflight_test.cpp makes them)",
}


def normalise(line):
    """A printed line with what varies from run to run masked: times, memory, clue ranges."""
    line = re.sub(r"built in [0-9.]+ s, peak memory \d+ MiB", "built in T", line)
    return re.sub(r"clues \d+(-\d+)?", "clues N", line.rstrip())


def examples_to_run(doc):
    """(line, command, shown output lines or None, exit code expected) in document order."""
    out = []
    for language, start, body in code_blocks(read(doc)):
        if language in ("sh", ""):
            i = 0
            while i < len(body):
                line = body[i]
                shown = None
                if language == "" and line.startswith("$ puzzlepress "):
                    command, shown = line[2:], []
                    while i + 1 < len(body) and not body[i + 1].startswith("$ "):
                        i += 1
                        shown.append(body[i])
                elif language == "sh" and line.startswith("puzzlepress "):
                    command = line
                else:
                    i += 1
                    continue
                command = re.sub(r"\s+#.*$", "", command)
                failing = shown is not None and any(s.startswith("puzzlepress: ") for s in shown)
                out.append((start + i, command, shown, 2 if failing else None))
                i += 1
    return out


def check_commands():
    with tempfile.TemporaryDirectory(prefix="puzzlepress-docs-") as scratch:
        bindir = os.path.join(scratch, "bin")
        os.mkdir(bindir)
        os.symlink(binary, os.path.join(bindir, "puzzlepress"))
        env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get("PATH", ""))

        # The quick start: its one command ends by building an example with the program at the
        # path the build folder gives it; the paragraph after it says what that writes.
        readme = read("README.md")
        quick = next((line for language, _, body in code_blocks(readme) if language == "sh"
                      for line in body if line.startswith(".ci/deps")), None)
        if quick is None:
            problem("README.md", "no quick start command starting with .ci/deps")
        else:
            if not binary.endswith("/src/cli/puzzlepress"):
                problem("tests/docs", f"the binary {binary} is not at build/src/cli/puzzlepress")
            m = re.search(r"\./build/src/cli/(puzzlepress build (\S+).*)$", quick)
            if not m or not os.path.exists(os.path.join(source_dir, m.group(2))):
                problem("README.md: quick start", f"does not end by building an example that exists: {quick}")
            else:
                work = os.path.join(scratch, "quick")
                shutil.copytree(os.path.join(source_dir, "examples"), os.path.join(work, "examples"))
                r = subprocess.run(m.group(1), shell=True, cwd=work, env=env, capture_output=True, text=True)
                said = readme[readme.index(quick):][:1200]
                if r.returncode != 0:
                    problem("README.md: quick start", f"`{m.group(1)}` exits {r.returncode}: {r.stderr.strip()}")
                for claim in re.findall(r"(\d+ pages, \d+ puzzles|[0-9.]+ x [0-9.]+ in|spine [0-9.]+ in)", said):
                    pages = re.match(r"(\d+) pages, (\d+) puzzles", claim)
                    wanted = f"{pages.group(1)} pages" if pages else claim
                    if wanted not in r.stdout or (pages and f"{pages.group(2)} puzzles" not in r.stdout):
                        problem("README.md: quick start", f"says '{claim}' but the build prints:\n{r.stdout}")
                for name in re.findall(r"`([\w.-]+\.(?:pdf|json))`", said[:800]):
                    if not os.path.exists(os.path.join(work, name)):
                        problem("README.md: quick start", f"says it writes {name}, which the build did not write")

        for doc in ("README.md", "docs/commands.md", "docs/spec.md", "docs/puzzles.md"):
            work = os.path.join(scratch, doc.replace("/", "-"))
            shutil.copytree(os.path.join(source_dir, "examples"), os.path.join(work, "examples"))
            for number, command, shown, exit_expected in examples_to_run(doc):
                where = f"{doc}:{number}"
                reason = NOT_RUN.get(command) or NOT_RUN.get(command.split()[1])
                if reason:
                    print(f"not run: {where}: `{command}`: {reason}")
                    continue
                r = subprocess.run(command, shell=True, cwd=work, env=env, capture_output=True, text=True,
                                   stdin=subprocess.DEVNULL, timeout=300)
                if exit_expected is None and r.returncode != 0:
                    problem(where, f"`{command}` exits {r.returncode}: {r.stderr.strip()[:500]}")
                    continue
                if exit_expected is not None and r.returncode != exit_expected:
                    problem(where, f"`{command}` exits {r.returncode}, the document shows exit {exit_expected}")
                compared = [line for line in (shown or []) if line.strip() not in ("...", "…")]
                print(f"ran: {where}: `{command}`" + (f", its output compared" if compared else ""))
                if not shown:
                    continue
                printed = [normalise(line) for line in (r.stdout + r.stderr).split("\n")]
                # What the document shows, in order, up to an elision (… or ...).
                position = 0
                for line in shown:
                    if line.strip() in ("...", "…"):
                        break
                    wanted = normalise(line)
                    try:
                        position = printed.index(wanted, position) + 1
                    except ValueError:
                        problem(where, f"`{command}` does not print '{line}'; it prints:\n" + "\n".join(printed))
                        break


CHECKS = {"readme": check_readme, "links": check_links, "markdown": check_markdown, "flags": check_flags,
          "keys": check_keys, "commands": check_commands}
for name in sorted(selected):
    if name not in CHECKS:
        sys.exit(f"unknown check '{name}' (one of {', '.join(CHECKS)})")
    CHECKS[name]()
for p in problems:
    print(p)
print(f"{len(problems)} problems" if problems else "OK: " + ", ".join(sorted(selected)))
sys.exit(1 if problems else 0)
