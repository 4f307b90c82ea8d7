// Every recorded /v1/direction answer (the contract goldens with status 200
// and the Google Directions body) is checked against Google's published
// Directions typings from npm (@types/google.maps) with `tsc --noEmit`:
// js/test/types/directions-rest.ts derives the REST form from them (the
// mapping is explained there). Deliberately wrong answers must fail.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync, copyFileSync, readFileSync, readdirSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot } from "./contract-lib.mjs";

const js = join(repoRoot, "js");
const tsc = join(js, "node_modules/.bin/tsc");
const golden = join(repoRoot, "testdata/contract/golden");

// recorded answers: contract goldens of /v1/direction that are Directions bodies
function recorded() {
  const out = {};
  for (const f of readdirSync(golden).sort()) {
    if (!f.startsWith("direction-")) continue;
    const body = JSON.parse(readFileSync(join(golden, f), "utf8"));
    if ("routes" in body) out[f] = body;
  }
  return out;
}

// check writes a project checking the answers and returns tsc's result
function check(answers) {
  const dir = mkdtempSync(join(tmpdir(), "bando-directions-ts-"));
  copyFileSync(join(js, "test/types/directions-rest.ts"), join(dir, "directions-rest.ts"));
  const lines = ['import type { DirectionsREST } from "./directions-rest";'];
  for (const [name, body] of Object.entries(answers)) {
    lines.push(`// ${name}`, `export const a${lines.length} = ${JSON.stringify(body, null, 1)} satisfies DirectionsREST;`);
  }
  writeFileSync(join(dir, "recorded.ts"), lines.join("\n") + "\n");
  const cfg = JSON.parse(readFileSync(join(js, "test/types/tsconfig.directions.json"), "utf8"));
  cfg.compilerOptions.typeRoots = [join(js, "node_modules/@types")];
  cfg.files = ["recorded.ts"];
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(cfg));
  return spawnSync(tsc, ["-p", dir], { encoding: "utf8" });
}

test("recorded /v1/direction answers satisfy Google's Directions typings", () => {
  assert.ok(existsSync(tsc) && existsSync(join(js, "node_modules/@types/google.maps")), "run `make js-deps` first");
  const answers = recorded();
  const n = Object.keys(answers).length;
  const routed = Object.values(answers).filter((a) => a.routes.length > 0).length;
  assert.ok(n >= 5 && routed >= 4, `${n} recorded answers, ${routed} with routes`);
  const r = check(answers);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  console.log(`${n} recorded answers (${routed} with routes) type-check`);
});

test("wrong answers do not type-check", () => {
  const [, body] = Object.entries(recorded()).find(([, a]) => a.routes.length > 0);
  const wrong = (f) => {
    const b = structuredClone(body);
    f(b.routes[0], b.routes[0].legs[0].steps[0]);
    return b;
  };
  const r = check({
    travelMode: wrong((_, s) => { s.travel_mode = "CAR"; }),
    noInstructions: wrong((_, s) => { delete s.html_instructions; }),
    lon: wrong((rt) => { rt.bounds.northeast = { lat: 1, lon: 2 }; }),
    polylineString: wrong((rt) => { rt.overview_polyline = "abc"; }),
  });
  assert.notEqual(r.status, 0);
  for (const want of [/"CAR"/, /html_instructions/, /lon/, /DirectionsPolyline/]) assert.match(r.stdout, want);
});
