// The memory a Go wasm module costs in Node once instantiated and running,
// before it does anything (run with node --expose-gc): RSS and V8 heap +
// external around WebAssembly.instantiate and go.run, after two gc().
//   GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w" -o build/bench/floor.wasm ./js/bench/search-peers/floor
//   node --expose-gc js/bench/search-peers/floor/floor.mjs build/bench/floor.wasm js/dist/bando.wasm
// (bando.wasm, without Bando.open's boot hook, prints a line and waits.)
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";

if (process.argv.length > 3) { // each module in its own process
  for (const f of process.argv.slice(2)) process.stdout.write(execFileSync(process.execPath, ["--expose-gc", process.argv[1], f]));
  process.exit(0);
}
const goroot = execFileSync("go", ["env", "GOROOT"], { encoding: "utf8" }).trim();
await import(join(goroot, "lib/wasm/wasm_exec.js"));
const mem = () => { gc(); gc(); const m = process.memoryUsage(); return { rss: m.rss, he: m.heapUsed + m.external }; };
const bytes = readFileSync(process.argv[2]);
const before = mem();
const go = new globalThis.Go();
const { instance } = await WebAssembly.instantiate(bytes, go.importObject);
go.run(instance);
await new Promise((r) => setTimeout(r, 200));
const after = mem();
console.log(`${process.argv[2]}: module ${(bytes.length / 2 ** 20).toFixed(1)} MB; RSS +${((after.rss - before.rss) / 2 ** 20).toFixed(1)} MB; heap+external +${((after.he - before.he) / 2 ** 20).toFixed(1)} MB`);
process.exit(0);
