// Type declarations of the bando package (bando.mjs, offline.mjs, style.mjs,
// basemap.mjs). Requests and responses follow the /v1 API reference (docs/API.md of the
// bando repository); section numbers below refer to it. Coordinates: Google shapes {lat, lng}, Pelias
// GeoJSON [lon, lat], Valhalla {lat, lon}.

/** A point as the typed methods accept it: "lat,lng", [lat, lng] or {lat, lng}. */
export type LatLngInput = string | [number, number] | { lat: number; lng: number } | { lat: number; lon: number };
export interface LatLng { lat: number; lng: number }
export interface LatLon { lat: number; lon: number }
/** Google status words (API.md §1, error table). */
export type GoogleStatus = "OK" | "ZERO_RESULTS" | "NOT_FOUND" | "INVALID_REQUEST" | "REQUEST_DENIED"
  | "OVER_QUERY_LIMIT" | "UNKNOWN_ERROR" | "INVALID_FORCODES";

/** Parameters every endpoint accepts (§1, §2, §4). */
export interface CommonParams {
  /** The new (34-province) structure instead of the old one (§4). */
  admin_v2?: boolean;
  /** UUID v4 grouping autocomplete calls and a /place call into one session (§2). */
  sessiontoken?: string;
  /** Needed when the engine was opened with keyHashes, as over HTTP. */
  apikey?: string;
}

// ---- Pelias shape (§3.10) ----
export interface PeliasProperties {
  name: string; housenumber: string | null; street: string | null; short_address: string;
  postalcode: string | null; label: string; country: string; country_code: string; continent: string;
  category: string[] | null; website: string | null;
  /** Periods [[day, hour, minute], [day, hour, minute]] (§3.10); a flattened string in /nearby. */
  opening_hours: [[number, number, number], [number, number, number]][] | string | null;
  opening_hours_v2: string | null; phone: string | null;
  region: string; county: string; locality: string;
  /** Metres from the reference point, null without one. */
  distance: number | null;
  id: string; has_child?: boolean; sid?: string; source?: string;
  [extra: string]: unknown;
}
export interface PeliasFeature {
  type: "Feature";
  geometry: { type: "Point"; coordinates: [number, number] };
  properties: PeliasProperties;
}
export interface PeliasCollection {
  type: "FeatureCollection";
  features: PeliasFeature[];
  bbox: [number, number, number, number] | [];
  errors: string[] | null;
}

// ---- Google shapes ----
export interface MatchedSubstring { length: number; offset: number }
export interface Prediction {
  description: string; distance_meters: number | null; matched_substrings: MatchedSubstring[]; place_id: string;
  structured_formatting: { main_text: string; main_text_matched_substrings: MatchedSubstring[]; secondary_text: string; secondary_text_matched_substrings?: MatchedSubstring[] };
  terms: { offset: number; value: string }[]; types: string[]; has_child: boolean;
}
export interface PredictionsResponse { predictions: Prediction[]; status: GoogleStatus }
export interface AddressComponent { long_name: string; short_name: string; types?: string[] }
export interface Viewport { northeast: LatLng; southwest: LatLng }

/** §3.1: Pelias shape with `text`. */
export interface AutocompletePeliasParams extends CommonParams {
  text: string; "boundary.circle.lat"?: number; "boundary.circle.lon"?: number; "boundary.circle.radius"?: number; size?: number;
}
/** §3.1: Google shape with `input`. */
export interface AutocompleteGoogleParams extends CommonParams {
  input: string; location?: LatLngInput; radius?: number; origin?: LatLngInput; size?: number;
}

/** §3.2 */
export interface PlaceParams extends CommonParams { ids: string | string[]; format?: "osm" | "google" }
export interface PlaceGoogleResponse {
  result: { place_id: string; formatted_address: string; geometry: { location: LatLng; viewport: Viewport };
    address_components: AddressComponent[]; name: string; url: string; types: string[] };
  status: GoogleStatus;
}
/** §3.3 */
export interface PlaceChildrenParams extends CommonParams { parent_id: string }

/** §3.4 */
export interface GeocodeForwardGoogleParams extends CommonParams { address: string }
export interface GeocodeForwardPeliasParams extends CommonParams { text: string; size?: number }
export interface GeocodeResult {
  address: string; address_components: AddressComponent[]; formatted_address: string;
  geometry: { location: LatLng }; name: string; place_id: string; types: string[];
}
export interface GeocodeResponse { results: GeocodeResult[]; status: GoogleStatus }
/** §3.5 */
export interface GeocodeReverseGoogleParams extends CommonParams { latlng: LatLngInput }
export interface GeocodeReversePeliasParams extends CommonParams {
  "point.lat": number; "point.lon": number; "boundary.circle.radius"?: number; size?: number;
}
/** §3.6 */
export interface NearbyParams extends CommonParams {
  categories: string | string[]; "point.lat": number; "point.lon": number; size?: number; "boundary.circle.radius"?: number;
}

/** §3.7 */
export type Vehicle = "car" | "taxi" | "truck" | "motor" | "bike" | "walking";
export interface DirectionParams extends CommonParams {
  origin: LatLngInput;
  /** One destination, or several (one leg per consecutive pair). */
  destination: LatLngInput | LatLngInput[];
  alternatives?: boolean; vehicle?: Vehicle; language?: "vi" | "en";
}
export interface TextValue { text: string; value: number }
export interface DirectionStep {
  distance: TextValue; duration: TextValue; start_location: LatLng; end_location: LatLng;
  html_instructions: string; maneuver: string; polyline: { points: string };
  travel_mode: "DRIVING" | "TWO_WHEELER" | "BICYCLING" | "WALKING";
}
export interface DirectionLeg {
  distance: TextValue; duration: TextValue; start_address: string; end_address: string;
  start_location: LatLng; end_location: LatLng; steps: DirectionStep[];
  /** Always empty (Google's shape; no traffic data, no via waypoints). */
  traffic_speed_entry?: unknown[]; via_waypoint?: unknown[];
}
export interface DirectionRoute {
  bounds: Viewport; legs: DirectionLeg[];
  /** Google-encoded (precision 5): decodePolyline(points) gives [lng, lat] pairs. */
  overview_polyline: { points: string };
  summary: string; warnings: string[]; waypoint_order: number[]; copyrights?: string;
}
export interface DirectionResponse {
  geocoded_waypoints: { geocoder_status: string; place_id?: string; types?: string[] }[];
  routes: DirectionRoute[]; status: GoogleStatus;
}

/** §3.8, §3.12 */
export type Costing = "auto" | "bicycle" | "pedestrian" | "motorcycle" | "motor_scooter" | "truck" | "taxi";
export interface OptimizedRouteRequest {
  locations: LatLon[]; costing?: Costing;
  directions_options?: { units?: "km" | "mi"; language?: "vi-VN" | "en-US" };
}
export interface ValhallaManeuver {
  type: number; instruction: string; verbal_transition_alert_instruction?: string;
  verbal_pre_transition_instruction?: string; verbal_post_transition_instruction?: string;
  verbal_succinct_transition_instruction?: string; street_names?: string[]; time: number; length: number;
  cost: number; begin_shape_index: number; end_shape_index: number; travel_mode: string; travel_type: string;
  toll?: true; highway?: true; ferry?: true; rough?: true;
  verbal_multi_cue?: true; roundabout_exit_count?: number; sign?: unknown;
}
export interface ValhallaSummary {
  time: number; length: number; cost: number; has_time_restrictions: boolean; has_toll: boolean;
  has_highway: boolean; has_ferry: boolean; min_lat: number; min_lon: number; max_lat: number; max_lon: number;
}
export interface OptimizedRouteResponse {
  trip: {
    locations: { type: "break"; lat: number; lon: number; side_of_street?: "left" | "right"; original_index: number }[];
    legs: { maneuvers: ValhallaManeuver[]; summary: ValhallaSummary; shape: string }[];
    summary: ValhallaSummary; status: 0; status_message: string; units: "kilometers" | "miles" | string; language: string;
  };
}
export interface DistanceMatrixRequest {
  sources: ({ lat: number | string; lon: number | string })[];
  targets: ({ lat: number | string; lon: number | string })[];
  costing?: Costing; units?: "km" | "mi";
}
export interface DistanceMatrixParams extends CommonParams { verbose?: boolean }
export interface MatrixEntry { from_index: number; to_index: number; distance: number | null; time: number | null }
export interface DistanceMatrixResponse {
  sources_to_targets: MatrixEntry[][] | { distances: (number | null)[][]; durations: (number | null)[][] };
  locations?: LatLon[]; units: string; warnings?: unknown[];
}

/** §3.9 */
export interface ForcodesEncodeParams extends CommonParams { lat: number; lng: number; resolution?: number }
export interface ForcodesEncodeResponse {
  forcodes: string; lat: number; lng: number; resolution: number; admin_code: string; status: GoogleStatus;
}
export interface ForcodesDecodeParams extends CommonParams { forcodes: string }
export interface ForcodesDecodeResponse {
  forcodes: string; lat: number | null; lng: number | null; resolution: number | null; status: GoogleStatus;
}

/** §3.11 */
export interface StatusResponse {
  status: "OK"; version: string; format_version: number; data_date: string; attribution: string[];
  tiles: number; structures: ("old" | "new")[];
  sources?: { name: string; license: string; role: string; detail?: string }[];
  layers?: { name: string; prefix: string; version: number; count: number; exact: boolean; description: string }[];
}

/** §3.13 */
export interface AddressConvertParams extends CommonParams {
  text: string; to?: "new" | "old"; lat?: number; lng?: number; format?: "google" | "osm";
}
export interface AdminSide { ward: string; district: string; province: string; codes: string[] | Record<string, string> }
export interface AddressConvertResponse {
  status: GoogleStatus;
  results: { formatted_address: string; address_components: AddressComponent[]; from: AdminSide; to: AdminSide; exact: boolean }[];
}

// ---- bundle ----
export interface Manifest {
  format: "bando-tiles"; format_version: number; min_reader_version: number; generator: string; data_date: string;
  attribution: string[]; sources: { name: string; license: string; role: string; detail?: string }[];
  layers: { name: string; prefix: string; version: number; count: number; exact: boolean; description: string }[];
  /** Loose bundles: every tile. A packed bundle has `pack` instead (core/tile/SPEC.md §9). */
  tiles?: Record<string, { size: number; sha256: string }>;
  pack?: { directory: PackedFile; archives: PackedFile[] };
}
/** A packed bundle's directory or archive (core/tile/SPEC.md §9.1); an archive's file is packs/<name>.pack. */
export interface PackedFile {
  name?: string;
  /** Code (new structure) of the province whose download needs it; "" none (national, or spatial with a bbox). */
  region: string;
  /** Spatial archives: the area of their tiles; downloads of provinces whose bbox meets it need it. */
  bbox?: BBox;
  size: number; sha256: string; tiles: number;
}
/** A province of one structure (basemap/index, core/basemap/FORMAT.md §4). */
export interface Region { structure: "old" | "new"; code: string; name: string; bbox: BBox }
export interface BasemapIndex {
  version: number; minzoom: number; maxzoom: number; bounds: BBox; layers: string[];
  zooms: { z: number; tiles: number; bytes: number }[];
  archives: { key: string; z: number; x: number; y: number; tiles: number; bytes: number }[];
  regions: Region[];
}
/** [west, south, east, north] in degrees. */
export type BBox = [number, number, number, number];
export type RegionSpec = { province: string; structure?: "old" | "new" } | { bbox: BBox };

/** Where cached tiles live. */
export interface TileStore {
  get(path: string): Promise<Uint8Array | null>;
  /** Optional: length bytes at offset of path (a packed archive read by range); else get() is sliced. */
  getRange?(path: string, offset: number, length: number): Promise<Uint8Array | null>;
  /** Optional: the SHA-256 an entry was put with ("" none), null when absent; without it packed archives are never read from the store. */
  sha256?(path: string): Promise<string | null>;
  has(path: string): Promise<boolean>;
  put(path: string, bytes: Uint8Array, sha256?: string): Promise<void>;
  delete(path: string): Promise<boolean>;
  list(): Promise<{ path: string; size: number }[]>;
  clear(): Promise<void>;
}
export declare class MemoryStore implements TileStore {
  get(path: string): Promise<Uint8Array | null>; has(path: string): Promise<boolean>;
  getRange(path: string, offset: number, length: number): Promise<Uint8Array | null>; sha256(path: string): Promise<string | null>;
  put(path: string, bytes: Uint8Array, sha256?: string): Promise<void>; delete(path: string): Promise<boolean>;
  list(): Promise<{ path: string; size: number }[]>; clear(): Promise<void>;
}
export declare class CacheStorageStore implements TileStore {
  constructor(base: string, name?: string);
  get(path: string): Promise<Uint8Array | null>; has(path: string): Promise<boolean>;
  getRange(path: string, offset: number, length: number): Promise<Uint8Array | null>; sha256(path: string): Promise<string | null>;
  put(path: string, bytes: Uint8Array, sha256?: string): Promise<void>; delete(path: string): Promise<boolean>;
  list(): Promise<{ path: string; size: number }[]>; clear(): Promise<void>;
}

/**
 * Reads a bundle file: the whole file, or with range those bytes of it (a packed bundle's
 * archive: fewer when the file ends before; a function that ignores range and returns the
 * whole file works, at the cost of reading it).
 */
export type TileSource = (path: string, range?: { offset: number; length: number }) => Promise<Uint8Array | null>;
export interface OpenOptions {
  /** Bundle: an http(s) URL, a directory (Node) or a function reading bundle files. */
  tiles: string | URL | TileSource;
  /** Persist tiles: a TileStore, or true (Cache Storage in browsers, memory elsewhere). Needs an http(s) `tiles`. */
  cache?: boolean | TileStore;
  /** URL of bando.wasm (default dist/bando.wasm of the package; with a bundler, `import wasm from "bando/dist/bando.wasm?url"`). */
  wasm?: string | URL;
  /** URL of another Go's wasm_exec.js, imported as a module: only for a bando.wasm built by another Go than the packaged one. */
  wasmExec?: string | URL;
  /** SHA-256 hex of accepted API keys, newline separated: requests then need `apikey`. */
  keyHashes?: string;
  /** Budget in bytes of the decoded-tile cache of search and admin tiles (0 = default: 8 MiB; 512 KB is the memory-lean setting for search: about the same autocomplete p95, ~15 % more CPU). */
  cacheBytes?: number;
  /** Budget in bytes of the own decoded-tile cache of place cells and address tiles: reverse and forward geocoding, nearby, place details (0 = default: 24 MiB; filled only by those). */
  geocodeCacheBytes?: number;
  /** Budget in bytes of the routing graph's and hierarchies' own decoded-tile cache (0 = default: 56 MiB; filled only by routes). */
  routeCacheBytes?: number;
  /** The Go collector's target: heap growth in % between collections (default 25; lower: less memory, more CPU). Shared by every Bando of one bando.wasm. */
  gcPercent?: number;
  /** Soft limit on the Go heap in bytes (default none). Shared by every Bando of one bando.wasm. */
  memoryLimit?: number;
  /** false: the Go core reads manifest.json itself instead of the table parsed here (tests compare the two). */
  manifestParts?: boolean;
  /** With cache and a packed bundle: read only the archives the cache holds (downloaded provinces); other tiles are absent, not fetched. */
  heldOnly?: boolean;
  /** fetch used for tiles (tests cut the network with it). */
  fetch?: typeof globalThis.fetch;
}
/** Loose bundles: done/total count tiles, key is the last tile. Packed: done/total count archives, archive is the last one's name, bytes are held (resumed parts included). */
export interface DownloadProgress { done: number; total: number; bytes: number; totalBytes: number; key?: string; archive?: string }
export interface DownloadOptions {
  onProgress?: (p: DownloadProgress) => void; signal?: AbortSignal; concurrency?: number;
  /** Packed bundles: Range resumes within one call after a dropped connection (default 3). */
  retries?: number;
}
/** Loose bundles: tiles. Packed: archives, bytes fetched (tiles.dir included), updated = the bundle's manifest changed (open it again to read the new bundle). */
export interface DownloadResult { tiles?: number; archives?: number; fetched: number; skipped: number; bytes: number; totalBytes: number; ms: number; updated?: boolean }
/** What download(region) would fetch from a packed bundle. */
export interface DownloadPlan { archives: { name: string; region: string; size: number; cached: boolean }[]; bytes: number; toFetch: number }
export interface StorageUsage { tiles: number; archives: number; bytes: number; usage: number | null; quota: number | null }

/** A non-2xx answer of the API, with its body. */
export declare class BandoError extends Error {
  constructor(status: number, body: unknown);
  readonly status: number;
  readonly apiStatus: GoogleStatus;
  readonly code: number | null;
  readonly body: any;
}
/** A tile the answer needs is not cached and the network failed. */
export declare class TileNotCachedError extends Error {
  constructor(path: string, cause?: unknown);
  readonly path: string;
}
/** A downloaded tile does not match the manifest. */
export declare class IntegrityError extends Error {
  constructor(path: string, expected: string, actual: string);
  readonly path: string; readonly expected: string; readonly actual: string;
}

/**
 * Decode an encoded polyline into [lng, lat] pairs (GeoJSON order): precision 5 for
 * /direction's `overview_polyline` and step polylines, 6 for /optimized-route's leg `shape`.
 * Throws RangeError on a malformed string.
 */
export declare function decodePolyline(encoded: string, precision?: 5 | 6 | number): [number, number][];
export declare function regionKeys(manifest: Manifest, bbox: BBox): string[];
/** The archives of a packed bundle a region's download holds (core/tile/SPEC.md §9.1). */
export declare function regionArchives(manifest: Manifest, region: RegionSpec, index: BasemapIndex | null): PackedFile[];

/** Per call: an AbortSignal cancels the call (type-ahead); the promise rejects with the signal's reason (an AbortError for abort()). */
export interface CallOptions { signal?: AbortSignal }

export declare class Bando {
  static open(options: OpenOptions): Promise<Bando>;
  static source(tiles: OpenOptions["tiles"]): TileSource;
  static dirSource(dir: string | URL): TileSource;
  static httpSource(baseURL: string, fetchFn?: typeof globalThis.fetch): TileSource;
  /** Any /v1 request, answered in-process as the HTTP API would. */
  fetch(url: string | URL, init?: RequestInit): Promise<Response>;
  autocomplete(params: AutocompletePeliasParams, options?: CallOptions): Promise<PeliasCollection>;
  autocomplete(params: AutocompleteGoogleParams, options?: CallOptions): Promise<PredictionsResponse>;
  place(params: PlaceParams & { format: "google" }, options?: CallOptions): Promise<PlaceGoogleResponse>;
  place(params: PlaceParams, options?: CallOptions): Promise<PeliasCollection>;
  placeChildren(params: PlaceChildrenParams, options?: CallOptions): Promise<PredictionsResponse>;
  geocodeForward(params: GeocodeForwardGoogleParams, options?: CallOptions): Promise<GeocodeResponse>;
  geocodeForward(params: GeocodeForwardPeliasParams, options?: CallOptions): Promise<PeliasCollection>;
  geocodeReverse(params: GeocodeReverseGoogleParams, options?: CallOptions): Promise<GeocodeResponse>;
  geocodeReverse(params: GeocodeReversePeliasParams, options?: CallOptions): Promise<PeliasCollection>;
  nearby(params: NearbyParams, options?: CallOptions): Promise<PeliasCollection>;
  direction(params: DirectionParams, options?: CallOptions): Promise<DirectionResponse>;
  optimizedRoute(request: OptimizedRouteRequest, params?: CommonParams, options?: CallOptions): Promise<OptimizedRouteResponse>;
  distanceMatrix(request: DistanceMatrixRequest, params?: DistanceMatrixParams, options?: CallOptions): Promise<DistanceMatrixResponse>;
  addressConvert(params: AddressConvertParams, options?: CallOptions): Promise<AddressConvertResponse>;
  forcodesEncode(params: ForcodesEncodeParams, options?: CallOptions): Promise<ForcodesEncodeResponse>;
  forcodesDecode(params: ForcodesDecodeParams, options?: CallOptions): Promise<ForcodesDecodeResponse>;
  status(options?: CallOptions): Promise<StatusResponse>;
  /** The basemap vector tile z/x/y (empty where there is no data). */
  tile(z: number, x: number, y: number, options?: CallOptions): Promise<Uint8Array>;
  manifest(): Promise<Manifest>;
  basemapIndex(): Promise<BasemapIndex | null>;
  download(region: RegionSpec, options?: DownloadOptions): Promise<DownloadResult>;
  /** Packed bundles: the archives download(region) needs, their size, and what is not held yet. */
  downloadPlan(region: RegionSpec): Promise<DownloadPlan>;
  storage(): Promise<StorageUsage>;
  evict(region?: RegionSpec): Promise<{ tiles: number; bytes: number; archives?: number }>;
}
export default Bando;
