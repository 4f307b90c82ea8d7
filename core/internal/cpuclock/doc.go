// Package cpuclock measures the CPU time benchmarks spend per operation:
// the calling thread's CPU clock natively (Linux), the Node process's CPU
// usage under wasm, wall-clock time elsewhere. On a shared machine
// wall-clock tails measure the other jobs; a Worker's budget is CPU.
package cpuclock
