/**
 * Scenario cards, countermix, reinforcements and linking: internal consistency with the printed charts
 * (Production Chart 11.2.1, Air Firepower 13.14, Victory 17.2), 3.2.1 initiative, 2.4 unit sizes, 3.2.2
 * starting forces, 3.1.2 links.
 */
import { describe, expect, it } from 'vitest';
import { MapIndex } from '../../../../maps/index';
import type { MapData } from '../../../../maps/model';
import mapJson from '../../map.json';
import {
  arrivalsOf,
  available,
  block,
  blocks,
  CATEGORY,
  campaign,
  card,
  countermixSizes,
  cards,
  defaultForces,
  reinforcements,
  resolveHex,
  SCENARIOS,
  type Side,
} from '../index';

const idx = new MapIndex(mapJson as unknown as MapData);
const SIDES = ['german', 'soviet'] as const;
const monthIndex = (m: { year: number; month: number }) => m.year * 12 + m.month;

// The Production Chart, Air Firepower table and 17.2 handicaps as printed, to check the cards against.
const CHART = {
  soviet: { basic: [12, 18, 24, 32, 32, 32, 32, 32], start: [64, 49, 56, 62, 64, 74, 82, 89] },
  german: { basic: [40, 40, 50, 50, 60, 60, 50, 40], start: [54, 71, 80, 83, 90, 79, 66, 37] },
};
const AIR = [
  ['TF', 'SF'],
  ['DF', 'SF'],
  ['DF', 'SF'],
  ['DF', 'DF'],
  ['DF', 'DF'],
  ['SF', 'DF'],
  ['SF', 'TF'],
  [null, 'TF'],
];
const HANDICAP = [-40, -30, -30, -15, -10, 10, 50, null];

describe('cards', () => {
  it.each(SCENARIOS.map((id, i) => [id, i] as const))('%s: production, air and handicap as the charts print them', (id, i) => {
    const c = card(id);
    for (const side of SIDES) {
      expect(c.production[side].basic, side).toBe(CHART[side].basic[i]);
      const start = c.production[side].chart ?? c.production[side].start;
      expect(start, side).toBe(CHART[side].start[i]);
      // 3.1.2: the bracketed change is the step in the basic row
      if (i > 0) expect(c.production[side].change, side).toBe(CHART[side].basic[i] - CHART[side].basic[i - 1]);
    }
    expect([c.air.german, c.air.soviet]).toEqual(AIR[i]);
    expect(c.handicap).toBe(HANDICAP[i]);
    if (c.victory.kind === 'vp') expect(c.victory.handicap).toBe(c.handicap);
  });

  it.each(SCENARIOS)('%s: six months (five for the July start), summer German first, winter Soviet first (3.1.1, 3.2.1)', (id) => {
    const c = card(id);
    expect(monthIndex(c.end) - monthIndex(c.start) + 1).toBe(c.months);
    expect(c.start.month).toBe(c.season === 'summer' ? (id === 'S43' ? 7 : 6) : 12);
    expect(c.setup.movesFirst).toBe(c.season === 'summer' ? 'german' : 'soviet');
    const exception = id === 'S41' || id === 'W42';
    if (!exception) expect(c.setup.first).toBe(c.setup.movesFirst);
    else expect(c.setup.first).not.toBe(c.setup.movesFirst);
  });

  it('names only hexes and blocks that exist', () => {
    for (const c of cards)
      for (const r of c.rules) {
        if ('hex' in r) expect(() => resolveHex(idx, r.hex), `${c.id} ${r.kind}`).not.toThrow();
        if (r.kind === 'pocket') for (const h of r.hexes) expect(() => resolveHex(idx, h)).not.toThrow();
        if (r.kind === 'pocket') for (const b of r.mustInclude) expect(block(b).side).toBe(r.side);
        if (r.kind === 'siegeGuns') expect(block(r.block).siegeGun).toBe(c.id);
        if (r.kind === 'balkanFront')
          for (const z of r.zones) expect(idx.map.boxes.some((b) => b.id === `EZ-${z}` && b.front === 'Balkan')).toBe(true);
      }
  });

  it('Leningrad starts without rail exactly in W41-W43 (the five cards with that rule)', () => {
    const cut = cards.filter((c) => c.rules.some((r) => r.kind === 'noRailAtStart')).map((c) => c.id);
    expect(cut).toEqual(['W41', 'S42', 'W42', 'S43', 'W43']);
  });
});

describe('countermix', () => {
  it('has unique ids and the 2.4 / 5.1 maxima', () => {
    expect(new Set(blocks.map((b) => b.id)).size).toBe(blocks.length);
    for (const b of blocks) {
      if (b.type === 'hq' || b.type === 'shq') expect([2, 3], b.id).toContain(b.max);
      else if (b.side === 'german') expect(b.max, b.id).toBe(4);
      else expect(b.max, b.id).toBe(b.guards || b.type === 'shock' ? 4 : 3);
    }
    // W41 rule 2: German HQs total 14 at full strength; S43/S44: six Soviet HQs at 14cv
    const hqMax = (side: Side) => blocks.filter((b) => b.side === side && CATEGORY[b.type] === 'hq').reduce((s, b) => s + b.max, 0);
    expect(hqMax('german')).toBe(14);
    expect(hqMax('soviet')).toBe(14);
  });

  it.each(SCENARIOS)('%s: the available countermix can field every card line, and the default pick meets it (3.2.2)', (id) => {
    const c = card(id);
    for (const side of SIDES) {
      const pick = defaultForces(blocks, c, side);
      const got: Record<string, { units: number; cv: number }> = {};
      for (const u of pick.units) {
        const b = block(u.block);
        const cat = CATEGORY[b.type]!;
        got[cat] ??= { units: 0, cv: 0 };
        got[cat].units++;
        got[cat].cv += u.cv;
        expect(u.cv, u.block).toBeLessThanOrEqual(b.max);
        expect(u.cv, u.block).toBeGreaterThanOrEqual(CATEGORY[b.type] === 'hq' ? 0 : 1);
      }
      for (const [cat, line] of Object.entries(c.forces[side])) {
        if (!line!.units) continue;
        expect(got[cat], `${side} ${cat}`).toEqual({ units: line!.units, cv: line!.cv });
        const ss = pick.units.filter((u) => CATEGORY[block(u.block).type] === cat && block(u.block).ss).length;
        expect(ss, `${side} ${cat} SS`).toBe(line!.ss ?? 0);
      }
      // surplus of the available countermix starts eliminated; nothing still due is in either list
      const pool = available(blocks, c, side).filter((b) => CATEGORY[b.type]);
      expect(pick.units.length + pick.eliminated.length).toBe(pool.length);
      for (const a of arrivalsOf(id, side)) expect([...pick.units.map((u) => u.block), ...pick.eliminated]).not.toContain(a.block);
    }
  });

  it('states its size table as counted from the blocks', () => {
    const key = (side: string, cat: string, nat: string, ss?: boolean, guards?: boolean) => `${side}|${cat}|${nat}|${!!ss}|${!!guards}`;
    const counted = new Map<string, number>();
    for (const b of blocks) {
      const k = key(b.side, CATEGORY[b.type] ?? 'para', b.nat, b.ss, b.guards);
      counted.set(k, (counted.get(k) ?? 0) + 1);
    }
    expect(new Map(countermixSizes.map((r) => [key(r.side, r.category, r.nat, r.ss, r.guards), r.count]))).toEqual(counted);
  });

  it('each type of the countermix is exactly as large as the largest force card needs (sizes derived)', () => {
    for (const side of SIDES)
      for (const cat of ['hq', 'armor', 'mech', 'infantry', 'satellite', 'shock', 'cavalry'] as const) {
        const size = blocks.filter((b) => b.side === side && CATEGORY[b.type] === cat).length;
        const need = Math.max(...SCENARIOS.map((id) => card(id).forces[side][cat]?.units ?? 0));
        expect(size, `${side} ${cat}`).toBe(need);
      }
  });
});

describe('reinforcements (11.5)', () => {
  it('are countermix blocks arriving at the CV and month their label gives, within the scenario of that month', () => {
    for (const side of SIDES)
      for (const a of reinforcements[side]) {
        const b = block(a.block);
        expect(b.side).toBe(side);
        expect(b.arrives).toEqual({ year: a.year, month: a.month, cv: a.cv });
        const c = card(a.scenario);
        expect(monthIndex(a)).toBeGreaterThanOrEqual(monthIndex(c.start));
        expect(monthIndex(a)).toBeLessThanOrEqual(monthIndex(c.end));
        expect(!!a.withSetup, a.block).toBe(monthIndex(a) === monthIndex(c.start));
      }
    const arriving = blocks.filter((b) => b.arrives).map((b) => b.id);
    expect([...reinforcements.german, ...reinforcements.soviet].map((a) => a.block).sort()).toEqual(arriving.sort());
  });

  it('print the German Jul-Nov 41 and Soviet Nov 41 lists of the S41 card', () => {
    expect(arrivalsOf('S41', 'german').map((a) => [a.block, a.month, a.cv])).toEqual([
      ['de-40pz', 7, 4],
      ['de-42', 8, 4],
      ['de-34', 9, 4],
      ['de-59', 10, 4],
      ['de-50mot', 11, 4],
    ]);
    expect(arrivalsOf('S41', 'soviet').map((a) => [a.block, a.month, a.cv])).toEqual([
      ['su-1shock', 11, 4],
      ['su-2shock', 11, 4],
    ]);
  });
});

describe('campaign (3.1.2-3.1.4)', () => {
  it('links every scenario to the next with the card values', () => {
    expect(campaign.links.map((l) => [l.from, l.to])).toEqual(SCENARIOS.slice(1).map((to, i) => [SCENARIOS[i], to]));
    for (const l of campaign.links) {
      const c = card(l.to);
      expect(l.basicChange).toEqual({ german: c.production.german.change, soviet: c.production.soviet.change });
      expect(l.air).toEqual(c.air);
      expect([...l.reinforcements].sort()).toEqual(
        [...arrivalsOf(l.to, 'german'), ...arrivalsOf(l.to, 'soviet')].map((a) => a.block).sort(),
      );
      for (const r of c.rules.filter((x) => x.phase !== 'setup')) expect(l.rules).toContain(r.kind);
      for (const r of c.rules.filter((x) => x.phase === 'setup'))
        if (!cards.some((o) => o.rules.some((x) => x.kind === r.kind && x.phase !== 'setup'))) expect(l.rules).not.toContain(r.kind);
      expect(monthIndex(l.firstMonth)).toBe(monthIndex(c.start) - (l.to === 'S43' ? 1 : 0));
    }
  });

  it('keeps permanent rules in force once they start (siege guns from S42, satellites from S43)', () => {
    const from = (kind: string) => campaign.links.filter((l) => l.rules.includes(kind)).map((l) => l.to);
    expect(from('siegeGuns')).toEqual(['S42', 'W42', 'S43', 'W43', 'S44', 'W44']);
    expect(from('satellitesRestricted')).toEqual(['S43', 'W43', 'S44', 'W44']);
  });
});
