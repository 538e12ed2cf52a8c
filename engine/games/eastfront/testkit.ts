/**
 * Test helpers: tiny synthetic maps and a driver that folds commands with fixed dice. Not used by the rules.
 */
import { FixedDice, fold, type Actor, type DiceSource } from '../../core';
import type { MapData, MapHexside } from '../../maps/model';
import { createEastfront, type EastfrontConfig, type EastfrontRuleset } from './ruleset';
import type { Command, Event, State } from './state';

export interface TinyMapSpec {
  w: number;
  h: number;
  terrain?: Record<string, string>;
  rivers?: [string, string][];
  sides?: { a: string; b: string; kind: MapHexside['kind'] }[];
  rails?: [string, string][];
  cities?: { hex: string; name: string; kind: 'major' | 'minor'; pp?: number; resource?: number }[];
  named?: Record<string, string>;
}

/** A rhombus of axial hexes with ids "q,r". */
export function tinyMap(spec: TinyMapSpec): MapData {
  const hexes = [];
  for (let q = 0; q < spec.w; q++)
    for (let r = 0; r < spec.h; r++)
      hexes.push({ id: `${q},${r}`, q, r, terrain: spec.terrain?.[`${q},${r}`] ?? 'clear', x: q, y: r, prov: 'substitute' as const });
  return {
    game: 'test',
    version: 1,
    projection: { proj4: '', code: 'test' },
    grid: { orientation: 'pointy', spacing: 1, rotation: 0, origin: [0, 0] },
    hexes,
    hexsides: [
      ...(spec.rivers ?? []).map(([a, b]) => ({ a, b, kind: 'river' as const, prov: 'substitute' as const })),
      ...(spec.sides ?? []).map((s) => ({ ...s, prov: 'substitute' as const })),
    ],
    cities: (spec.cities ?? []).map((c) => ({
      hex: c.hex,
      name: c.name,
      kind: c.kind,
      values: { pp: c.pp ?? 0, ...(c.resource ? { resource: c.resource } : {}) },
      prov: 'substitute' as const,
    })),
    rails: (spec.rails ?? []).map(([a, b]) => ({ a, b, prov: 'substitute' as const })),
    named: spec.named ?? {},
    boxes: [],
  };
}

export const GERMAN: Actor = { side: 'german', commands: ['OKH', 'AG-A', 'production'] };
export const SOVIET: Actor = { side: 'soviet', commands: ['STAVKA', 'FRONT-I', 'production'] };
export const actorOf = (side: string): Actor => (side === 'german' ? GERMAN : SOVIET);

/** A game driver: keeps the event log and state; `play` decides and folds. */
export class Driver {
  events: Event[] = [];
  state: State;
  constructor(
    readonly rs: EastfrontRuleset,
    options: Record<string, boolean> = {},
    setupDice: DiceSource = new FixedDice(Array(64).fill(1)),
  ) {
    this.events = rs.setup('edelweiss', options, setupDice);
    this.state = fold(rs, this.events);
  }
  play(cmd: Command, dice: number[] | DiceSource = [], actor?: Actor): Event[] {
    const d = Array.isArray(dice) ? new FixedDice(dice) : dice;
    const p = this.state.prompt;
    const a = actor ?? actorOf(p?.kind === 'defend' || p?.kind === 'allocate' || p?.kind === 'unsupply' ? p.side : this.state.active);
    const evs = this.rs.decide(this.state, this.rs.parseCommand(cmd), a, d);
    if (d instanceof FixedDice && d.remaining) throw new Error(`${d.remaining} dice left unused after ${cmd.type}`);
    for (const e of evs) this.state = this.rs.evolve(this.state, e);
    this.events.push(...evs);
    return evs;
  }
  unit(id: string) {
    return this.state.units[id];
  }
}

export function tinyGame(spec: TinyMapSpec, cfg: EastfrontConfig, options: Record<string, boolean> = {}) {
  const rs = createEastfront(tinyMap(spec), cfg);
  return new Driver(rs, options);
}
