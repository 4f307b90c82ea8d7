//go:build js && wasm

package cpuclock

import (
	"syscall/js"
	"time"
)

var cpuUsage = js.Global().Get("process").Get("cpuUsage")

// Now returns the CPU time the Node process has used (user + system,
// every thread: in steady state the wasm thread, plus V8's own). Wall-clock
// tails on a shared machine measure the other jobs; a Worker's budget is CPU.
func Now() time.Duration {
	if cpuUsage.IsUndefined() {
		return 0
	}
	u := cpuUsage.Invoke()
	return time.Duration(u.Get("user").Float()+u.Get("system").Float()) * time.Microsecond
}

func Lock()   {}
func Unlock() {}
