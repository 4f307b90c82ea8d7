// Package trip orders stops to minimise total cost over a cost matrix: the
// first stop stays first and the last stays last (or, in round-trip mode, the
// tour starts and ends at stop 0). It is exact (Held–Karp) up to ExactMaxStops
// stops and a seeded, work-bounded iterated local search beyond; it also
// parses the Valhalla optimized_route request and TSPLIB matrices. It knows
// nothing of roads: it imports no graph or routing package.
package trip
