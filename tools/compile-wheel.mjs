// Byte-compile a pure-Python wheel with Pyodide itself (same interpreter, same bytecode magic),
// so the browser does not compile the engine's modules on every start (measured: importing
// meldtable.api takes about 4x less time from .pyc; see docs/performance.md). Run by build.py:
//
//   node tools/compile-wheel.mjs <dir with pyodide.mjs, pyodide.asm.*, python_stdlib.zip,
//                                 pyodide-lock.json> <input wheel> <output wheel> <python tag>
//
// Every .py member becomes an unchecked hash-based .pyc (PEP 552) at the same place (module.pyc,
// which Python imports when no module.py is present), compiled without module and function
// docstrings (nothing in the engine reads them; asserts stay) and without column ranges, which
// makes the .pyc files a third smaller. Class docstrings stay: a dataclass without one gets a
// generated __doc__ from inspect.signature at import (measured: import meldtable.api 45 -> 25 ms
// under Node with them kept, for 3.8 KB more wheel). METADATA keeps its header fields but not
// the long description (the README, 4.8 KB deflated; the page only zipimports this wheel, it is
// never installed). Other members are copied; the WHEEL tag becomes <python tag>-none-any and
// RECORD, when the input has one, is rewritten with the new files' hashes (the page's wheel has none: build.py page_wheel). Members are deflated at level 9.
// The source form (what the page loads) is indented by one space a level, not four.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dir, input, output, tag, form = "pyc"] = process.argv.slice(2);
if (!dir || !input || !output || !tag || !["pyc", "source"].includes(form)) {
  console.error("usage: node compile-wheel.mjs <pyodide dir> <input wheel> <output wheel> <python tag> [pyc|source]");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.resolve(dir, "pyodide.mjs")).href);
// No column ranges in the code objects (as python -X no_debug_ranges): about 25 % smaller
// .pyc files; tracebacks keep their line numbers.
const pyodide = await loadPyodide({ indexURL: path.resolve(dir) + path.sep, env: { PYTHONNODEBUGRANGES: "1" } });
pyodide.FS.mkdirTree("/in");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: fs.realpathSync(path.dirname(path.resolve(input))) }, "/in");
pyodide.FS.mkdirTree("/out");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: fs.realpathSync(path.dirname(path.resolve(output))) }, "/out");
pyodide.globals.set("SRC", "/in/" + path.basename(input));
pyodide.globals.set("OUT", "/out/" + path.basename(output));
pyodide.globals.set("TAG", tag);
pyodide.globals.set("FORM", form);
pyodide.runPython(`
import ast, base64, hashlib, importlib.util, re, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

probe = compile("x = 1", "probe", "exec")
assert all(column is None for _, _, column, _ in probe.co_positions()), "PYTHONNODEBUGRANGES was not applied"

class StripDocstrings(ast.NodeTransformer):
    def generic_visit(self, node):
        super().generic_visit(node)
        body = getattr(node, "body", None)
        if (isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef))
                and body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.copy_location(ast.Pass(), body[0])]
        return node

def _is_text(stmt):
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str)

class StripAllTexts(StripDocstrings):
    """For the source form: also the strings that document attributes (a string statement after an
    assignment: a no-op), and class docstrings, except that a decorated class (a dataclass) keeps
    a one-character one, so that dataclass does not build one from inspect.signature at import."""
    def generic_visit(self, node):
        super().generic_visit(node)
        body = getattr(node, "body", None)
        if isinstance(body, list) and body:
            first = body[0] if isinstance(node, ast.ClassDef) and _is_text(body[0]) else None
            kept = [s for s in body if not _is_text(s)]
            if first is not None and node.decorator_list:
                first.value.value = "."
                kept.insert(0, first)
            node.body = kept or [ast.copy_location(ast.Pass(), body[0])]
        return node

class StripAnnotations(ast.NodeTransformer):
    """For the source form: the annotations Python never evaluates (the engine's modules use
    \`from __future__ import annotations\` and nothing reads them at run time): those of
    parameters and return values, and of names in functions and at module level (\`x: T = v\`
    becomes \`x = v\`). Class bodies keep theirs: they declare dataclass and NamedTuple fields."""
    def visit_ClassDef(self, node):
        for stmt in node.body:  # the class's own statements keep their annotations
            if not isinstance(stmt, ast.AnnAssign):
                self.visit(stmt)
        for dec in node.decorator_list + node.bases + node.keywords:
            self.visit(dec)
        return node
    def _function(self, node):
        node.returns = None
        args = node.args
        for a in args.posonlyargs + args.args + args.kwonlyargs + [args.vararg, args.kwarg]:
            if a is not None:
                a.annotation = None
        self.generic_visit(node)
        return node
    visit_FunctionDef = visit_AsyncFunctionDef = _function
    def visit_AnnAssign(self, node):
        if node.value is None:
            return None if node.simple else ast.copy_location(ast.Expr(node.target), node)
        return ast.copy_location(ast.Assign(targets=[node.target], value=node.value), node)

class StripTypingOnly(ast.NodeTransformer):
    """For the source form: code that only the type checker reads (session 15, 1.3 KB): \`if
    TYPE_CHECKING:\` blocks (never run; an \`else:\` is kept in their place), module-level
    \`__all__\` lists (the engine has no star imports) and \`cast(T, x)\` where \`cast\` is
    typing's (it returns x)."""
    def visit_Module(self, node):
        self.cast = any(isinstance(s, ast.ImportFrom) and s.module == "typing"
                        and any(a.name == "cast" and a.asname is None for a in s.names) for s in node.body)
        node.body = [s for s in node.body if not (isinstance(s, ast.Assign) and len(s.targets) == 1
                     and isinstance(s.targets[0], ast.Name) and s.targets[0].id == "__all__")]
        node = self.generic_visit(node)
        # then the names imported from typing and collections.abc that nothing names any more
        # (a name a class annotation still uses stays: dataclass looks ClassVar up there)
        used = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
        used |= {word for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)
                 for word in re.findall(r"\\w+", n.value)}  # a string annotation ("ClassVar[int]")
        body = []
        for stmt in node.body:
            if isinstance(stmt, ast.ImportFrom) and stmt.module in ("typing", "collections.abc") and not stmt.level:
                stmt.names = [a for a in stmt.names if (a.asname or a.name) in used]
                if not stmt.names:
                    continue
            body.append(stmt)
        node.body = body
        return node
    def generic_visit(self, node):
        super().generic_visit(node)
        for field in ("body", "orelse", "finalbody", "handlers"):
            stmts = getattr(node, field, None)
            if isinstance(stmts, list):
                flat = []
                for stmt in stmts:
                    flat.extend(stmt if isinstance(stmt, list) else [stmt])
                setattr(node, field, flat)
        if isinstance(getattr(node, "body", None), list) and not node.body and not isinstance(node, ast.Module):
            node.body = [ast.Pass()]
        return node
    def visit_If(self, node):
        test = node.test
        if ((isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
                or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")):
            return [self.visit(s) for s in node.orelse]
        return self.generic_visit(node)
    def visit_Call(self, node):
        self.generic_visit(node)
        if (self.cast and isinstance(node.func, ast.Name) and node.func.id == "cast"
                and len(node.args) == 2 and not node.keywords):
            return node.args[1]
        return node

def one_space(text):
    """ast.unparse's text with one space per indentation level instead of four: 3.5 KB less
    wheel (session 15). Kept as it is where that would change the module (a line inside a
    multi-line string starting with spaces): the two must parse to the same tree."""
    lines = [" " * ((len(l) - len(l.lstrip(" "))) // 4) + l.lstrip(" ") for l in text.split("\\n")]
    packed = "\\n".join(lines)
    return packed if ast.dump(ast.parse(packed)) == ast.dump(ast.parse(text)) else text

def record_hash(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()

members = []  # (ZipInfo, data)
record_name = None  # the page's wheel comes without RECORD (build.py page_wheel); then none is written
with zipfile.ZipFile(SRC) as zin:
    for info in zin.infolist():
        data = zin.read(info)
        name = info.filename
        if name.endswith(".py"):
            tree = (StripAllTexts() if FORM == "source" else StripDocstrings()).visit(ast.parse(data, name))
            if FORM == "source":
                tree = ast.fix_missing_locations(StripTypingOnly().visit(StripAnnotations().visit(tree)))
            if FORM == "source":
                data = one_space(ast.unparse(tree) + "\\n").encode()
                compile(data, name, "exec", dont_inherit=True)  # what Python will read must compile
            else:
                code = compile(tree, name, "exec", dont_inherit=True)
                data = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
                name += "c"
        elif name.endswith(".dist-info/METADATA"):
            data = data.split(b"\\n\\n", 1)[0] + b"\\n"
        elif name.endswith(".dist-info/WHEEL"):
            lines = [l for l in data.decode().splitlines() if not l.startswith("Tag:")]
            data = ("\\n".join(lines) + f"\\nTag: {TAG}-none-any\\n").encode()
        elif name.endswith(".dist-info/RECORD"):
            record_name = name
            continue
        member = zipfile.ZipInfo(name, date_time=info.date_time)
        member.compress_type = zipfile.ZIP_DEFLATED
        member.external_attr = info.external_attr
        members.append((member, data))
if record_name:
    record = "".join(f"{m.filename},{record_hash(d)},{len(d)}\\n" for m, d in members) + f"{record_name},,\\n"
    record_info = zipfile.ZipInfo(record_name, date_time=members[0][0].date_time)
    record_info.compress_type = zipfile.ZIP_DEFLATED
    members.append((record_info, record.encode()))
with zipfile.ZipFile(OUT, "w") as zout:
    for member, data in members:
        zout.writestr(member, data, compresslevel=9)
print(f"{'byte-compiled' if FORM == 'pyc' else 'minified'} {sum(m.filename.endswith(('.py', '.pyc')) for m, _ in members)} modules into {OUT}")
`);
