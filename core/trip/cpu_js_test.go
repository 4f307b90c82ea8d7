//go:build js

package trip

import (
	"syscall/js"
	"time"
)

// processCPU is Node's process.cpuUsage() (user + system): the benchmarks
// report it beside wall time because the machine is shared.
func processCPU() time.Duration {
	u := js.Global().Get("process").Call("cpuUsage")
	return time.Duration(u.Get("user").Float()+u.Get("system").Float()) * time.Microsecond
}
