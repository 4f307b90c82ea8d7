// basemap.mjs — reads bando basemap archives (core/basemap/FORMAT.md v1) by
// byte range, without the wasm core: header (16 bytes), directory (16·n
// bytes), then one tile. read(offset, length) → Promise<Uint8Array> may be
// an HTTP Range request, a slice of cached bytes, or a file read.

const MAGIC = "BANDOMVT";
const HEADER = 16, ENTRY = 16;

export class ArchiveError extends Error {
  constructor(msg) { super(`bando basemap archive: ${msg}`); this.name = "ArchiveError"; }
}

/** Tile id as the archive sorts it: z << 58 | x << 29 | y (a BigInt). */
export function tileId(z, x, y) { return (BigInt(z) << 58n) | (BigInt(x) << 29n) | BigInt(y); }

/** Open an archive of `size` bytes read through read(offset, length). */
export async function openArchive(read, size) {
  if (size < HEADER) throw new ArchiveError(`${size} bytes`);
  const h = await read(0, HEADER);
  const hv = new DataView(h.buffer, h.byteOffset, h.byteLength);
  if (new TextDecoder().decode(h.subarray(0, 8)) !== MAGIC) throw new ArchiveError("bad magic");
  if (hv.getUint16(8, true) < 1) throw new ArchiveError(`version ${hv.getUint16(8, true)}`); // any v ≥ 1 (SPEC §6)
  const n = hv.getUint32(12, true);
  if (n > Math.floor((size - HEADER) / ENTRY)) throw new ArchiveError(`${n} entries do not fit in ${size} bytes`);
  const dir = await read(HEADER, n * ENTRY);
  const dv = new DataView(dir.buffer, dir.byteOffset, dir.byteLength);
  const dataOff = HEADER + n * ENTRY, dataSize = size - dataOff;
  const ids = new BigUint64Array(n), off = new Uint32Array(n), len = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    ids[i] = dv.getBigUint64(i * ENTRY, true);
    off[i] = dv.getUint32(i * ENTRY + 8, true);
    len[i] = dv.getUint32(i * ENTRY + 12, true);
    const z = Number(ids[i] >> 58n), x = Number((ids[i] >> 29n) & 0x1fffffffn), y = Number(ids[i] & 0x1fffffffn);
    if (z > 24 || x >= 2 ** z || y >= 2 ** z || tileId(z, x, y) !== ids[i]) throw new ArchiveError(`entry ${i}: bad tile id`);
    if (i > 0 && ids[i] <= ids[i - 1]) throw new ArchiveError(`entry ${i}: ids not ascending`);
    if (off[i] + len[i] > dataSize) throw new ArchiveError(`entry ${i}: beyond the data`);
  }
  return {
    count: n,
    /** Every tile the archive holds, as [z, x, y], in directory order. */
    tiles() {
      return Array.from(ids, (id) => [Number(id >> 58n), Number((id >> 29n) & 0x1fffffffn), Number(id & 0x1fffffffn)]);
    },
    /** The bytes of tile z/x/y, or null when the archive does not hold it. */
    async tile(z, x, y) {
      const id = tileId(z, x, y);
      let lo = 0, hi = n;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (ids[mid] < id) lo = mid + 1; else hi = mid;
      }
      if (lo === n || ids[lo] !== id) return null;
      return len[lo] === 0 ? new Uint8Array(0) : read(dataOff + off[lo], len[lo]);
    },
  };
}

/** Open an archive held in memory. */
export function openArchiveBytes(bytes) {
  return openArchive(async (o, l) => bytes.subarray(o, o + l), bytes.byteLength);
}

/**
 * The key of the archive holding z/x/y: its deepest ancestor (or itself)
 * listed in the manifest (FORMAT.md §3); null when none is.
 */
export function archiveKey(manifest, z, x, y) {
  for (let az = z; az >= 0; az--) {
    const k = `basemap/${az}/${x >> (z - az)}/${y >> (z - az)}`;
    if (manifest.tiles?.[k]) return k; // (a packed bundle lists no tiles here: bando.tile reads it)
  }
  return null;
}
