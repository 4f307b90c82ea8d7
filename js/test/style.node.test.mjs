// style.mjs: the style validates against the MapLibre style specification
// with and without labels, in both languages, and names only the fonts the
// package's glyphs hold and only icons its sprite holds (js/dist, made by
// `make mapkit`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { validateStyleMin } from "@maplibre/maplibre-gl-style-spec";
import { style } from "../style.mjs";
import { repoRoot } from "./contract-lib.mjs";

const dist = join(repoRoot, "js/dist");

test("the style validates, with and without glyphs, in vi and en", () => {
  for (const opts of [{}, { glyphs: "https://x/glyphs/{fontstack}/{range}.pbf", sprite: "https://x/sprite" }, { glyphs: "https://x/{fontstack}/{range}.pbf", sprite: "https://x/sprite", language: "en", structure: "old" }]) {
    const s = style({ tiles: "bando://{z}/{x}/{y}", ...opts });
    const errs = validateStyleMin(s);
    assert.deepEqual(errs.map((e) => e.message), [], JSON.stringify(opts));
    const ids = s.layers.map((l) => l.id);
    assert.equal(new Set(ids).size, ids.length, "layer ids unique");
    if (opts.glyphs) for (const id of ["label-road", "label-place", "pois", "housenumbers"]) assert.ok(ids.includes(id), id);
    else assert.ok(!s.layers.some((l) => l.type === "symbol"), "no text without glyphs");
  }
});

test("fonts and icons the style names are in js/dist", () => {
  if (!existsSync(join(dist, "sprite.json"))) assert.fail("js/dist/sprite.json missing: run make mapkit");
  const s = style({ tiles: "x", glyphs: "https://x/{fontstack}/{range}.pbf", sprite: "https://x/sprite" });
  const fonts = new Set(JSON.stringify(s.layers).match(/Noto Sans [A-Za-z]+/g));
  for (const f of fonts) {
    for (const r of ["0-255", "256-511", "7680-7935"]) assert.ok(existsSync(join(dist, "glyphs", f, `${r}.pbf`)), `${f} ${r}`);
  }
  const sprite = JSON.parse(readFileSync(join(dist, "sprite.json"), "utf8"));
  const sprite2 = JSON.parse(readFileSync(join(dist, "sprite@2x.json"), "utf8"));
  assert.deepEqual(Object.keys(sprite2).sort(), Object.keys(sprite).sort());
  for (const c of ["restaurant", "cafe", "lodging", "hospital", "shop", "bank", "school", "place-of-worship"]) assert.ok(sprite[c], c);
  assert.equal(sprite.cafe.pixelRatio, 1);
  assert.equal(sprite2.cafe.pixelRatio, 2);
});
