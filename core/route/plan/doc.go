// Package plan answers directions, matrices and trips over the routing engine.
package plan
