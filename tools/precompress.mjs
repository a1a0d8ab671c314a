// Write <file>.br (brotli, quality 11, window as large as the file needs) next to each file
// given, with Node's own zlib (Python's standard library has no brotli; build.py writes the
// .gz copies itself: Node's gzip -9 came out 1 % larger than Python's for the .wasm). Run by
// build.py --precompress, for hosts that send such copies to browsers that accept them.
//
//   node tools/precompress.mjs <file> ...
import fs from "node:fs";
import zlib from "node:zlib";

const files = process.argv.slice(2);
for (const file of files) {
  const data = fs.readFileSync(file);
  const lgwin = Math.min(24, Math.max(16, Math.ceil(Math.log2(data.length + 1))));
  const br = zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_LGWIN]: lgwin,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  fs.writeFileSync(file + ".br", br);
  console.log(`${file}: ${data.length} bytes, br ${br.length}`);
}
