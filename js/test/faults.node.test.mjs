// The fault matrix in wasm under Node (issue #26; the native one is
// TestFaultMatrix in core): one tile of every layer deleted, truncated,
// with a bit flipped, or swapped with another tile of its layer; every
// contract case then answers exactly its golden or a clean 500 saying only
// "internal error" — never a 200 other than the golden, never a path in
// the body. The tile of each layer is drawn at random (seeded, the seed is
// printed). Needs `make wasm`.
//
//   node --test js/test/faults.node.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { loadContract, repoRoot, requestInit } from "./contract-lib.mjs";
import { Bando } from "../bando.mjs";

const cf = loadContract();
const disk = Bando.dirSource(join(repoRoot, "testdata/bundle"));
const seed = Number(process.env.BANDO_FAULT_SEED ?? Date.now() % 1e9);
let state = seed;
const rand = (n) => { // xorshift32, seeded
  state ^= state << 13; state >>>= 0; state ^= state >>> 17; state ^= state << 5; state >>>= 0;
  return state % n;
};

test(`fault matrix, wasm in Node (seed ${seed}: BANDO_FAULT_SEED=${seed} repeats it)`, async () => {
  const tilesDir = join(repoRoot, "testdata/bundle/tiles");
  const layers = readdirSync(tilesDir).sort();
  assert.ok(layers.length >= 8, `layers ${layers}`);
  let runs = 0, clean500 = 0;
  const bad = [];
  for (const layer of layers) {
    const files = readdirSync(join(tilesDir, layer), { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
      .map((e) => join(e.parentPath ?? e.path, e.name).slice(tilesDir.length + 1).replaceAll("\\", "/")).sort();
    const victim = "tiles/" + files[rand(files.length)];
    const other = "tiles/" + files[(files.indexOf(victim.slice(6)) + 1) % files.length];
    for (const mode of ["delete", "truncate", "flip", "swap"]) {
      const tiles = async (path) => {
        if (mode === "swap" && path === other) return disk(victim);
        if (path !== victim) return disk(path);
        const b = new Uint8Array(await disk(path));
        if (mode === "delete") return null;
        if (mode === "truncate") return b.slice(0, b.length >> 1);
        if (mode === "flip") { b[rand(b.length)] ^= 1 << rand(8); return b; }
        return other === victim ? b : disk(other);
      };
      const bando = await Bando.open({ tiles, keyHashes: cf.keyHashes });
      for (const c of cf.cases) {
        runs++;
        const r = await bando.fetch(c.url, requestInit(c));
        const body = Buffer.from(await r.arrayBuffer());
        if (r.status === c.status && body.equals(Buffer.from(cf.goldens[c.name]))) continue;
        const text = body.toString();
        if (r.status === 500 && text.includes('"internal error"') && !text.includes("tiles/")) { clean500++; continue; }
        bad.push(`${mode} ${victim} ${c.name}: ${r.status} ${text.slice(0, 160)}`);
      }
    }
  }
  console.log(`fault matrix (wasm): ${layers.length} layers × 4 faults × ${cf.cases.length} cases = ${runs} runs: ${clean500} clean 500s, ${bad.length} bad`);
  assert.deepEqual(bad, [], bad.slice(0, 10).join("\n"));
  assert.ok(clean500 > 0, "no request failed: the faults were not hit");
});
