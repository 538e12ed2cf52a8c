/**
 * Build the War in the East map: the shared builder on witeSpec, then the game's own layers (regions, the
 * provenance of printed city hexes, Personnel Centre and Arms/Training Centre values on cities).
 * `npm run maps` writes engine/games/war-in-the-east/map.json from it.
 */
import { type BuildResult, buildMap } from '../../../maps/build';
import { BOOK_CITIES } from './book';
import { fitGrid } from './fit';
import { personnelCentres } from './personnel';
import { witeRegions } from './regions';
import { geographicHex, WITE_PROJECTION, witeSpec } from './spec';

export function buildWiteMap(): BuildResult {
  const res = buildMap(witeSpec);
  const map = res.map;
  // printed city hexes: `printed` when the real place lies in one of the city's printed hexes, else `derived`
  // (the book wins over geography by a hex; the residual is in the notes)
  const book = new Map<string, { src: string; printed: boolean }>();
  for (const c of BOOK_CITIES) {
    const inPrinted = c.hexes.includes(geographicHex(c.at));
    c.hexes.forEach((h, i) => {
      book.set(i === 0 ? c.name : `${c.name} (${h})`, { src: c.src, printed: inPrinted || i > 0 });
    });
  }
  const pcs = new Map(personnelCentres(map).map((p) => [p.hex, p]));
  map.cities = map.cities.map((c) => {
    const o = { ...c };
    const b = book.get(c.name);
    if (b?.printed) {
      o.prov = 'printed';
      o.src = b.src;
    }
    const pc = pcs.get(c.hex);
    if (pc) o.values = { ...(o.values ?? {}), personnel: 1 };
    return o;
  });
  // 7.5: a coastal city hex has a wholly or partly sea hexside; its sea zones are those of the sea hexes next to it
  const hexById = new Map(map.hexes.map((h) => [h.id, h]));
  const zonesNear = new Map<string, Set<string>>();
  for (const sd of map.hexsides) {
    if (sd.kind !== 'sea') continue;
    const [a, b] = [hexById.get(sd.a), hexById.get(sd.b)];
    if (!a || !b) continue;
    const [land, sea] = a.terrain === 'sea' ? [b, a] : [a, b];
    if (!sea.zone) continue;
    (zonesNear.get(land.id) ?? zonesNear.set(land.id, new Set()).get(land.id)!).add(sea.zone);
  }
  // 7.2: the port of Leningrad is two coastal city hexes; on our coast the Gulf is narrower than a hex there, so
  // the two Leningrad hexes nearest the open Baltic are the port (derived)
  const balticSea = map.hexes.filter((h) => h.zone === 'baltic');
  const leningrad = (BOOK_CITIES.find((c) => c.name === 'Leningrad')?.hexes ?? []).map((id) => hexById.get(id)!).filter(Boolean);
  const toSea = (h: { x: number; y: number }) => Math.min(...balticSea.map((s) => Math.hypot(s.x - h.x, s.y - h.y)));
  const leningradPort = [...leningrad].sort((a, b) => toSea(a) - toSea(b) || a.id.localeCompare(b.id)).slice(0, 2);
  for (const h of leningradPort) (zonesNear.get(h.id) ?? zonesNear.set(h.id, new Set()).get(h.id)!).add('baltic');
  map.cities = map.cities.map((c) => {
    const zones = zonesNear.get(c.hex);
    const o = { ...c };
    delete o.port;
    delete o.seaZones;
    if (zones) {
      o.port = true;
      o.seaZones = [...zones].sort();
    }
    return o;
  });
  map.boxes = map.boxes.map((b) => {
    if (b.kind !== 'sea-zone') return b;
    const ports = [...new Set(map.cities.filter((c) => c.seaZones?.includes(b.id)).map((c) => c.hex))].sort();
    return { ...b, hexes: ports, ports };
  });
  map.regions = witeRegions(map);
  const fit = fitGrid(WITE_PROJECTION);
  map.notes = [
    ...(map.notes ?? []),
    `Fit: spacing ${(fit.spacing / 1000).toFixed(2)} km, rotation ${fit.rotation.toFixed(2)} deg, rms ${fit.rmsKm.toFixed(1)} km (${((fit.rmsKm * 1000) / fit.spacing).toFixed(2)} hex) over ${fit.residuals.length} cities.`,
    `Residual per printed city (km / hex; geographic hex when it differs, the book wins): ${fit.residuals
      .map((r) => `${r.name} ${r.hex} ${r.km.toFixed(1)}/${r.hexes.toFixed(2)}${r.geographic === r.hex ? '' : ` (geo ${r.geographic})`}`)
      .join('; ')}.`,
  ];
  return res;
}
