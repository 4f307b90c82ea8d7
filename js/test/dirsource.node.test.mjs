// Bando.open({tiles: dir}) in Node reads tiles synchronously into one
// reused buffer and checks each against the manifest's size and SHA-256
// with node:crypto (js/bando.mjs verifyingReader): a tile changed on disk
// (same size other bytes, or longer) fails only the requests that need
// it, with the API's 500 and no path; a deleted one the same; other
// requests keep their answers. Needs `make wasm`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, appendFileSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Bando } from "../bando.mjs";
import { repoRoot } from "./contract-lib.mjs";

const fixture = join(repoRoot, "testdata/bundle");

async function answers(b) {
  const out = {};
  for (const path of ["/v1/autocomplete?text=pho", "/v1/place?ids=n1003", "/v1/forcodes/encode?lat=21.0285&lng=105.8542", "/v1/status"]) {
    const r = await b.fetch(path, { method: path.includes("forcodes") ? "POST" : "GET" });
    out[path] = { status: r.status, text: await r.text() };
  }
  return out;
}

test("a directory's tiles are verified in JavaScript: changed, longer or deleted tiles fail their requests only", async () => {
  const good = await answers(await Bando.open({ tiles: fixture }));
  for (const [path, a] of Object.entries(good)) assert.equal(a.status, 200, `${path}: ${a.text}`);
  for (const damage of ["flip", "append", "delete"]) {
    const dir = mkdtempSync(join(tmpdir(), "bando-dir-"));
    try {
      cpSync(fixture, dir, { recursive: true });
      for (const layer of ["sx", "pid"]) {
        for (const f of readdirSync(join(dir, "tiles", layer))) {
          const p = join(dir, "tiles", layer, f);
          if (damage === "delete") { unlinkSync(p); continue; }
          if (damage === "append") { appendFileSync(p, Buffer.from([0])); continue; }
          const b = readFileSync(p);
          for (let i = 0; i < b.length; i += 3) b[i] ^= 0x5a;
          writeFileSync(p, b);
        }
      }
      const got = await answers(await Bando.open({ tiles: dir }));
      for (const path of ["/v1/autocomplete?text=pho", "/v1/place?ids=n1003"]) {
        assert.equal(got[path].status, 500, `${damage} ${path}: ${got[path].text}`);
        assert.equal(JSON.parse(got[path].text).message, "internal error");
        assert.ok(!got[path].text.includes("tiles/"), "a 500 shows no tile path");
      }
      for (const path of ["/v1/forcodes/encode?lat=21.0285&lng=105.8542", "/v1/status"]) {
        assert.deepEqual(got[path], good[path], `${damage} ${path}`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
});
