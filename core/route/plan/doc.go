// Package plan answers directions, matrices and trips over the routing
// engine — snapping, paths, legs and guidance — for the API layer to
// enrich and shape; it never imports shapes or the API layer.
package plan
