// Package guidance turns a route leg (search.Leg: edges with names, classes,
// flags and geometry) into maneuvers a driver follows: depart, turns classed
// by angle, forks, ramps, merges, roundabouts with exit counts, ferries,
// name changes and the arrival; it knows neither languages nor response
// shapes (package narrative phrases maneuvers, core/shape/* writes them).
package guidance
