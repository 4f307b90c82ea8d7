// decodePolyline (js/bando.mjs): Google's documented example, the
// optimized-route goldens (polyline6 leg shapes whose maneuvers index into
// them), random round trips against a slow obvious encoder written here
// (seeded: BANDO_SEED=n to replay), and malformed strings.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { decodePolyline } from "../bando.mjs";
import { repoRoot } from "./contract-lib.mjs";

test("Google's example (precision 5)", () => {
  // developers.google.com/maps/documentation/utilities/polylinealgorithm
  assert.deepEqual(decodePolyline("_p~iF~ps|U_ulLnnqC_mqNvxq`@"), [[-120.2, 38.5], [-120.95, 40.7], [-126.453, 43.252]]);
  assert.deepEqual(decodePolyline(""), []);
});

test("optimized-route goldens: polyline6 shapes fit their maneuvers and stops", () => {
  const dir = join(repoRoot, "testdata/contract/golden");
  const files = readdirSync(dir).filter((f) => f.startsWith("or_"));
  let legs = 0;
  for (const f of files) {
    const g = JSON.parse(readFileSync(join(dir, f), "utf8"));
    const trip = (g.body ?? g).trip;
    if (!trip) continue;
    trip.legs.forEach((leg, i) => {
      const pts = decodePolyline(leg.shape, 6);
      const last = leg.maneuvers.at(-1);
      assert.equal(last.end_shape_index, pts.length - 1, `${f} leg ${i}: last maneuver ends at the last point`);
      for (const [lng, lat] of pts) assert.ok(Math.abs(lat - 21) < 1 && Math.abs(lng - 105.8) < 1, `${f}: ${lat},${lng} in Hà Nội`);
      // Each leg starts near its stop (the shape starts where the stop snaps to the road).
      const from = trip.locations[i], [lng0, lat0] = pts[0];
      assert.ok(Math.hypot(lat0 - from.lat, (lng0 - from.lon) * Math.cos((lat0 * Math.PI) / 180)) < 0.005, `${f} leg ${i} starts near stop ${i}`);
      legs++;
    });
  }
  assert.ok(legs >= 3, `legs checked: ${legs} (in ${files.length} goldens)`);
});

// The obvious encoder, straight from the algorithm's description.
function encode(points, precision) {
  const f = 10 ** precision;
  let out = "", plat = 0, plng = 0;
  const put = (v) => {
    let z = v < 0 ? -2 * v - 1 : 2 * v;
    do {
      let chunk = z % 32;
      z = Math.floor(z / 32);
      if (z > 0) chunk += 32;
      out += String.fromCharCode(chunk + 63);
    } while (z > 0);
  };
  for (const [lng, lat] of points) {
    const la = Math.round(lat * f), ln = Math.round(lng * f);
    put(la - plat);
    put(ln - plng);
    plat = la;
    plng = ln;
  }
  return out;
}

test("random round trips against the obvious encoder", (t) => {
  const seed = Number(process.env.BANDO_SEED ?? Date.now() % 1e9);
  t.diagnostic(`seed ${seed} (BANDO_SEED=${seed} to replay)`);
  let s = seed;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let n = 0; n < 500; n++) {
    const precision = n % 2 ? 6 : 5, f = 10 ** precision;
    const pts = Array.from({ length: 1 + Math.floor(rnd() * 20) }, () => [Math.round((rnd() * 360 - 180) * f) / f, Math.round((rnd() * 180 - 90) * f) / f]);
    const got = decodePolyline(encode(pts, precision), precision);
    assert.equal(got.length, pts.length);
    got.forEach(([lng, lat], i) => {
      assert.ok(Math.abs(lng - pts[i][0]) < 0.5 / f && Math.abs(lat - pts[i][1]) < 0.5 / f, `seed ${seed} case ${n} point ${i}`);
    });
  }
});

test("malformed strings throw RangeError", () => {
  for (const bad of ["_", "_p~iF~ps|U_", " ", "\u00ff\u00ff", "~~~~~~~~~~~~~~~~~~~~"]) {
    assert.throws(() => decodePolyline(bad), RangeError, JSON.stringify(bad));
  }
});
