//go:build js && wasm

// Command floor is the smallest Go program in wasm: the memory a Go
// runtime costs in Node before any work (floor.mjs measures it).
package main

import "syscall/js"

func main() {
	js.Global().Set("floorReady", true)
	select {}
}
