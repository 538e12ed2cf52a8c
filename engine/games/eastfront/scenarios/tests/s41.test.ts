/**
 * Barbarossa set-up data: the historical order of battle against the S'41 card (3.2.2 force totals), the
 * deployment cities and sectors against the map and the startline, the commands for team play.
 */
import { describe, expect, it } from 'vitest';
import { MapIndex } from '../../../../maps/index';
import type { MapData } from '../../../../maps/model';
import mapJson from '../../map.json';
import { block, blocks, CATEGORY, card, type Placement, resolveHex, s41, type Side, startline, territory } from '../index';

const idx = new MapIndex(mapJson as unknown as MapData);
const STACK: Record<string, number> = { clear: 4, forest: 4, marsh: 3, mountain: 2 };

const placements: Record<Side, Placement[]> = {
  soviet: s41.historical.soviet.districts.flatMap((d) => [d.hq, ...d.units]),
  german: s41.historical.german.groups.flatMap((g) => [...g.hqs, ...g.units]),
};

describe("S'41 historical order of battle", () => {
  it.each(['german', 'soviet'] as const)('%s: units and CV per type equal the S41 card (3.2.2)', (side) => {
    const totals: Record<string, { units: number; cv: number }> = {};
    for (const p of placements[side]) {
      const cat = CATEGORY[block(p.block).type]!;
      totals[cat] ??= { units: 0, cv: 0 };
      totals[cat].units++;
      totals[cat].cv += p.cv;
    }
    for (const [cat, line] of Object.entries(card('S41').forces[side]))
      expect(totals[cat] ?? { units: 0, cv: 0 }, cat).toEqual({ units: line!.units, cv: line!.cv });
  });

  it('places every block on the map at start exactly once, within its maximum', () => {
    const placed = [...placements.german, ...placements.soviet].map((p) => p.block);
    expect(new Set(placed).size).toBe(placed.length);
    expect(placed.sort()).toEqual(
      blocks
        .filter((b) => !b.arrives)
        .map((b) => b.id)
        .sort(),
    );
    for (const p of [...placements.german, ...placements.soviet]) {
      expect(p.cv, p.block).toBeGreaterThanOrEqual(1);
      expect(p.cv, p.block).toBeLessThanOrEqual(block(p.block).max);
    }
  });

  it('deploys Soviet city units in Soviet home cities; district codes match the blocks (2.5)', () => {
    const owners = territory(idx, startline('S41'));
    for (const d of s41.historical.soviet.districts)
      for (const p of [d.hq, ...d.units]) {
        if (d.code) expect(block(p.block).code, p.block).toBe(d.code);
        if (p.at === 'front') continue;
        const h = idx.id(p.at!);
        expect(owners.get(h), p.at).toBe('soviet');
        expect(
          idx.cities(h).some((c) => c.kind === 'major' || c.kind === 'minor'),
          `${p.at} is a city`,
        ).toBe(true);
      }
    for (const g of s41.historical.german.groups) for (const p of g.units) expect(block(p.block).code, p.block).toBe(g.id);
  });

  it('reconstructs the two gaps of the text and tags them derived', () => {
    const kiev = s41.historical.soviet.districts.find((d) => d.id === 'KIEV')!;
    expect(kiev.units.filter((u) => u.at === 'front').length).toBe(7);
    expect(kiev.units.every((u) => u.prov === 'derived')).toBe(true);
    const reserve = s41.historical.soviet.districts.find((d) => d.id === 'RESERVE')!;
    expect(reserve.units.find((u) => u.block === 'su-51a')).toMatchObject({ cv: 1, prov: 'derived' });
  });
});

describe("S'41 sectors (MD and AG hash marks)", () => {
  const line = startline('S41');
  it.each(['german', 'soviet'] as const)('%s sectors partition the S41 frontline, north to south', (side) => {
    const all = s41.sectors[side].flatMap((s) => s.frontline.map((n) => resolveHex(idx, n)));
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual(line.frontline[side].map((n) => resolveHex(idx, n)).sort());
    const rows = s41.sectors[side].map((s) => Math.min(...s.frontline.map((n) => idx.hex(resolveHex(idx, n))!.r)));
    expect(rows).toEqual([...rows].sort((a, b) => a - b));
  });

  it('each Soviet district can man its sector: front units (plus city units within a hex) cover every hex', () => {
    for (const d of s41.historical.soviet.districts.filter((x) => x.sector)) {
      const sector = s41.sectors.soviet.find((s) => s.id === d.sector)!.frontline.map((n) => resolveHex(idx, n));
      const front = d.units.filter((u) => u.at === 'front').length;
      const near = [d.hq, ...d.units].filter((u) => u.at && u.at !== 'front' && sector.some((h) => idx.distance(h, idx.id(u.at!)) <= 1));
      expect(front + near.length, d.id).toBeGreaterThanOrEqual(sector.length);
      expect(front, `${d.id}: front units fit in the sector`).toBeLessThanOrEqual(
        sector.reduce((s, h) => s + STACK[idx.hex(h)!.terrain], 0),
      );
    }
  });

  it('each army group fits in its frontline and adjacent German hexes, and can man every frontline hex', () => {
    const owners = territory(idx, line);
    for (const g of s41.historical.german.groups) {
      const front = s41.sectors.german.find((s) => s.id === g.sector)!.frontline.map((n) => resolveHex(idx, n));
      const area = new Set(front);
      for (const h of front) for (const n of idx.landNeighbours(h)) if (owners.get(n) === 'german') area.add(n);
      const room = [...area].reduce((s, h) => s + STACK[idx.hex(h)!.terrain], 0);
      const count = g.hqs.length + g.units.length;
      expect(count, g.id).toBeGreaterThanOrEqual(front.length);
      expect(room, g.id).toBeGreaterThanOrEqual(count);
    }
  });

  it('the Soviet HQ cities are pairwise more than one hex apart (3.2.4: no two HQs adjacent)', () => {
    const hqs = s41.historical.soviet.districts.map((d) => idx.id(d.hq.at!));
    for (const a of hqs) for (const b of hqs) if (a !== b) expect(idx.distance(a, b)).toBeGreaterThan(1);
  });
});

describe('team commands', () => {
  it('one command per HQ block: OKH and four army groups, STAVKA and five fronts', () => {
    for (const side of ['german', 'soviet'] as const) {
      const hqs = blocks.filter((b) => b.side === side && (b.type === 'hq' || b.type === 'shq'));
      expect(s41.commands[side].map((c) => c.hq).sort()).toEqual(hqs.map((b) => b.id).sort());
      expect(s41.commands[side].filter((c) => c.supreme).map((c) => block(c.hq).type)).toEqual(['shq']);
    }
    expect(s41.commands.german).toHaveLength(5);
    expect(s41.commands.soviet).toHaveLength(6);
  });
});
