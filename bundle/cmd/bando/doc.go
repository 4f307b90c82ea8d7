// Command bando builds tile bundles from OpenStreetMap and administrative
// data (`bando build`) and serves the /v1 API from one natively (`bando serve`).
package main
