// Package access decides who may call /v1 and counts what they use (API.md
// §2): API keys kept as SHA-256 hashes and compared in constant time,
// revocation, per-key rate limits and daily quotas, autocomplete sessions
// (sessiontoken) and billable units. It does no I/O of its own: keys and
// usage come from a KeySource and a Usage the runtime provides (a key file
// natively, KV and a Durable Object in the Worker).
package access
