// manifest.mjs — internal to the package (not in package.json "exports"):
// manifest.json turned into the Go core's open option `manifest`.

/**
 * manifestParts(bytes) → Go's open option `manifest`: manifest.json
 * without its tiles, and the tiles as the parts of the engine's table
 * (tile.TableFromParts: keys concatenated in ascending order, their end
 * offsets, sizes, raw SHA-256s; u32s little-endian). The JSON (1.8 MB for
 * the 14,366 tiles of Hà Nội + TP.HCM) is parsed here and never copied into
 * Go, whose wasm memory keeps its peak for good. null when the document is
 * not one the builder writes in every respect checked here: Go then reads
 * manifest.json itself and reports what is wrong, as before.
 */
export function manifestParts(bytes) {
  let doc;
  try {
    doc = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  const isMap = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
  if (!isMap(doc) || !isMap(doc.tiles)) return null;
  if (Object.keys(doc).some((k) => k !== "tiles" && k.toLowerCase() === "tiles")) return null; // encoding/json matches names in any case
  const tiles = doc.tiles;
  const keys = Object.keys(tiles).sort(); // ASCII (checked below): UTF-16 order is byte order
  const n = keys.length;
  const ends = new DataView(new ArrayBuffer(4 * n)), sizes = new DataView(new ArrayBuffer(4 * n));
  const sums = new Uint8Array(32 * n);
  let end = 0;
  for (let i = 0; i < n; i++) {
    const k = keys[i], e = tiles[k];
    if (!/^[\x20-\x7e]+$/.test(k) || !isMap(e) || !Number.isInteger(e.size) || e.size < 0 || e.size > 0xffffffff) return null;
    if (typeof e.sha256 !== "string" || !/^[0-9a-f]{64}$/.test(e.sha256)) return null;
    end += k.length;
    ends.setUint32(4 * i, end, true);
    sizes.setUint32(4 * i, e.size, true);
    for (let j = 0; j < 32; j++) sums[32 * i + j] = parseInt(e.sha256.substr(2 * j, 2), 16);
  }
  delete doc.tiles;
  const enc = new TextEncoder();
  return {
    rest: enc.encode(JSON.stringify(doc)),
    keys: enc.encode(keys.join("")),
    ends: new Uint8Array(ends.buffer),
    sizes: new Uint8Array(sizes.buffer),
    sums,
  };
}
