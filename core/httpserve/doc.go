// Package httpserve adapts a core.Engine to net/http, for the native server
// and the Worker; core itself stays free of net/http.
package httpserve
