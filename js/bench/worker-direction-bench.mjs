// Worker CPU of /v1/direction on a real bundle (issue #12): 20 seeded car
// pairs drawn in central Hà Nội (kept when they answer OK; alternatives on,
// the default), measured as worker-route-lib.mjs says.
//
//   node js/bench/worker-direction-bench.mjs --bundle build/bench/dir-hn [--build worker/build] [--n 100] [--repeats 3]
import { bench, KEY } from "./worker-route-lib.mjs";

await bench({
  title: "/v1/direction (car, alternatives on)", script: "worker-direction-bench.mjs", seed: 12, count: 20, what: "pairs",
  draw: (r) => {
    const p = () => `${(20.98 + 0.08 * r()).toFixed(6)},${(105.78 + 0.1 * r()).toFixed(6)}`;
    return `/v1/direction?origin=${p()}&destination=${p()}&apikey=${KEY}`;
  },
  keep: (res) => res.status === 200 && JSON.parse(res.body).status === "OK",
});
