// Copy of $(go env GOROOT)/lib/wasm/wasm_exec_node.js (Go 1.26) whose import
// object also provides "h3math" for builds with -tags jsmath. Started by
// go_js_wasm_exec_h3math; loads wasm_exec.js from $H3PORT_GOROOT.
"use strict";

if (process.argv.length < 3) {
	console.error("usage: go_js_wasm_exec_h3math [wasm binary] [arguments]");
	process.exit(1);
}

globalThis.require = require;
globalThis.fs = require("fs");
globalThis.path = require("path");
globalThis.TextEncoder = require("util").TextEncoder;
globalThis.TextDecoder = require("util").TextDecoder;

globalThis.performance ??= require("performance");

globalThis.crypto ??= require("crypto");

require(path.join(process.env.H3PORT_GOROOT, "lib", "wasm", "wasm_exec.js"));

const go = new Go();
go.argv = process.argv.slice(2);
go.env = Object.assign({ TMPDIR: require("os").tmpdir() }, process.env);
go.exit = process.exit;
const importObject = {
	...go.importObject,
	h3math: {
		sin: Math.sin, cos: Math.cos, tan: Math.tan,
		atan: Math.atan, atan2: Math.atan2, asin: Math.asin, acos: Math.acos,
	},
};
WebAssembly.instantiate(fs.readFileSync(process.argv[2]), importObject).then((result) => {
	process.on("exit", (code) => { // Node.js exits if no event handler is pending
		if (code === 0 && !go.exited) {
			// deadlock, make Go print error and stack traces
			go._pendingEvent = { id: 0 };
			go._resume();
		}
	});
	return go.run(result.instance);
}).catch((err) => {
	console.error(err);
	process.exit(1);
});
