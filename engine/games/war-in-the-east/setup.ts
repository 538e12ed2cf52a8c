/**
 * Barbarossa set-up (31.51) by a fixed placement rule. The data gives each counter only its sector (31.21, 31.31);
 * the book lets the players place freely inside it. Until a free set-up phase exists, the engine places every
 * counter by this rule, which is OURS (substitute, docs/rulings/war-in-the-east.md "Set-up placement"):
 *
 *   1. A sector's hexes are its land hexes on the map's sector region (lakes, sea, Sweden and Hungary excluded,
 *      30.34E), ordered by hex distance from that side's Start Line hexes (reserves: from the named city), then
 *      by hex number.
 *   2. Start Line cover first (31.51: every Start Line hex occupied by or in the zone of control of infantry):
 *      walking the sector's Start Line hexes by hex number, each one not yet covered gets an infantry counter
 *      on the sector hex, among it and its neighbours, that covers the most uncovered Start Line hexes (then the
 *      nearer the line, then the lowest number).
 *   3. The remaining counters, infantry first, in the data's order, are dealt round-robin over the ordered hexes,
 *      one per hex per round, never over the stacking limit (9.0: four Axis, three Russian), counting units of
 *      other sectors already placed there.
 *   4. The three Axis railroad repair units go on the SW section west of the Start Line (31.51): the Center and
 *      South sector hexes on SW farthest from the line first, then by hex number.
 */
import { hopDistances } from '../../mechanics/board';
import { hasSide, witeBoard } from './board';
import { barbarossaCounters, type Counter, forces, scenario, type Side, unitType } from './data';
import type { PlacedUnit } from './state';

export const STACK_LIMIT: Record<Side, number> = { axis: 4, soviet: 3 };

function orderedHexes(sectorId: string, side: Side, reserveCity?: string): number[] {
  const b = witeBoard();
  const region = b.regions.get(`sector-${sectorId}`);
  if (!region) throw new Error(`no map region for sector ${sectorId}`);
  let sources: number[];
  if (reserveCity) {
    const c = b.named[reserveCity];
    const i = c === undefined ? undefined : b.index.get(c);
    if (i === undefined) throw new Error(`reserve city ${reserveCity} is not on the map`);
    sources = [i];
  } else {
    sources = (b.regions.get(`startline-${side}`)?.hexes ?? []).map((h) => b.index.get(h)).filter((i): i is number => i !== undefined);
  }
  const dist = hopDistances(sources, b.nb);
  return region.hexes
    .map((h) => b.index.get(h))
    .filter((i): i is number => i !== undefined && !b.impassable[i] && b.terr[i] !== 'lake' && b.country[i] !== 'Hungary')
    .sort((x, y) => dist[x] - dist[y] || (b.ids[x] < b.ids[y] ? -1 : b.ids[x] > b.ids[y] ? 1 : 0));
}

const isInfantry = (c: Counter) => unitType(c.type).class === 'infantry';

/** Rule 2: infantry on hexes covering the sector's Start Line hexes; returns the counters left to deal. */
function coverLine(counters: Counter[], hexes: number[], side: Side, load: Map<number, number>, out: PlacedUnit[]): Counter[] {
  const b = witeBoard();
  const inSector = new Set(hexes);
  const line = (b.regions.get(`startline-${side}`)?.hexes ?? [])
    .map((h) => b.index.get(h))
    .filter((i): i is number => i !== undefined && inSector.has(i))
    .sort((x, y) => (b.ids[x] < b.ids[y] ? -1 : 1));
  const onLine = new Set(line);
  const rank = new Map(hexes.map((h, k) => [h, k]));
  const covers = (h: number) =>
    [h, ...b.nb[h].filter((n) => !hasSide(b.seaSide, h, n) && !hasSide(b.lakeSide, h, n))].filter((n) => onLine.has(n));
  const covered = new Set<number>();
  const infantry = counters.filter(isInfantry);
  const rest = counters.filter((c) => !isInfantry(c));
  for (const h of line) {
    if (covered.has(h) || !infantry.length) continue;
    const spots = [h, ...b.nb[h]].filter((c) => inSector.has(c) && (load.get(c) ?? 0) < STACK_LIMIT[side]);
    if (!spots.length) continue;
    const gain = (c: number) => covers(c).filter((n) => !covered.has(n)).length;
    spots.sort((x, y) => gain(y) - gain(x) || (rank.get(x) ?? 0) - (rank.get(y) ?? 0));
    const at = spots[0];
    const c = infantry.shift() as Counter;
    load.set(at, (load.get(at) ?? 0) + 1);
    out.push({ id: c.id, type: c.type, side: c.side, command: c.command, label: c.label, at: b.ids[at] });
    for (const n of covers(at)) covered.add(n);
  }
  return [...infantry, ...rest];
}

function deal(counters: Counter[], hexes: number[], limit: number, load: Map<number, number>, out: PlacedUnit[]): void {
  const b = witeBoard();
  const queue = [...counters.filter(isInfantry), ...counters.filter((c) => !isInfantry(c))];
  let k = 0;
  while (queue.length) {
    let placed = false;
    for (let n = 0; n < hexes.length && queue.length; n++) {
      const h = hexes[(k + n) % hexes.length];
      if ((load.get(h) ?? 0) >= limit) continue;
      const c = queue.shift() as Counter;
      load.set(h, (load.get(h) ?? 0) + 1);
      out.push({ id: c.id, type: c.type, side: c.side, command: c.command, label: c.label, at: b.ids[h] });
      placed = true;
    }
    k = 0;
    if (!placed) throw new Error(`set-up: no room left for ${queue.length} counters (${queue[0]?.sector})`);
  }
}

/** Every Barbarossa counter with its set-up hex. Deterministic: the same list every time. */
export function barbarossaPlacement(): PlacedUnit[] {
  const all = barbarossaCounters();
  const out: PlacedUnit[] = [];
  const load = new Map<number, number>();
  // 31.51: the Russian sets up first, then the Axis.
  for (const side of scenario.setup.order as Side[])
    for (const sec of forces.sectors.filter((s) => s.side === side)) {
      const mine = all.filter((c) => c.sector === sec.id);
      const hexes = orderedHexes(sec.id, side, sec.reserveCity);
      const left = sec.reserveCity ? mine : coverLine(mine, hexes, side, load, out);
      deal(left, hexes, STACK_LIMIT[side], load, out);
    }
  const b = witeBoard();
  const axisDist = hopDistances(
    (b.regions.get('startline-axis')?.hexes ?? []).map((h) => b.index.get(h)).filter((i): i is number => i !== undefined),
    b.nb,
  );
  const repairHexes = ['center', 'south']
    .flatMap((s) => orderedHexes(s, 'axis'))
    .filter((i) => b.ids[i].startsWith('SW'))
    .sort((x, y) => axisDist[y] - axisDist[x] || (b.ids[x] < b.ids[y] ? -1 : 1));
  deal(
    all.filter((c) => !c.sector),
    repairHexes,
    STACK_LIMIT.axis,
    load,
    out,
  );
  return out;
}
