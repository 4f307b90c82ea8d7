// Package admin is the administrative lookup engine: "which province,
// district and ward is this point in?" for both Vietnamese structures (new:
// province + ward since 1 July 2025; old: province + district + ward),
// reading only the admin/ grid tile around the point (format v1,
// FORMAT.md) through the store's one decoded-tile cache; Names gives what
// the API layer enriches results with.
package admin
