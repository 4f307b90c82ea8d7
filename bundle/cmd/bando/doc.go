// Command bando builds tile bundles from OpenStreetMap and administrative
// data (`bando build`) and serves the /v1 API from one natively (`bando
// serve`); `bando help` lists every command (cli.go: the command table,
// help and exit statuses).
package main
