// Byte-compile Pyodide's python_stdlib.zip with Pyodide itself (same interpreter, same
// bytecode magic), so the browser does not compile ~200 stdlib modules on every start
// (measured: loadPyodide about 5 s -> 2 s on a 2-core machine). Run by build.py:
//
//   node tools/compile-stdlib.mjs <dir with pyodide.mjs, pyodide.asm.*, python_stdlib.zip,
//                                  pyodide-lock.json> <output zip path>
//
// Every .py member becomes an unchecked hash-based .pyc (PEP 552) with the same name + "c";
// other members are copied. Modules that fail to compile keep their source.
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dir, out] = process.argv.slice(2);
if (!dir || !out) {
  console.error("usage: node compile-stdlib.mjs <pyodide dir> <output zip>");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.resolve(dir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.resolve(dir) + path.sep });
pyodide.FS.mkdirTree("/out");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.dirname(path.resolve(out)) }, "/out");
pyodide.globals.set("OUT", "/out/" + path.basename(out));
pyodide.runPython(`
import importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

source_zip = next(p for p in sys.path if p.endswith(".zip"))
compiled = kept = 0
with zipfile.ZipFile(source_zip) as zin, zipfile.ZipFile(OUT, "w", zipfile.ZIP_DEFLATED) as zout:
    for info in zin.infolist():
        data = zin.read(info)
        if info.filename.endswith(".py"):
            try:
                code = compile(data, f"{source_zip}/{info.filename}", "exec", dont_inherit=True)
            except SyntaxError as exc:
                print(f"keeping source of {info.filename}: {exc}")
            else:
                pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
                member = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
                member.compress_type = zipfile.ZIP_DEFLATED
                zout.writestr(member, bytes(pyc))
                compiled += 1
                continue
            kept += 1
        zout.writestr(info, data)
print(f"compiled {compiled} modules of {source_zip} ({kept} kept as source)")
`);
