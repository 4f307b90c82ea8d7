// Package search is the search engine: it finds and ranks the places that
// match typed text, reading search tiles through the store's one cache.
// Today it holds the prefix search of autocomplete (prefix.go); the ranked
// search of the search work replaces it. It never imports the API layer.
package search
