// QR codes of invitations and reply codes (docs/multiplayer.md, "Joining"): made with the npm
// package qrcode-generator (vendored at build time as vendor/qrcode-generator.mjs by
// tools/npm_vendor.py), drawn as one SVG path; read with the browser's BarcodeDetector where it
// has one (paste works everywhere).
//
//   const svg = qrSvg(invite.url, {label: "Invitation for seat 3"});  // an <svg> element
//   if (canScan()) text = await scanQr(videoElement);                 // null when none seen

// @ts-expect-error the build writes this module next to the page (tools/npm_vendor.py): not in web/
import qrcode from "../vendor/qrcode-generator.mjs";

const SVG = "http://www.w3.org/2000/svg";

/**
 * The dark modules of the QR code of `text` (byte mode, error correction `ecc`, the smallest
 * version that holds it).
 * @param {string} text
 * @param {"L" | "M" | "Q" | "H"} [ecc]
 * @returns {{size: number, dark: (row: number, col: number) => boolean}}
 */
export function qrMatrix(text, ecc = "L") {
  const qr = qrcode(0, ecc);
  qr.addData(unescape(encodeURIComponent(text)), "Byte"); // UTF-8 bytes as the library expects
  qr.make();
  return { size: qr.getModuleCount(), dark: (r, c) => qr.isDark(r, c) };
}

/**
 * The SVG path data drawing the dark modules, one unit per module, offset by `margin`.
 * @param {string} text
 * @param {{ecc?: "L" | "M" | "Q" | "H", margin?: number}} [options]
 * @returns {{d: string, size: number}} size: the side in modules, quiet zone included
 */
export function qrPath(text, { ecc = "L", margin = 4 } = {}) {
  const { size, dark } = qrMatrix(text, ecc);
  let d = "";
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) if (dark(r, c)) d += `M${c + margin} ${r + margin}h1v1h-1z`;
  }
  return { d, size: size + 2 * margin };
}

/**
 * An <svg> element showing the QR code of `text` (black on white, a quiet zone of `margin`
 * modules, scalable: size it with CSS). Built with DOM calls, no markup parsed.
 * @param {string} text
 * @param {{ecc?: "L" | "M" | "Q" | "H", margin?: number, label?: string}} [options] label: its accessible name
 * @returns {SVGSVGElement}
 */
export function qrSvg(text, { ecc = "L", margin = 4, label = "" } = {}) {
  const { d, size } = qrPath(text, { ecc, margin });
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.setAttribute("role", "img");
  if (label) svg.setAttribute("aria-label", label);
  const back = document.createElementNS(SVG, "rect");
  back.setAttribute("width", String(size));
  back.setAttribute("height", String(size));
  back.setAttribute("fill", "#fff");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", d);
  path.setAttribute("fill", "#000");
  svg.append(back, path);
  return svg;
}

/** Whether this browser can read QR codes from the camera (BarcodeDetector with "qr_code"). */
export async function canScan() {
  if (typeof globalThis.BarcodeDetector !== "function") return false;
  try {
    const formats = await globalThis.BarcodeDetector.getSupportedFormats();
    return formats.includes("qr_code");
  } catch (_) {
    return false;
  }
}

/**
 * The text of the first QR code seen in `source` (a <video> playing the camera, an <img>, a
 * canvas or an ImageBitmap), or null when none is seen or the browser cannot read codes.
 */
export async function scanQr(source) {
  if (!(await canScan())) return null;
  try {
    const found = await new globalThis.BarcodeDetector({ formats: ["qr_code"] }).detect(source);
    return found.length ? String(found[0].rawValue) : null;
  } catch (_) {
    return null;
  }
}
