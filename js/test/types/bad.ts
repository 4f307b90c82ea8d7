// Must NOT compile: wrong parameter types are caught (the check can fail).
import { Bando } from "bando";
export async function bad(b: Bando): Promise<void> {
  await b.direction({ origin: [21, 105], destination: [21, 105], vehicle: "plane" });
  await b.optimizedRoute({ locations: [{ lat: 21, lon: 105 }], costing: "car" });
  const n: number = (await b.status()).data_date;
  void n;
}
