// What a workerd process costs, read from /proc (shared by the workerd
// benchmarks): CPU per thread, resident memory; and the median they quote.
import { readdirSync, readFileSync } from "node:fs";

// threadNs: nanoseconds on the CPU of each thread of pid
// (/proc/<pid>/task/*/schedstat: time actually run, not time waiting for a
// core on a loaded machine).
export function threadNs(pid) {
  const out = new Map();
  for (const t of readdirSync(`/proc/${pid}/task`)) {
    try { out.set(t, Number(readFileSync(`/proc/${pid}/task/${t}/schedstat`, "utf8").split(" ")[0])); } catch {}
  }
  return out;
}

// sum of a threadNs map: the process's CPU.
export const sum = (m) => [...m.values()].reduce((a, b) => a + b, 0);

// busiest: the most CPU one thread spent between two threadNs samples (the
// isolate's thread, for a request).
export function busiest(a, b) {
  let best = 0;
  for (const [t, v] of b) best = Math.max(best, v - (a.get(t) ?? 0));
  return best;
}

// rssMB: the process's resident memory, MiB.
export const rssMB = (pid) => Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)[1]) / 1024;

export const median = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };
