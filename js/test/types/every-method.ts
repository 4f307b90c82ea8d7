// Calls every method of the package with typed requests and reads typed
// responses; `tsc -p js/test/types` must compile it in strict mode.
import { Bando, BandoError, TileNotCachedError, IntegrityError, MemoryStore, regionKeys, decodePolyline } from "bando";
import type { PeliasCollection, PredictionsResponse, DirectionResponse, Manifest } from "bando";
import { style } from "bando/style";
import { openArchiveBytes, archiveKey } from "bando/basemap";

export async function all(): Promise<void> {
  const bando = await Bando.open({ tiles: "https://example.org/bundle/", cache: new MemoryStore() });
  const p: PeliasCollection = await bando.autocomplete({ text: "pho hue", size: 5, "boundary.circle.lat": 21, "boundary.circle.lon": 105.8 });
  const name: string | undefined = p.features[0]?.properties.name;
  const g: PredictionsResponse = await bando.autocomplete({ input: "pho hue", location: [21.03, 105.85], origin: "21.03,105.85" });
  const desc: string | undefined = g.predictions[0]?.description;
  const pl = await bando.place({ ids: ["n1", "w2"], format: "google" });
  const addr: string = pl.result.formatted_address;
  await bando.place({ ids: "n1" });
  await bando.placeChildren({ parent_id: "r1" });
  const fw = await bando.geocodeForward({ address: "12 Hàng Bạc, Hoàn Kiếm" });
  const loc: number | undefined = fw.results[0]?.geometry.location.lat;
  await bando.geocodeForward({ text: "12 Hàng Bạc", size: 2 });
  await bando.geocodeReverse({ latlng: { lat: 21.03, lng: 105.85 } });
  await bando.geocodeReverse({ "point.lat": 21.03, "point.lon": 105.85, "boundary.circle.radius": 1 });
  await bando.nearby({ categories: ["cafe", "atm"], "point.lat": 21.03, "point.lon": 105.85 });
  const d: DirectionResponse = await bando.direction({ origin: [21.03, 105.85], destination: [[21.0, 105.8], "21.01,105.81"], vehicle: "motor", language: "en" });
  const poly: string | undefined = d.routes[0]?.overview_polyline.points;
  const line: [number, number][] = decodePolyline(poly ?? "");
  const step: string | undefined = d.routes[0]?.legs[0]?.steps[0]?.html_instructions;
  const legShape: [number, number][] = decodePolyline((await bando.optimizedRoute({ locations: [{ lat: 21, lon: 105.8 }, { lat: 21.1, lon: 105.9 }] })).trip.legs[0]?.shape ?? "", 6);
  const trip = await bando.optimizedRoute({ locations: [{ lat: 21, lon: 105.8 }, { lat: 21.1, lon: 105.9 }], costing: "motor_scooter" }, { admin_v2: true });
  const secs: number = trip.trip.summary.time;
  const m = await bando.distanceMatrix({ sources: [{ lat: 21, lon: 105.8 }], targets: [{ lat: "21.1", lon: "105.9" }] }, { verbose: false });
  const units: string = m.units;
  const conv = await bando.addressConvert({ text: "Phường Hàng Bạc, Quận Hoàn Kiếm, Hà Nội", to: "new" });
  const exact: boolean | undefined = conv.results[0]?.exact;
  const enc = await bando.forcodesEncode({ lat: 20.990396, lng: 105.868825, resolution: 13 });
  const dec = await bando.forcodesDecode({ forcodes: enc.forcodes });
  const lat: number | null = dec.lat;
  const st = await bando.status();
  const tiles: number = st.tiles;
  const mvt: Uint8Array = await bando.tile(14, 13014, 7213);
  const res: Response = await bando.fetch("/v1/status");
  const man: Manifest = await bando.manifest();
  const idx = await bando.basemapIndex();
  const ta = new AbortController();
  await bando.autocomplete({ text: "pho" }, { signal: ta.signal });
  await bando.direction({ origin: [21.03, 105.85], destination: [21.0, 105.8] }, { signal: ta.signal });
  await bando.distanceMatrix({ sources: [{ lat: 21, lon: 105.8 }], targets: [{ lat: 21.1, lon: 105.9 }] }, {}, { signal: ta.signal });
  await bando.status({ signal: ta.signal });
  const ac = new AbortController();
  const dl = await bando.download({ province: "01", structure: "new" }, { signal: ac.signal, onProgress: (x) => { void x.done; } });
  await bando.download({ bbox: [105.8, 21, 105.9, 21.1] });
  const plan = await bando.downloadPlan({ province: "01" });
  const toFetch: number = plan.toFetch + plan.archives.filter((a) => !a.cached).length;
  void toFetch;
  const use = await bando.storage();
  const held: number = use.archives;
  void held;
  await bando.evict({ province: "01" });
  await bando.evict();
  const keys: string[] = regionKeys(man, [105, 20, 106, 21]);
  const s = style({ tiles: "bando://{z}/{x}/{y}", structure: "old" });
  const a = await openArchiveBytes(mvt);
  const k: string | null = archiveKey(man, 14, 1, 2);
  try {
    await bando.status();
  } catch (e) {
    if (e instanceof BandoError) { const w: string = e.apiStatus; const code: number = e.status; void w; void code; }
    else if (e instanceof TileNotCachedError) { const path: string = e.path; void path; }
    else if (e instanceof IntegrityError) { void e.expected; }
  }
  void [name, desc, addr, loc, poly, line, step, legShape, secs, units, exact, lat, tiles, res, idx, dl, use, keys, s, a, k];
}
