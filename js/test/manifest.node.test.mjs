// js/bando.mjs parses manifest.json itself and hands Go its tile table as
// parts (manifestParts → wasm open option `manifest` → tile.TableFromParts):
// the parts hold exactly the manifest's entries; a document it does not
// read in every respect gives null (Go then reads the JSON itself); and an
// engine opened either way answers the same, and refuses a corrupt
// manifest with the same error. Needs `make wasm`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Bando } from "../bando.mjs";
import { manifestParts } from "../manifest.mjs";
import { repoRoot } from "./contract-lib.mjs";

const fixture = join(repoRoot, "testdata/bundle");
const manifestText = readFileSync(join(fixture, "manifest.json"), "utf8");
const enc = new TextEncoder();
const hex = (b) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");

test("the parts are the manifest's entries, in key order, and the rest is the manifest without them", () => {
  const doc = JSON.parse(manifestText);
  const p = manifestParts(enc.encode(manifestText));
  assert.ok(p, "the sample manifest is read");
  const keys = Object.keys(doc.tiles).sort();
  const ends = new DataView(p.ends.buffer, p.ends.byteOffset, p.ends.byteLength);
  const sizes = new DataView(p.sizes.buffer, p.sizes.byteOffset, p.sizes.byteLength);
  assert.equal(p.ends.byteLength, 4 * keys.length);
  assert.equal(p.sums.byteLength, 32 * keys.length);
  const allKeys = new TextDecoder().decode(p.keys);
  let start = 0;
  for (let i = 0; i < keys.length; i++) {
    const end = ends.getUint32(4 * i, true);
    assert.equal(allKeys.slice(start, end), keys[i]);
    assert.equal(sizes.getUint32(4 * i, true), doc.tiles[keys[i]].size);
    assert.equal(hex(p.sums.subarray(32 * i, 32 * i + 32)), doc.tiles[keys[i]].sha256);
    start = end;
  }
  assert.equal(start, allKeys.length);
  const rest = JSON.parse(new TextDecoder().decode(p.rest));
  delete doc.tiles;
  assert.deepEqual(rest, doc);
});

test("a document not read in every respect gives null", () => {
  const h = "ab".repeat(32);
  const withTiles = (tiles, more = {}) => enc.encode(JSON.stringify({ format: "bando-tiles", ...more, tiles }));
  const bad = {
    "not JSON": enc.encode("{"),
    "not UTF-8": new Uint8Array([0x7b, 0xff, 0x7d]),
    "an array": enc.encode("[]"),
    "tiles an array": withTiles([]),
    "tiles null": withTiles(null),
    "entry without sha256": withTiles({ a: { size: 1 } }),
    "upper-case hex": withTiles({ a: { size: 1, sha256: h.toUpperCase() } }),
    "short hex": withTiles({ a: { size: 1, sha256: h.slice(1) } }),
    "size not an integer": withTiles({ a: { size: 1.5, sha256: h } }),
    "size negative": withTiles({ a: { size: -1, sha256: h } }),
    "size 2^32": withTiles({ a: { size: 2 ** 32, sha256: h } }),
    "size a string": withTiles({ a: { size: "1", sha256: h } }),
    "non-ASCII key": withTiles({ "ả": { size: 1, sha256: h } }),
    "tiles twice in another case": withTiles({ a: { size: 1, sha256: h } }, { Tiles: {} }),
  };
  for (const [name, bytes] of Object.entries(bad)) assert.equal(manifestParts(bytes), null, name);
  assert.ok(manifestParts(withTiles({ b: { size: 2 ** 32 - 1, sha256: h }, a: { size: 0, sha256: h } })), "a good one");
});

test("an engine opened with the parts answers as one that read the JSON", async () => {
  const paths = ["/v1/status", "/v1/autocomplete?text=pho", "/v1/place?ids=n1003", "/v1/reverse?latlng=21.0285,105.8542", "/v1/tiles/nope"];
  const answers = async (opts) => {
    const b = await Bando.open({ tiles: fixture, ...opts });
    const out = [];
    for (const p of paths) {
      const r = await b.fetch(p);
      out.push([p, r.status, await r.text()]);
    }
    return out;
  };
  const parts = await answers({});
  const json = await answers({ manifestParts: false });
  assert.deepEqual(parts, json);
  assert.equal(parts[0][1], 200);
  assert.match(parts[0][2], /OpenStreetMap/);
});

test("a corrupt manifest is refused the same way either way", async () => {
  const h = "ab".repeat(32);
  const doc = JSON.parse(manifestText);
  const cases = {
    "a bad key": (d) => { d.tiles["Bad"] = { size: 1, sha256: h }; },
    "another format": (d) => { d.format = "other"; },
    "a newer reader": (d) => { d.min_reader_version = 99; },
  };
  for (const [name, damage] of Object.entries(cases)) {
    const dir = mkdtempSync(join(tmpdir(), "bando-manifest-"));
    try {
      cpSync(fixture, dir, { recursive: true });
      const d = structuredClone(doc);
      damage(d);
      writeFileSync(join(dir, "manifest.json"), JSON.stringify(d));
      const errs = [];
      for (const opts of [{}, { manifestParts: false }]) {
        errs.push(await Bando.open({ tiles: dir, ...opts }).then(() => "opened", (e) => String(e.message ?? e)));
      }
      assert.notEqual(errs[0], "opened", name);
      assert.equal(errs[0], errs[1], name);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
});
