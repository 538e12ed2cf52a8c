/** Situations for War in the East rules tests: a hand-built state on the real map. */
import { FixedDice } from '../../../core/dice';
import { type Actor, fold } from '../../../core/ruleset';
import { witeBoard } from '../board';
import { unitType } from '../data';
import { warInTheEast } from '../index';
import type { Event, PhaseId, PlacedUnit, State } from '../state';

export const AXIS: Actor = { side: 'axis', commands: ['okh', 'finland', 'ag-north', 'ag-center', 'ag-south', 'rumania'] };
export const SOVIET: Actor = { side: 'soviet', commands: ['stavka', 'finnish-border', 'baltic', 'west', 'kiev', 'rumanian-border'] };

export interface Put {
  id: string;
  type: string;
  at: string;
  kg?: boolean;
  command?: string;
}

/** A state with only these units, in a given Game-Turn and phase. */
export function situation(units: Put[], at: { gt?: number; player?: 'axis' | 'soviet'; phase?: PhaseId } = {}): State {
  const placed: PlacedUnit[] = units.map((u) => {
    const t = unitType(u.type);
    return {
      id: u.id,
      type: u.type,
      side: t.side,
      command: u.command ?? (t.side === 'axis' ? 'ag-center' : 'west'),
      label: u.id,
      at: u.at,
    };
  });
  const events: Event[] = [
    { type: 'setUp', scenario: 'barbarossa', lastGt: 20, units: placed },
    { type: 'phase', gt: at.gt ?? 2, player: at.player ?? 'axis', phase: at.phase ?? 'initial-movement' },
  ];
  let s = fold(warInTheEast, events);
  for (const u of units) if (u.kg) s = warInTheEast.evolve(s, { type: 'lost', unit: u.id, how: 'reduced', rule: 'test' });
  return s;
}

export const decide = (s: State, cmd: unknown, actor: Actor, dice: number[] = []) =>
  warInTheEast.decide(s, warInTheEast.parseCommand(cmd), actor, new FixedDice(dice));

export const play = (s: State, cmd: unknown, actor: Actor, dice: number[] = []) =>
  decide(s, cmd, actor, dice).reduce(warInTheEast.evolve, s);

/**
 * A hex whose whole neighbourhood of `radius` is clear USSR land south of the Weatherline with no river, lake or
 * sea hexside: a plain to test movement costs on. The first such hex by hex number.
 */
export function clearPatch(radius: number, skip = 0): { centre: string; ring: (n: number) => string[] } {
  const b = witeBoard();
  const order = [...b.ids.keys()].sort((x, y) => (b.ids[x] < b.ids[y] ? -1 : 1));
  let found = 0;
  for (const c of order) {
    const area = within(c, radius + 1);
    const ok = [...area.keys()].every(
      (i) =>
        b.terr[i] === 'clear' &&
        !b.impassable[i] &&
        b.country[i] === 'USSR' &&
        !b.northOfWeatherline[i] &&
        b.nb[i].length === 6 &&
        b.nb[i].every((n) => !b.river.has(key(i, n)) && !b.lakeSide.has(key(i, n)) && !b.seaSide.has(key(i, n))),
    );
    if (ok && found++ === skip)
      return { centre: b.ids[c], ring: (n) => [...within(c, n)].filter(([, d]) => d === n).map(([i]) => b.ids[i]) };
  }
  throw new Error('no clear patch on the map');
}

const key = (a: number, c: number) => (a < c ? a * 65536 + c : c * 65536 + a);

function within(c: number, r: number): Map<number, number> {
  const b = witeBoard();
  const d = new Map<number, number>([[c, 0]]);
  const q = [c];
  for (let k = 0; k < q.length; k++) {
    const i = q[k];
    const di = d.get(i) ?? 0;
    if (di >= r) continue;
    for (const n of b.nb[i])
      if (!d.has(n)) {
        d.set(n, di + 1);
        q.push(n);
      }
  }
  return d;
}

/** Neighbours of a hex by id. */
export const around = (hex: string): string[] => {
  const b = witeBoard();
  return b.nb[b.index.get(hex) as number].map((i) => b.ids[i]);
};

/** Common neighbours of two hexes. */
export const between = (a: string, c: string): string[] => around(a).filter((h) => around(c).includes(h));
