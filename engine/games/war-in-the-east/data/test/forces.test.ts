import { describe, expect, it } from 'vitest';
import { barbarossaCounters, type Counter, designations, forces, reinforcements, turns, UNIT_TYPES, unitType, units } from '../index';

const start = barbarossaCounters();
const scheduled: Counter[] = Array.from({ length: 20 }, (_, i) => reinforcements(i + 1)).flat();
const isRepair = (c: Counter) => unitType(c.type).class === 'repair';
const NOT_TYPES = new Set(['units', 'repair', 'air', 'about', 'prov', 'src']);

describe('Barbarossa initial forces (31.21, 31.31)', () => {
  it('gives each sector exactly the units of the printed table row', () => {
    const sectors = new Set(forces.sectors.map((s) => s.id));
    for (const [sector, row] of Object.entries(forces.printedBySector)) {
      if (NOT_TYPES.has(sector)) continue;
      expect(sectors.has(sector), sector).toBe(true);
      const here = start.filter((c) => c.sector === sector);
      const got: Record<string, number> = {};
      for (const c of here) got[c.type] = (got[c.type] ?? 0) + 1;
      expect(got, sector).toEqual(row);
    }
  });

  it('adds up to the printed totals: Axis 151 units + 3 repair units, Soviet 248 units', () => {
    for (const side of ['axis', 'soviet'] as const) {
      const printed = forces.printedTotals[side];
      const combat = start.filter((c) => c.side === side && !isRepair(c));
      expect(combat).toHaveLength(printed.units);
      expect(start.filter((c) => c.side === side && isRepair(c))).toHaveLength(printed.repair);
      for (const [type, n] of Object.entries(printed)) {
        if (NOT_TYPES.has(type)) continue;
        expect(combat.filter((c) => c.type === type).length, type).toBe(n);
      }
    }
    expect(forces.printedTotals.axis.units).toBe(151);
    expect(forces.printedTotals.soviet.units).toBe(248);
  });

  it('puts the four German 6-5s of 31.21 with the Finns', () => {
    const finland = start.filter((c) => c.sector === 'finland');
    expect(finland.filter((c) => c.type === '6-5' && c.nat === 'german')).toHaveLength(4);
    expect(finland.filter((c) => c.nat === 'finnish')).toHaveLength(17);
    expect(new Set(finland.map((c) => c.command))).toEqual(new Set(['finland']));
  });

  it('starts every unit at full strength of a known type and side', () => {
    for (const c of [...start, ...scheduled]) {
      const t = UNIT_TYPES.get(c.type);
      expect(t, c.id).toBeDefined();
      expect(t!.side).toBe(c.side);
    }
  });
});

describe('designations (36.1)', () => {
  it('never repeats a counter id across the start forces and the GT 1-20 reinforcements', () => {
    const ids = [...start, ...scheduled].map((c) => c.id);
    const dup = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(dup).toEqual([]);
  });

  it('takes every printed-list label from the 36.1 list of its type (or the list it names)', () => {
    const groups = [...forces.sectors.flatMap((s) => s.groups), ...turns.turns.flatMap((t) => [...t.axis, ...t.soviet])];
    const printedGroups = groups.filter((g) => g.designation === 'printed-list');
    expect(printedGroups.length).toBeGreaterThan(20);
    for (const g of printedGroups) {
      const [key, sub] = (g.labelsFrom ?? g.type).split('/');
      const known = sub ? designations.lists[key][sub] : Object.values(designations.lists[key] ?? {}).flat();
      for (const label of g.labels ?? []) expect(known, `${g.series} ${label}`).toContain(label);
    }
  });

  it('numbers generic Soviet counters inside the 36.1 numbering rule of their type', () => {
    for (const c of [...start, ...scheduled].filter((x) => x.side === 'soviet' && x.designation === 'generic')) {
      const range = designations.numberedRanges[c.type];
      expect(range, c.type).toBeDefined();
      const n = Number(c.label);
      expect(Number.isInteger(n) && n >= range.from, c.id).toBe(true);
      if (range.to !== null) expect(n, c.id).toBeLessThanOrEqual(range.to);
    }
  });

  it('keeps the scheduled forces inside the 36.3 counter mix', () => {
    const used: Record<string, number> = {};
    for (const c of [...start, ...scheduled]) used[c.type] = (used[c.type] ?? 0) + 1;
    for (const [type, n] of Object.entries(used)) expect(n, type).toBeLessThanOrEqual(units.counterMix[type]);
  });
});

describe('kampfgruppe and battlegroup faces (10.3)', () => {
  const withKg = [...UNIT_TYPES.values()].filter((t) => t.reduced);

  it('gives a reduced face to exactly the types 10.3 lists', () => {
    const codes = withKg.map((t) => t.code.replace(/F$/, '')).sort();
    expect(codes).toEqual(['10-1-10', '10-8', '2-3', '4-4', '4-5', '5-5', '6-3', '6-5', '8-6', '8-8', '9-6'].sort());
  });

  it('makes substitute faces about a third of the full unit, at least 1, movement unchanged (16.0, 10.36)', () => {
    for (const t of withKg.filter((x) => x.reduced!.prov === 'substitute')) {
      const third = (x: number) => Math.max(1, Math.round(x / 3));
      expect([t.reduced!.att, t.reduced!.def, t.reduced!.ma], t.code).toEqual([third(t.att), third(t.def), t.ma]);
    }
  });

  it('shows the 6-5 KG as the 1-5 of 36.1 and the 6-3 KG as the same counter face (36.3, 16.04)', () => {
    const inf = unitType('6-5').reduced!;
    const sec = unitType('6-3').reduced!;
    expect([inf.att, inf.def, inf.ma]).toEqual([1, 1, 5]);
    expect([sec.att, sec.def, sec.ma]).toEqual([inf.att, inf.def, inf.ma]);
    expect(inf.prov).toBe('derived');
  });

  it('never gives a tagged or non-KG counter a reduced face', () => {
    for (const t of UNIT_TYPES.values()) if (t.reverse) expect(t.reduced, t.code).toBeUndefined();
  });
});
