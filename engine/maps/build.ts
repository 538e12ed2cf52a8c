/**
 * The map builder: a game's MapSpec + Natural Earth geodata -> MapData (engine/maps/model.ts).
 *
 * Steps: lay the grid (anchor place = axial 0,0), keep hexes inside the spec's area, classify each hex from
 * sample points (land share, lakes, terrain areas, mountain regions), put rivers on hexsides where a river
 * line crosses the segment joining two hex centres, place the rulebook's places, apply the book-over-
 * geography overrides, route substitute railways along hex paths, then sea zones and exit zones.
 * Output is deterministic: everything is sorted and coordinates are rounded to whole metres.
 */
import { distance, fromOffset, hexKey, line, neighbors, parseHexKey, toOffset, type Hex } from '../core/hex';
import { bboxOf, LineIndex, PolygonIndex, pointInPolygon, pointInRing, segmentCrossesLine, type Pt } from './geometry';
import { loadGeodata, type GeoLine, type Geodata } from './geodata';
import { compassStep, gridToXY, parseCompassName, xyToHex, type GridParams } from './grid';
import type { MapBox, MapCity, MapData, MapHex, MapHexside, MapRail, Provenance } from './model';
import { laeaCode, laeaDefinition, makeProjector, type Projector } from './projection';
import type { LonLat, MapSpec, PlaceSpec } from './spec';

export interface BuildResult {
  map: MapData;
  /** Diagnostics for the console and tests (not written to map.json). */
  report: {
    placeCollisions: string[][];
    unresolved: string[];
    warnings: string[];
  };
}

const KIND_RANK: Record<string, number> = { capital: 0, major: 1, minor: 2, town: 3, named: 4 };
const round = (v: number) => Math.round(v);
const sideKey = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);

interface HexWork {
  q: number;
  r: number;
  id: string;
  x: number;
  y: number;
  terrain: string;
  land: boolean;
  prov: Provenance;
  src?: string;
  impassable?: boolean;
  note?: string;
  name?: string;
  zone?: string;
  railEntry?: string;
  country?: string;
  probe?: Pt;
}

/** The printed-id codec of a spec (`grid.ids`): axial hex <-> id. Without it ids are axial "q,r". */
export function idCodec(spec: Pick<MapSpec, 'grid'>) {
  const custom = spec.grid.codec;
  if (custom) return { id: (h: Hex): string => custom.id(h), parse: (ref: string): Hex | undefined => custom.parse(ref) };
  const ids = spec.grid.ids;
  if (!ids) return { id: hexKey, parse: (_ref: string): Hex | undefined => undefined };
  const re = new RegExp(`^\\d{${ids.digits * 2}}$`);
  return {
    id: (h: Hex): string => {
      const o = toOffset(h, ids.layout);
      return `${String(o.col).padStart(ids.digits, '0')}${String(o.row).padStart(ids.digits, '0')}`;
    },
    parse: (ref: string): Hex | undefined =>
      re.test(ref) ? fromOffset({ col: Number(ref.slice(0, ids.digits)), row: Number(ref.slice(ids.digits)) }, ids.layout) : undefined,
  };
}

export function gridParams(spec: MapSpec, proj: Projector): GridParams {
  const anchor = spec.places.find((p) => p.name === spec.grid.anchor);
  if (!anchor) throw new Error(`grid anchor ${spec.grid.anchor} is not a place`);
  const [ax, ay] = proj.forward(anchor.at);
  const g: GridParams = {
    orientation: spec.grid.orientation,
    spacing: spec.grid.spacing,
    rotation: spec.grid.rotation,
    origin: [round(ax + spec.grid.offset[0]), round(ay + spec.grid.offset[1])],
  };
  if (!spec.grid.anchorHex) return g;
  // the anchor hex sits at anchor + offset: move the origin (axial 0,0) accordingly
  const h = makeResolver(new Map(), idCodec(spec).parse)(spec.grid.anchorHex);
  if (!h) throw new Error(`grid anchorHex ${spec.grid.anchorHex} is not a hex reference`);
  const [hx, hy] = gridToXY({ ...g, origin: [0, 0] }, h.q, h.r);
  return { ...g, origin: [round(ax + spec.grid.offset[0] - hx), round(ay + spec.grid.offset[1] - hy)] };
}

/** Resolve rulebook references ("Rostov E2", "3,-1", or a printed id through `parseId`) against a name -> hex table. */
export function makeResolver(base: Map<string, Hex>, parseId?: (ref: string) => Hex | undefined) {
  return (ref: string): Hex | undefined => {
    if (/^-?\d+,-?\d+$/.test(ref)) return parseHexKey(ref);
    const printed = parseId?.(ref);
    if (printed) return printed;
    const direct = base.get(ref);
    if (direct) return direct;
    const c = parseCompassName(ref);
    if (!c) return undefined;
    const b = base.get(c.base);
    return b ? compassStep(b, c.dir, c.n) : undefined;
  };
}

/** Where each place falls before overrides (used by the fit as well as the builder). */
export function geographicHexes(spec: MapSpec, grid: GridParams, proj: Projector): Map<string, Hex> {
  const out = new Map<string, Hex>();
  for (const p of spec.places) {
    const [x, y] = proj.forward(p.at);
    out.set(p.name, xyToHex(grid, x, y));
  }
  return out;
}

/** Apply the spec's place overrides (`hex` references) in order, on top of geographic positions. */
export function placeHexes(spec: MapSpec, grid: GridParams, proj: Projector): Map<string, Hex> {
  const out = geographicHexes(spec, grid, proj);
  for (let pass = 0; pass < 3; pass++) {
    const resolve = makeResolver(out, idCodec(spec).parse);
    for (const p of spec.places) {
      if (!p.hex) continue;
      const h = resolve(p.hex);
      if (h) out.set(p.name, h);
    }
  }
  return out;
}

/** The spec's river lines: selected Natural Earth lines (renamed) plus hand-drawn ones (props.src set). */
export function selectRivers(spec: MapSpec, data: Geodata, proj: Projector) {
  const riverSet = new Set(spec.rivers.names);
  const rivers: GeoLine[] = data.rivers.filter(
    (r) => riverSet.has(String(r.props.name_en || '')) || riverSet.has(String(r.props.name || '')),
  );
  for (const l of spec.rivers.lines ?? []) {
    const pts = l.line.map((ll) => proj.forward(ll)) as Pt[];
    rivers.push({ name: l.name, props: { name: l.name, src: l.src ?? l.name }, pts, bbox: bboxOf(pts) });
  }
  const renamed = rivers.map((r) => {
    const n = riverSet.has(String(r.props.name_en || '')) ? String(r.props.name_en) : String(r.props.name);
    for (const x of spec.rivers.renameIn ?? []) {
      if (x.from !== n) continue;
      const [w, s, e, nn] = x.box;
      if (
        r.pts.every((p) => {
          const [lon, lat] = proj.inverse(p);
          return lon >= w && lon <= e && lat >= s && lat <= nn;
        })
      )
        return x.to;
    }
    return spec.rivers.rename?.[n] ?? n;
  });
  return { rivers, riverName: (i: number) => renamed[i] };
}

export function buildMap(spec: MapSpec, geo?: Geodata): BuildResult {
  const def = laeaDefinition(spec.projection);
  const proj = makeProjector(def);
  const data = geo ?? loadGeodata(proj);
  const grid = gridParams(spec, proj);
  const warnings: string[] = [];
  const size = grid.spacing / Math.sqrt(3);

  // ---- indexes over the geodata
  const landIdx = new PolygonIndex(data.land.map((p) => p.poly));
  const lakeSet = new Set(spec.lakes);
  const lakes = data.lakes.filter((l) => lakeSet.has(l.name));
  const lakeIdx = new PolygonIndex(lakes.map((p) => p.poly));
  const regionSet = new Set(spec.mountainRegions);
  const mountains = data.regions.filter((r) => regionSet.has(r.name));
  const mountainIdx = new PolygonIndex(mountains.map((p) => p.poly));
  const { rivers, riverName } = selectRivers(spec, data, proj);
  const riverIdx = new LineIndex(rivers.map((r) => r.pts));
  const areas = spec.areas.map((a) => ({ ...a, ringXY: a.ring.map((ll) => proj.forward(ll)) as Pt[] }));
  const unplayable = spec.unplayable.map((u) => ({ ...u, ringXY: u.ring.map((ll) => proj.forward(ll)) as Pt[] }));
  const areaXY: Pt[] = spec.areaKm.map(([x, y]) => [x * 1000, y * 1000]);

  const isLand = (p: Pt) => landIdx.contains(p) && !lakeIdx.contains(p);
  const codec = idCodec(spec);
  // sample directions: pointy-top corners lie at 30 + 60k degrees, flat-top corners at 60k
  const sampleRot = grid.rotation + (grid.orientation === 'flat' ? -30 : 0);
  const terrainAt = (p: Pt): { terrain: string; prov: Provenance; src?: string } => {
    for (const a of areas) if (pointInRing(p, a.ringXY)) return { terrain: a.terrain, prov: a.prov, src: a.src ?? a.name };
    const m = mountainIdx.locate(p);
    if (m >= 0)
      return { terrain: spec.mountainTerrain ?? 'mountain', prov: 'substitute', src: `Natural Earth region ${mountains[m].name}` };
    return { terrain: 'clear', prov: 'substitute', src: 'Natural Earth land' };
  };

  // ---- hexes inside the area
  const hexes = new Map<string, HexWork>();
  {
    const cells: Hex[] = [];
    const range = spec.offsetRange;
    if (spec.cells) cells.push(...spec.cells);
    else if (range) {
      if (!spec.grid.ids) throw new Error('offsetRange needs grid.ids');
      for (let row = range.rows[0]; row <= range.rows[1]; row++)
        for (let col = range.cols[0]; col <= range.cols[1]; col++) cells.push(fromOffset({ col, row }, spec.grid.ids.layout));
    } else {
      const xs = areaXY.map((p) => p[0]);
      const ys = areaXY.map((p) => p[1]);
      const span =
        Math.ceil((Math.max(...xs.map(Math.abs), ...ys.map(Math.abs)) + Math.hypot(grid.origin[0], grid.origin[1])) / grid.spacing) + 4;
      for (let r = -span; r <= span; r++) {
        for (let q = -span * 2; q <= span * 2; q++) {
          const [x, y] = gridToXY(grid, q, r);
          if (pointInRing([x, y], areaXY)) cells.push({ q, r });
        }
      }
    }
    for (const { q, r } of cells) {
      {
        const [x, y] = gridToXY(grid, q, r);
        const samples: Pt[] = [[x, y]];
        for (let k = 0; k < 6; k++) {
          const a = ((30 + 60 * k) * Math.PI) / 180 + (sampleRot * Math.PI) / 180;
          samples.push([x + 0.45 * size * Math.cos(a), y + 0.45 * size * Math.sin(a)]);
        }
        for (let k = 0; k < 12; k++) {
          // odd k: towards the corners; even k: towards the edge midpoints (pointy-top, 30 degree steps)
          const a = ((30 * k + sampleRot) * Math.PI) / 180;
          const rad = 0.85 * size * (k % 2 === 1 ? 1 : Math.sqrt(3) / 2);
          samples.push([x + rad * Math.cos(a), y + rad * Math.sin(a)]);
        }
        const landCount = samples.filter(isLand).length;
        const lakeShare = samples.filter((p) => lakeIdx.contains(p)).length / samples.length;
        const centreLand = isLand([x, y]);
        // mostly-lake hexes are lakes even with some shore in them (1.37); otherwise part-land is land (1.2)
        const land = lakeShare < (spec.lakeShare ?? 1) && (centreLand || landCount / samples.length >= spec.landShare);
        const id = hexKey({ q, r });
        let terrain: string;
        let prov: Provenance = 'substitute';
        let src: string | undefined;
        if (land) {
          // 1.3: in part-land hexes only the land counts, so classify at the centre or the nearest land sample.
          const probe = centreLand ? ([x, y] as Pt) : samples.find(isLand)!;
          const t = terrainAt(probe);
          terrain = t.terrain;
          prov = t.prov;
          src = t.src;
        } else {
          terrain = lakeIdx.contains([x, y]) || lakeShare > 0.5 ? 'lake' : 'sea';
          src = 'Natural Earth land/lakes';
        }
        const h: HexWork = { q, r, id, x, y, terrain, land, prov, src };
        if (land) h.probe = centreLand ? [x, y] : samples.find(isLand);
        if (!land) h.impassable = true;
        const landProbe: Pt | undefined = centreLand ? [x, y] : samples.find(isLand);
        if (land && landProbe)
          for (const u of unplayable)
            if (pointInRing(landProbe, u.ringXY)) {
              h.impassable = true;
              h.note = `${u.name} (unplayable)`;
              h.prov = 'printed';
              h.src = u.src;
            }
        hexes.set(id, h);
      }
    }
  }

  // ---- places and references
  const placeAt = placeHexes(spec, grid, proj);
  const resolveRef = makeResolver(placeAt, codec.parse);
  const unresolved: string[] = [];
  const refId = (ref: string): string | undefined => {
    const h = resolveRef(ref);
    if (!h) {
      unresolved.push(ref);
      return undefined;
    }
    const id = hexKey(h);
    if (!hexes.has(id)) {
      unresolved.push(`${ref} (off map at ${id})`);
      return undefined;
    }
    return id;
  };
  const byHex = new Map<string, PlaceSpec[]>();
  for (const p of spec.places) {
    const id = hexKey(placeAt.get(p.name)!);
    (byHex.get(id) ?? byHex.set(id, []).get(id)!).push(p);
  }
  const placeCollisions: string[][] = [];
  for (const [id, ps] of byHex) {
    ps.sort((a, b) => KIND_RANK[a.kind] - KIND_RANK[b.kind] || a.name.localeCompare(b.name));
    if (ps.length > 1) placeCollisions.push(ps.map((p) => p.name));
    const h = hexes.get(id);
    if (!h) {
      unresolved.push(...ps.map((p) => `${p.name} (off map at ${id})`));
      continue;
    }
    h.name = ps[0].name;
    if (!h.land) {
      // A named place is a playable hex whatever the coastline data says (1.2).
      h.land = true;
      delete h.impassable;
      h.terrain = terrainAt([h.x, h.y]).terrain;
      h.prov = 'derived';
      h.src = `named place ${ps[0].name}`;
    }
  }

  // ---- hex overrides
  for (const o of spec.hexOverrides) {
    const id = refId(o.hex);
    if (!id) continue;
    const h = hexes.get(id)!;
    if (o.land) {
      h.land = true;
      delete h.impassable;
      if (h.terrain === 'sea' || h.terrain === 'lake') h.terrain = 'clear';
    }
    if (o.terrain) {
      h.terrain = o.terrain;
      if (o.terrain === 'sea' || o.terrain === 'lake') {
        h.land = false;
        h.impassable = true;
      }
    }
    if (o.impassable !== undefined) {
      if (o.impassable) h.impassable = true;
      else delete h.impassable;
    }
    if (o.note) h.note = o.note;
    h.prov = o.prov;
    h.src = o.src;
  }

  // ---- countries (land hexes, at the land probe so part-land coastal hexes take their shore's country)
  const countries = (spec.countries ?? []).map((c) => ({ ...c, ringXY: c.ring.map((ll) => proj.forward(ll)) as Pt[] }));
  if (countries.length || spec.defaultCountry) {
    for (const h of hexes.values()) {
      if (!h.land) continue;
      const p = h.probe ?? ([h.x, h.y] as Pt);
      h.country = countries.find((c) => pointInRing(p, c.ringXY))?.name ?? spec.defaultCountry;
    }
  }

  // ---- hexsides
  const sides = new Map<string, MapHexside>();
  const barriers = (spec.barrierLines ?? []).map((b) => ({ ...b, pts: b.line.map((ll) => proj.forward(ll)) as Pt[] }));
  const playable = (h: HexWork | undefined) => !!h && h.land && !h.impassable;
  for (const h of [...hexes.values()]) {
    for (const n of neighbors(h)) {
      const nid = hexKey(n);
      const g = hexes.get(nid);
      if (!g || h.id > nid) continue;
      const [a, b] = sideKey(h.id, nid);
      const key = `${a}|${b}`;
      const pa = playable(h);
      const pb = playable(g);
      if (!pa && !pb) continue;
      if (pa !== pb) {
        const water = pa ? g : h;
        if (water.land) continue; // an unplayable land hex: the hex itself bars entry
        sides.set(key, { a, b, kind: water.terrain === 'lake' ? 'lake' : 'sea', prov: 'substitute', src: 'Natural Earth coastline' });
        continue;
      }
      const barrier = barriers.find((bl) => segmentCrossesLine([h.x, h.y], [g.x, g.y], bl.pts));
      if (barrier) {
        const side: MapHexside = { a, b, kind: 'impassable', name: barrier.name, prov: barrier.prov };
        if (barrier.src) side.src = barrier.src;
        sides.set(key, side);
        continue;
      }
      if (spec.lakeHexsideShare !== undefined) {
        // all-lake hexside: sample the shared edge (perpendicular to the centre line, one side length long)
        const mx = (h.x + g.x) / 2;
        const my = (h.y + g.y) / 2;
        const len = Math.hypot(g.x - h.x, g.y - h.y);
        const px = (-(g.y - h.y) / len) * (size / 2);
        const py = ((g.x - h.x) / len) * (size / 2);
        const pts: Pt[] = [-1, -2 / 3, -1 / 3, 0, 1 / 3, 2 / 3, 1].map((t) => [mx + t * px, my + t * py]);
        const wet = pts.map((p) => lakeIdx.locate(p));
        if (wet.filter((i) => i >= 0).length / pts.length >= spec.lakeHexsideShare) {
          const names = [...new Set(wet.filter((i) => i >= 0).map((i) => lakes[i].name))].sort();
          sides.set(key, { a, b, kind: 'lake', name: names.join(' / '), prov: 'substitute', src: 'Natural Earth lakes' });
          continue;
        }
      }
      const crossed = riverIdx.crossing([h.x, h.y], [g.x, g.y]);
      if (crossed.length) {
        const names = [...new Set(crossed.map(riverName))].sort();
        const drawn = crossed.map((i) => rivers[i].props.src).find((x) => typeof x === 'string');
        sides.set(key, {
          a,
          b,
          kind: 'river',
          name: names.join(' / '),
          prov: 'substitute',
          src: drawn ? String(drawn) : 'Natural Earth rivers',
        });
        continue;
      }
      const mid: Pt = [(h.x + g.x) / 2, (h.y + g.y) / 2];
      const mt = terrainAt(mid).terrain;
      const bothClear = h.terrain === 'clear' && g.terrain === 'clear';
      // 1.3: a hexside's terrain is the terrain at its middle. Only write what differs from the default
      // a reader assumes (clear between two clear hexes, not clear otherwise).
      if (mt !== 'clear' && bothClear) sides.set(key, { a, b, kind: 'rough', prov: 'substitute', src: `hexside middle ${mt}` });
      else if (mt === 'clear' && !bothClear) sides.set(key, { a, b, kind: 'clear', prov: 'substitute', src: 'hexside middle clear' });
    }
  }
  for (const o of spec.hexsideOverrides) {
    const ia = refId(o.a);
    const ib = refId(o.b);
    if (!ia || !ib) continue;
    if (distance(parseHexKey(ia), parseHexKey(ib)) !== 1) {
      warnings.push(`hexside override ${o.a}|${o.b} joins hexes that are not adjacent (${ia}, ${ib})`);
      continue;
    }
    const [a, b] = sideKey(ia, ib);
    const key = `${a}|${b}`;
    if (o.kind === null) {
      sides.delete(key);
      continue;
    }
    const s: MapHexside = { a, b, kind: o.kind, prov: o.prov };
    if (o.src) s.src = o.src;
    if (o.name) s.name = o.name;
    if (o.railOnly) s.railOnly = true;
    sides.set(key, s);
  }

  // ---- railways
  const edgeHex = (id: string) => neighbors(parseHexKey(id)).some((n) => !hexes.has(hexKey(n)));
  const nearestEdge = (ll: LonLat, avoid: string[] = []): string | undefined => {
    const [x, y] = proj.forward(ll);
    let best: HexWork | undefined;
    let bd = Infinity;
    for (const h of [...hexes.values()].sort((a, b) => (a.id < b.id ? -1 : 1))) {
      if (!playable(h) || !edgeHex(h.id)) continue;
      if (avoid.some((a) => distance(parseHexKey(a), h) < 2)) continue;
      const d = Math.hypot(h.x - x, h.y - y);
      if (d < bd) {
        bd = d;
        best = h;
      }
    }
    return best?.id;
  };
  const passable = (a: string, b: string, allowRailOnly: boolean) => {
    const [x, y] = sideKey(a, b);
    const s = sides.get(`${x}|${y}`);
    if (!s) return true;
    if (s.kind === 'river' || s.kind === 'major-river' || s.kind === 'clear' || s.kind === 'rough') return true;
    return allowRailOnly && !!s.railOnly;
  };
  const railPath = (from: string, to: string): string[] | undefined => {
    const A = parseHexKey(from);
    const B = parseHexKey(to);
    const straight = line(A, B).map(hexKey);
    if (straight.every((id, i) => playable(hexes.get(id)) && (i === 0 || passable(straight[i - 1], id, true)))) return straight;
    // Shortest land path, ties broken towards the straight line (deterministic order of neighbours).
    const prev = new Map<string, string>([[from, '']]);
    let frontier = [from];
    while (frontier.length && !prev.has(to)) {
      const next: string[] = [];
      for (const id of frontier) {
        for (const n of neighbors(parseHexKey(id))) {
          const nid = hexKey(n);
          if (prev.has(nid) || !playable(hexes.get(nid)) || !passable(id, nid, true)) continue;
          prev.set(nid, id);
          next.push(nid);
        }
      }
      frontier = next;
    }
    if (!prev.has(to)) return undefined;
    const path = [to];
    while (path[path.length - 1] !== from) path.push(prev.get(path[path.length - 1])!);
    return path.reverse();
  };
  const rails = new Map<string, MapRail>();
  const snapLonLat = (ll: LonLat): string | undefined => {
    const [x, y] = proj.forward(ll);
    const id = hexKey(xyToHex(grid, x, y));
    return playable(hexes.get(id)) ? id : nearestEdge(ll);
  };
  for (const r of [...spec.rails].sort((a, b) => a.name.localeCompare(b.name))) {
    const pts = r.via.map((v) => (typeof v === 'string' ? refId(v) : snapLonLat(v)));
    for (let i = 1; i < pts.length; i++) {
      const a = pts[i - 1];
      const b = pts[i];
      if (!a || !b) {
        warnings.push(`rail ${r.name}: waypoint ${i - 1}..${i} unresolved`);
        continue;
      }
      if (a === b) continue;
      const path = railPath(a, b);
      if (!path) {
        warnings.push(`rail ${r.name}: no land path ${a} -> ${b}`);
        continue;
      }
      for (let k = 1; k < path.length; k++) {
        const [x, y] = sideKey(path[k - 1], path[k]);
        const key = `${x}|${y}`;
        if (rails.has(key)) continue;
        const e: MapRail = { a: x, b: y, name: r.name, prov: r.prov };
        if (r.src) e.src = r.src;
        rails.set(key, e);
      }
    }
  }

  // ---- sea zones
  const zoneRings = spec.seaZones.map((z) => ({ z, ring: z.ring.map((ll) => proj.forward(ll)) as Pt[] }));
  for (const h of hexes.values()) {
    if (h.terrain !== 'sea') continue;
    const m = zoneRings.find((zr) => pointInPolygon([h.x, h.y], [zr.ring]));
    if (m) h.zone = m.z.id;
  }

  // ---- cities
  const cities: MapCity[] = [];
  const portZones = new Map<string, Set<string>>();
  for (const z of spec.seaZones) {
    for (const p of [z.control, ...z.ports]) {
      if (!spec.places.some((pl) => pl.name === p)) continue; // off-map controller (Baku)
      const id = refId(p);
      if (!id) continue;
      (portZones.get(id) ?? portZones.set(id, new Set()).get(id)!).add(z.id);
    }
  }
  for (const p of spec.places) {
    if (p.kind === 'named') continue;
    const id = hexKey(placeAt.get(p.name)!);
    if (!hexes.has(id)) continue;
    const c: MapCity = { hex: id, name: p.name, kind: p.kind, prov: p.hex ? 'derived' : p.prov };
    const src = p.hex ? `placed at ${p.hex}: ${p.why ?? 'rulebook relation'}` : p.src;
    if (src) c.src = src;
    if (p.port) c.port = true;
    if (p.fortress) c.fortress = true;
    if (p.resource) c.resource = true;
    if (p.values) c.values = Object.fromEntries(Object.entries(p.values).sort(([a], [b]) => a.localeCompare(b)));
    if (p.owner) c.owner = p.owner;
    const zones = portZones.get(id);
    if (p.port && zones) c.seaZones = [...zones].sort();
    const ctl = spec.seaZones
      .filter((z) => z.control === p.name)
      .map((z) => z.id)
      .sort();
    if (ctl.length) c.control = ctl;
    if (p.realName) c.realName = p.realName;
    cities.push(c);
  }

  // ---- exit zones and rail entry hexes
  const boxes: MapBox[] = [];
  const named: Record<string, string> = {};
  const ezs = [...spec.exitZones].sort((a, b) => a.letter.localeCompare(b.letter));
  const usedEntries: string[] = ezs
    .map((z) => (typeof z.entry === 'string' ? resolveRef(z.entry) : undefined))
    .filter((h): h is Hex => !!h)
    .map(hexKey);
  for (const z of ezs) {
    // rail entry hexes of one edge keep at least one hex between them (16.2: exit zones are 2 apart)
    const id = typeof z.entry === 'string' ? refId(z.entry) : nearestEdge(z.entry, usedEntries);
    if (id && !usedEntries.includes(id)) usedEntries.push(id);
    if (!id) {
      warnings.push(`exit zone ${z.letter}: entry unresolved`);
      continue;
    }
    const h = hexes.get(id)!;
    h.railEntry = z.letter;
    named[`RE ${z.letter}`] = id;
    const sameEdge = ezs.filter((o) => o.edge === z.edge).map((o) => o.letter);
    const i = sameEdge.indexOf(z.letter);
    const adjacent = [sameEdge[i - 1], sameEdge[i + 1]].filter(Boolean).map((l) => `EZ-${l}`);
    const box: MapBox = { id: `EZ-${z.letter}`, name: z.name, kind: 'exit-zone', hexes: [id], edge: z.edge, front: z.front, prov: z.prov };
    if (z.src) box.src = z.src;
    if (adjacent.length) box.adjacent = adjacent;
    boxes.push(box);
  }
  // every rail entry hex is on the rail net (9.11): join a bare one to the nearest rail hex by a spur
  const railHexes = () => new Set([...rails.values()].flatMap((e) => [e.a, e.b]));
  for (const box of boxes) {
    const re = box.hexes[0];
    const onNet = railHexes();
    if (onNet.has(re)) continue;
    const prev = new Map<string, string>([[re, '']]);
    let frontier = [re];
    let found: string | undefined;
    while (frontier.length && !found) {
      const next: string[] = [];
      for (const id of frontier) {
        for (const n of neighbors(parseHexKey(id))) {
          const nid = hexKey(n);
          if (prev.has(nid) || !playable(hexes.get(nid)) || !passable(id, nid, true)) continue;
          prev.set(nid, id);
          if (onNet.has(nid) && !found) found = nid;
          next.push(nid);
        }
      }
      frontier = next.sort();
    }
    if (!found) {
      warnings.push(`${box.id}: no rail within reach of ${re}`);
      continue;
    }
    for (let cur = found; cur !== re; cur = prev.get(cur)!) {
      const [x, y] = sideKey(cur, prev.get(cur)!);
      rails.set(`${x}|${y}`, {
        a: x,
        b: y,
        name: `${box.name} spur (RE ${box.id.slice(3)})`,
        prov: 'substitute',
        src: 'links the rail entry hex to the net',
      });
    }
  }

  for (const z of spec.seaZones) {
    const ports = [
      ...new Set(
        [z.control, ...z.ports]
          .filter((p) => spec.places.some((pl) => pl.name === p))
          .map((p) => refId(p))
          .filter((x): x is string => !!x),
      ),
    ].sort();
    const ctl = spec.places.some((p) => p.name === z.control) ? refId(z.control) : undefined;
    const box: MapBox = {
      id: z.id,
      name: z.name,
      kind: 'sea-zone',
      hexes: ports,
      ports,
      control: ctl ?? z.control,
      adjacent: [...z.adjacent].sort(),
      prov: z.prov,
    };
    if (z.src) box.src = z.src;
    boxes.push(box);
  }
  boxes.sort((a, b) => a.id.localeCompare(b.id));

  // ---- named index
  for (const p of spec.places) {
    const id = hexKey(placeAt.get(p.name)!);
    if (hexes.has(id)) named[p.name] = id;
  }
  for (const n of spec.named) {
    const id = refId(n);
    if (id) named[n] = id;
  }
  const namedSorted = Object.fromEntries(Object.entries(named).sort(([a], [b]) => a.localeCompare(b)));

  // ---- assemble
  const hexList: MapHex[] = [...hexes.values()]
    .sort((a, b) => a.r - b.r || a.q - b.q)
    .map((h) => {
      const o: MapHex = { id: h.id, q: h.q, r: h.r, x: round(h.x), y: round(h.y), terrain: h.terrain, prov: h.prov };
      if (h.src) o.src = h.src;
      if (h.name) o.name = h.name;
      if (h.impassable) o.impassable = true;
      if (h.zone) o.zone = h.zone;
      if (h.country) o.country = h.country;
      if (h.railEntry) o.railEntry = h.railEntry;
      if (h.note) o.note = h.note;
      return o;
    });
  let map: MapData = {
    game: spec.game,
    version: spec.version,
    projection: { proj4: def, code: laeaCode(spec.projection) },
    grid: { orientation: grid.orientation, spacing: grid.spacing, rotation: grid.rotation, origin: [grid.origin[0], grid.origin[1]] },
    hexes: hexList,
    hexsides: [...sides.values()].sort((a, b) => a.a.localeCompare(b.a) || a.b.localeCompare(b.b)),
    cities: cities.sort((a, b) => a.name.localeCompare(b.name)),
    rails: [...rails.values()].sort((a, b) => a.a.localeCompare(b.a) || a.b.localeCompare(b.b)),
    named: namedSorted,
    boxes,
    notes: [...spec.notes],
  };
  if (spec.grid.ids || spec.grid.codec) map = withPrintedIds(map, codec.id);
  const aliasOf = spec.grid.codec?.aliases;
  if (aliasOf) {
    const aliases: [string, string][] = [];
    for (const h of map.hexes) for (const a of aliasOf(h)) aliases.push([a, h.id]);
    if (aliases.length) map.aliases = Object.fromEntries(aliases.sort(([a], [b]) => a.localeCompare(b)));
  }
  return { map, report: { placeCollisions: placeCollisions.sort(), unresolved: [...new Set(unresolved)].sort(), warnings } };
}

/** Rename axial "q,r" ids to printed ids throughout a built map (hexes, hexsides, cities, rails, names, boxes). */
function withPrintedIds(map: MapData, idOf: (h: Hex) => string): MapData {
  const ren = (id: string) => idOf(parseHexKey(id));
  const pair = <T extends { a: string; b: string }>(e: T): T => {
    const [a, b] = sideKey(ren(e.a), ren(e.b));
    return { ...e, a, b };
  };
  const bySide = (x: { a: string; b: string }, y: { a: string; b: string }) => x.a.localeCompare(y.a) || x.b.localeCompare(y.b);
  const isKey = (v: string) => /^-?\d+,-?\d+$/.test(v);
  return {
    ...map,
    hexes: map.hexes.map((h) => ({ ...h, id: ren(h.id) })),
    hexsides: map.hexsides.map(pair).sort(bySide),
    cities: map.cities.map((c) => ({ ...c, hex: ren(c.hex) })),
    rails: map.rails.map(pair).sort(bySide),
    named: Object.fromEntries(Object.entries(map.named).map(([k, v]) => [k, ren(v)])),
    boxes: map.boxes.map((b) => {
      const o: MapBox = { ...b, hexes: b.hexes.map(ren) };
      if (b.ports) o.ports = b.ports.map(ren);
      if (b.control && isKey(b.control)) o.control = ren(b.control);
      return o;
    }),
  };
}

/** Serialise with one array element per line: readable diffs, byte-identical for identical input. */
export function serializeMap(map: MapData): string {
  const lines: string[] = ['{'];
  const entries = Object.entries(map);
  entries.forEach(([k, v], i) => {
    const comma = i < entries.length - 1 ? ',' : '';
    if (Array.isArray(v) && v.length && typeof v[0] === 'object') {
      lines.push(`  ${JSON.stringify(k)}: [`);
      v.forEach((item, j) => {
        lines.push(`    ${JSON.stringify(item)}${j < v.length - 1 ? ',' : ''}`);
      });
      lines.push(`  ]${comma}`);
    } else if (v && typeof v === 'object' && !Array.isArray(v) && (k === 'named' || k === 'aliases')) {
      lines.push(`  ${JSON.stringify(k)}: {`);
      const es = Object.entries(v);
      es.forEach(([nk, nv], j) => {
        lines.push(`    ${JSON.stringify(nk)}: ${JSON.stringify(nv)}${j < es.length - 1 ? ',' : ''}`);
      });
      lines.push(`  }${comma}`);
    } else {
      lines.push(`  ${JSON.stringify(k)}: ${JSON.stringify(v)}${comma}`);
    }
  });
  lines.push('}');
  return lines.join('\n') + '\n';
}
