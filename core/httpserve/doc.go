// Package httpserve adapts a core.Engine to net/http: Handler for the
// Worker, Server for the native `bando serve` (the /v1 API, the demo page,
// and the JSON 404 for every other or unclean path); core itself stays free
// of net/http.
package httpserve
