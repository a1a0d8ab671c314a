// Byte-compile Pyodide's python_stdlib.zip with Pyodide itself (same interpreter, same
// bytecode magic), so the browser does not compile ~150 stdlib modules on every start
// (measured: loadPyodide about 5 s -> 2 s on a 2-core machine). Run by build.py:
//
//   node tools/compile-stdlib.mjs <dir with pyodide.mjs, pyodide.asm.*, python_stdlib.zip,
//                                  pyodide-lock.json> <output zip path>
//
// Every .py member becomes an unchecked hash-based .pyc (PEP 552) with the same name + "c",
// compiled like the engine's wheel (tools/compile-wheel.mjs) without column ranges (as
// python -X no_debug_ranges; tracebacks keep their line numbers) and without docstrings, except
// those of decorated classes (a dataclass without one builds one with inspect.signature when
// it is created). The standard library supports running without docstrings (python -OO).
// Measured on the modules a start imports: 1155 KB with docstrings and column ranges, 965 KB
// without (docs/performance.md, "Page load"). Each code object's line table then says only the
// line of its `def` (or `class`, or 1 for a module's own code): the shipped library has no
// sources to show, so a traceback through it names the file, the function and the line where
// that function starts, instead of the line inside it (warnings, logging and tracebacks all get
// a line number as before). The exact tables were 138 KB of the 826 KB of deflated .pyc files
// that a start imports; these take 23 KB (session 15, issue #16's 5 MB). Other members are
// copied; modules that fail to compile keep their source. Members are deflated at level 9.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dir, out] = process.argv.slice(2);
if (!dir || !out) {
  console.error("usage: node compile-stdlib.mjs <pyodide dir> <output zip>");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.resolve(dir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.resolve(dir) + path.sep, env: { PYTHONNODEBUGRANGES: "1" } });
pyodide.FS.mkdirTree("/out");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: fs.realpathSync(path.dirname(path.resolve(out))) }, "/out");
pyodide.globals.set("OUT", "/out/" + path.basename(out));
pyodide.runPython(`
import ast, importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

probe = compile("x = 1", "probe", "exec")
assert all(column is None for _, _, column, _ in probe.co_positions()), "PYTHONNODEBUGRANGES was not applied"

class StripDocstrings(ast.NodeTransformer):
    def generic_visit(self, node):
        super().generic_visit(node)
        body = getattr(node, "body", None)
        if (isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                and not (isinstance(node, ast.ClassDef) and node.decorator_list)
                and body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.copy_location(ast.Pass(), body[0])]
        return node

# One "no column" entry (PEP 626's location table, Objects/locations.md: code 13) per 8 code
# units, each with a line delta of 0 from co_firstlineno.
def function_lines(code):
    n = len(code.co_code) // 2
    table = bytes([0x80 | (13 << 3) | 7, 0]) * (n // 8) + (bytes([0x80 | (13 << 3) | (n % 8 - 1), 0]) if n % 8 else b"")
    consts = tuple(function_lines(c) if isinstance(c, type(code)) else c for c in code.co_consts)
    return code.replace(co_linetable=table, co_consts=consts)

source_zip = next(p for p in sys.path if p.endswith(".zip"))
compiled = kept = 0
with zipfile.ZipFile(source_zip) as zin, zipfile.ZipFile(OUT, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
    for info in zin.infolist():
        data = zin.read(info)
        if info.filename.endswith(".py"):
            name = f"{source_zip}/{info.filename}"
            try:
                code = function_lines(compile(StripDocstrings().visit(ast.parse(data, name)), name, "exec", dont_inherit=True))
            except SyntaxError as exc:
                print(f"keeping source of {info.filename}: {exc}")
            else:
                pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
                member = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
                member.compress_type = zipfile.ZIP_DEFLATED
                zout.writestr(member, bytes(pyc), compresslevel=9)
                compiled += 1
                continue
            kept += 1
        zout.writestr(info, data, compresslevel=9)
print(f"compiled {compiled} modules of {source_zip} ({kept} kept as source)")
`);
