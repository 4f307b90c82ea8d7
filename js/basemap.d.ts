/** A basemap archive (core/basemap/FORMAT.md) opened for byte-range reads. */
export interface Archive {
  readonly count: number;
  tiles(): [number, number, number][];
  tile(z: number, x: number, y: number): Promise<Uint8Array | null>;
}
export declare class ArchiveError extends Error {}
export declare function tileId(z: number, x: number, y: number): bigint;
export declare function openArchive(read: (offset: number, length: number) => Promise<Uint8Array>, size: number): Promise<Archive>;
export declare function openArchiveBytes(bytes: Uint8Array): Promise<Archive>;
/** The loose bundle key of the archive holding z/x/y; null for a packed bundle (read its tiles with Bando.tile). */
export declare function archiveKey(manifest: { tiles?: Record<string, unknown> }, z: number, x: number, y: number): string | null;
