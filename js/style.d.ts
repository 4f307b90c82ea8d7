/**
 * MapLibre GL style over the bundle's vector tiles. With glyphs (and sprite) it
 * labels streets, places, POIs and house numbers from the package's dist/glyphs
 * and dist/sprite; without, it has no text and needs no font.
 */
export interface StyleOptions {
  tiles: string;
  /** Absolute URL template "…/glyphs/{fontstack}/{range}.pbf". */
  glyphs?: string;
  /** Absolute URL of the sprite without extension ("…/sprite"). */
  sprite?: string;
  structure?: "old" | "new";
  /** "en": English place names where OSM has them. */
  language?: "vi" | "en";
  minzoom?: number;
  maxzoom?: number;
}
export declare function style(options: StyleOptions): { version: 8; name: string; sources: Record<string, unknown>; layers: Record<string, unknown>[] };
/** The boundaries filter of one administrative structure. */
export declare function boundaryFilter(structure: "old" | "new"): unknown[];
/** The text-field of the place labels in a language ("en": English names where OSM has them). */
export declare function placeName(language: "vi" | "en"): unknown[];
