/** MapLibre GL style over the bundle's vector tiles (no glyphs, no external URLs). */
export interface StyleOptions { tiles: string; structure?: "old" | "new"; minzoom?: number; maxzoom?: number }
export declare function style(options: StyleOptions): { version: 8; name: string; sources: Record<string, unknown>; layers: Record<string, unknown>[] };
/** The boundaries filter of one administrative structure. */
export declare function boundaryFilter(structure: "old" | "new"): unknown[];
