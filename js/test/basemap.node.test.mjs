// js/basemap.mjs (the JavaScript archive reader) against the Go core: every
// tile of the fixture's archives, read by byte range in JS, equals what
// /v1/tiles answers through the wasm core. Also corrupt archives are
// refused with ArchiveError, never a crash. Needs `make wasm`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Bando } from "../bando.mjs";
import { openArchive, openArchiveBytes, archiveKey, ArchiveError } from "../basemap.mjs";
import { repoRoot } from "./contract-lib.mjs";

const dir = join(repoRoot, "testdata/bundle");
const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));

test("JS archive reader = Go /v1/tiles, tile by tile", async () => {
  const bando = await Bando.open({ tiles: dir });
  const index = JSON.parse(readFileSync(join(dir, "tiles/basemap/index.mp"), "utf8"));
  let n = 0, reads = 0;
  for (const a of index.archives) {
    const bytes = readFileSync(join(dir, `tiles/${a.key}.mp`));
    const arch = await openArchive(async (o, l) => { reads++; return bytes.subarray(o, o + l); }, bytes.byteLength);
    assert.equal(arch.count, a.tiles);
    for (const [z, x, y] of arch.tiles()) {
      assert.equal(archiveKey(manifest, z, x, y), a.key, `${z}/${x}/${y} lives in ${a.key}`);
      const js = await arch.tile(z, x, y);
      assert.deepEqual(new Uint8Array(js), await bando.tile(z, x, y), `${z}/${x}/${y}`);
      n++;
    }
    assert.equal(await arch.tile(3, 0, 0), null);
  }
  assert.ok(n >= 10, `${n} tiles compared`);
  assert.ok(reads >= 2);
});

test("corrupt archives are refused", async () => {
  const bytes = readFileSync(join(dir, "tiles/basemap/0/0/0.mp"));
  for (const [name, mut] of [["magic", (b) => { b[0] = 0; }], ["count", (b) => { b[15] = 0x7f; }], ["range", (b) => { b[16 + 12 + 3] = 0x7f; }]]) {
    const b = new Uint8Array(bytes);
    mut(b);
    await assert.rejects(openArchiveBytes(b), ArchiveError, name);
  }
  // random bytes never crash
  let seed = Number(process.env.BANDO_SEED ?? Date.now() % 1e9);
  console.log(`seed ${seed}`);
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let i = 0; i < 300; i++) {
    const b = new Uint8Array(bytes.subarray(0, 16 + Math.floor(rnd() * 200)));
    for (let j = 0; j < 4; j++) b[Math.floor(rnd() * b.length)] = Math.floor(rnd() * 256);
    try { await openArchiveBytes(b); } catch (e) { assert.ok(e instanceof ArchiveError, String(e)); }
  }
});
