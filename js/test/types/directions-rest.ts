// Google's published Directions typings (@types/google.maps) describe the
// Maps JavaScript API's DirectionsResult, which the JS library builds from
// the Directions REST answer; /v1/direction answers in the REST form. The
// REST types below are derived from the published ones field by field, so
// a change in Google's typings of a shared field breaks this check:
//
//   JS API (google.maps.*)                 REST answer (checked here)
//   DirectionsStep.instructions: string    html_instructions: string
//   *.start_location / end_location: LatLng  LatLngLiteral {lat, lng}
//   DirectionsRoute.bounds: LatLngBounds   {northeast, southwest}: LatLngLiteral
//   DirectionsRoute.overview_polyline: string   DirectionsPolyline {points}
//   DirectionsLeg.via_waypoints: LatLng[]  via_waypoint: LatLngLiteral[]
//   distance?, duration? (optional in JS)   always present (Distance, Duration)
//   overview_path, path, lat_lngs, start_point… (JS-computed)   absent
//   —                                      status: DirectionsStatus
//   DirectionsGeocodedWaypoint             + geocoder_status ("OK" | "ZERO_RESULTS")
//
// Shared fields are taken with Pick from google.maps (distance, duration,
// maneuver, travel_mode — TravelModeString includes TWO_WHEELER — polyline,
// addresses, copyrights, summary, warnings, waypoint_order,
// traffic_speed_entry). Recorded answers are checked with `satisfies`, so
// a missing, extra or mistyped field fails to compile.

type LatLngREST = google.maps.LatLngLiteral;

export type StepREST = Required<Pick<google.maps.DirectionsStep, "distance" | "duration" | "maneuver" | "travel_mode" | "polyline">> & {
  html_instructions: google.maps.DirectionsStep["instructions"];
  start_location: LatLngREST;
  end_location: LatLngREST;
};

export type LegREST = Required<Pick<google.maps.DirectionsLeg, "distance" | "duration" | "start_address" | "end_address" | "traffic_speed_entry">> & {
  start_location: LatLngREST;
  end_location: LatLngREST;
  steps: StepREST[];
  via_waypoint: LatLngREST[];
};

export type RouteREST = Pick<google.maps.DirectionsRoute, "copyrights" | "summary" | "warnings" | "waypoint_order"> & {
  bounds: { northeast: LatLngREST; southwest: LatLngREST };
  legs: LegREST[];
  overview_polyline: google.maps.DirectionsPolyline;
};

export type DirectionsREST = {
  geocoded_waypoints: (google.maps.DirectionsGeocodedWaypoint & { geocoder_status: "OK" | "ZERO_RESULTS" })[];
  routes: RouteREST[];
  status: google.maps.DirectionsStatusString;
};
