// Package google is the Google response shape (API.md §1, §3): predictions,
// the status and forcodes answers, and the Google-shape error body. Types
// write their own JSON (AppendJSON).
package google
