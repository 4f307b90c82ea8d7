// Worker CPU of /v1/optimized-route on a real bundle (issue #13): 8 seeded
// trips of --stops stops drawn in central Hà Nội (the Go benchmark's box,
// kept when they answer 200), measured as worker-route-lib.mjs says.
//
//   node js/bench/worker-trip-bench.mjs --bundle build/bench/trip-hn [--build worker/build] [--stops 10] [--n 100] [--repeats 3]
import { bench, opt, KEY } from "./worker-route-lib.mjs";

const STOPS = Number(opt("stops", 10));

await bench({
  title: `/v1/optimized-route with ${STOPS} stops`, script: "worker-trip-bench.mjs", seed: 13 + STOPS, count: 8, what: "trips",
  draw: (r) => {
    const locations = Array.from({ length: STOPS }, () => ({ lat: +(20.98 + 0.08 * r()).toFixed(6), lon: +(105.78 + 0.1 * r()).toFixed(6) }));
    return `/v1/optimized-route?json=${encodeURIComponent(JSON.stringify({ locations, costing: "auto" }))}&apikey=${KEY}`;
  },
  keep: (res) => res.status === 200,
});
