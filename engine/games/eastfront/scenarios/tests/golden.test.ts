/**
 * Golden fixtures (data/golden/*.json) for the rules helper: every hex they name resolves on the map, and
 * each expected outcome is consistent with the printed numbers and with the test helpers' independent reading
 * of control and supply (tests/supply.ts). The rules engine is to reproduce them with its own code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MapIndex } from '../../../../maps/index';
import type { MapData } from '../../../../maps/model';
import mapJson from '../../map.json';
import { card, type Owner, resolveHex, type ScenarioId, type Side, startline, territory } from '../index';
import { type Battle, type Control, controlFrom, hasSupplyLine, railSeaSupply } from './supply';

const idx = new MapIndex(mapJson as unknown as MapData);
const dir = resolve(import.meta.dirname, '../data/golden');
const fixtures: Record<string, any> = Object.fromEntries(
  readdirSync(dir).map((f) => [f.replace('.json', ''), JSON.parse(readFileSync(resolve(dir, f), 'utf8'))]),
);

const HEX_KEYS = new Set(['at', 'to', 'hex', 'from', 'city', 'H1', 'H2', 'H3']);
const HEX_LISTS = new Set(['german', 'soviet', 'disputed', 'includes', 'excludes', 'moved', 'path', 'unchanged']);
/** Every hex reference in a fixture: values under hex keys and lists, and the keys of `control` maps. */
function hexRefs(node: unknown, key = '', parent = ''): string[] {
  if (typeof node === 'string') return HEX_KEYS.has(key) && parent !== 'link' ? [node] : [];
  if (Array.isArray(node)) return node.flatMap((x) => (typeof x === 'string' ? (HEX_LISTS.has(key) ? [x] : []) : hexRefs(x, key, parent)));
  if (!node || typeof node !== 'object') return [];
  const entries = Object.entries(node);
  const owner = (v: unknown) => v === 'german' || v === 'soviet' || v === 'disputed';
  const keys = key === 'control' ? entries.filter(([, v]) => owner(v)).map(([k]) => k) : [];
  return [...keys, ...entries.filter(([k]) => k !== 'air' && k !== 'dice').flatMap(([k, v]) => hexRefs(v, k, key))];
}

describe('golden fixtures', () => {
  it('are all present', () => {
    expect(Object.keys(fixtures).sort()).toEqual(
      [
        'economy-facts',
        'exit-zones',
        'rumanian-surrender',
        'sea-assault',
        'sea-invasion',
        'sea-movement',
        'sea-supply',
        'supply-example',
        'victory-example',
      ].sort(),
    );
  });
  it.each(Object.keys(fixtures))('%s: every hex name resolves on the map', (name) => {
    const refs = hexRefs(fixtures[name]);
    if (name !== 'victory-example') expect(refs.length).toBeGreaterThan(0);
    for (const r of refs) expect(() => resolveHex(idx, r), `${name}: ${r}`).not.toThrow();
  });
});

function situation(f: any) {
  const prior = territory(idx, startline(f.base as ScenarioId));
  for (const side of ['german', 'soviet'] as const) for (const n of f.control?.[side] ?? []) prior.set(resolveHex(idx, n), side as Owner);
  const battles: Battle[] = (f.battles ?? []).map((b: Battle) => ({ hex: resolveHex(idx, b.hex), od: b.od }));
  const units = (f.units ?? [])
    .filter((u: { at: string }) => idx.hex(resolveHex(idx, u.at)))
    .map((u: { side: Side; at: string }) => ({ side: u.side, at: resolveHex(idx, u.at) }));
  const control: Control = controlFrom(idx, prior, units, battles);
  const sources = startline(f.base as ScenarioId).railSources;
  const net = (side: Side) => railSeaSupply(idx, control, side, { battles, sources: sources?.[side] });
  return { control, net };
}

describe('victory example (17.1-17.3)', () => {
  const f = fixtures['victory-example'];
  it('reproduces the printed arithmetic', () => {
    const vp = (s: Side) => {
      const x = f.input[s];
      return (
        x.production +
        2 * x.hqCv -
        4 * x.eliminatedHqs -
        (s === 'german' ? 2 : 1) * x.eliminatedUnits -
        (x.restrictedSatellites ?? 0) -
        (x.unsuppliedUnits ?? 0)
      );
    };
    expect(vp('soviet')).toBe(f.expected.soviet.vp);
    expect(vp('german')).toBe(f.expected.german.vp);
    expect(vp('german') + f.input.handicap).toBe(f.expected.german.net);
    expect(f.input.handicap).toBe(card('S41').handicap);
    const diff = vp('soviet') - (vp('german') + f.input.handicap);
    expect(diff).toBe(f.expected.difference);
    expect(diff >= 6 && diff <= 15).toBe(f.expected.level === 'Marginal');
  });
});

describe('economy facts (1.5, 11.2.3, 3.1.2, 17.2)', () => {
  for (const c of fixtures['economy-facts'].cases)
    it(c.id, () => {
      if (c.city) {
        const city = idx.map.cities.find((x) => x.name === c.city)!;
        const v = (german: boolean) =>
          (city.kind === 'major' ? (city.values?.pp ?? 0) : 0) + (city.values?.resource ?? 0) * (german ? 2 : 1);
        expect({ soviet: v(false), german: v(true) }).toEqual(c.expected);
      }
      if (c.link) expect(card(c.link.to).production[c.side as Side].change).toBe(c.expected.basicChange);
      if (c.scenario) expect(card(c.scenario).handicap).toBe(c.expected.handicap);
    });
});

describe('supply example (8.x, 9.12, 10.x) on the map', () => {
  const f = fixtures['supply-example'];
  const { control, net } = situation(f);
  it('gives H1, H2, H3 the printed control', () => {
    for (const [hex, owner] of Object.entries(f.expected.control)) expect(control.get(resolveHex(idx, hex)), hex).toBe(owner);
  });
  it('cuts the Soviet rail net at H1 and H2 and keeps the German railhead', () => {
    for (const side of ['german', 'soviet'] as const) {
      const e = f.expected.railSupply[side];
      for (const h of e.includes ?? []) expect(net(side).has(resolveHex(idx, h)), `${side} ${h}`).toBe(true);
      for (const h of e.excludes ?? []) expect(net(side).has(resolveHex(idx, h)), `${side} ${h}`).toBe(false);
    }
  });
  it('finds the printed supply lines; the German supply phase attrits only Soviet units without one', () => {
    const at = (id: string) => f.units.find((u: { id: string }) => u.id === id);
    for (const [id, ok] of Object.entries(f.expected.supplyLine)) {
      const u = at(id);
      expect(hasSupplyLine(idx, control, u.side, resolveHex(idx, u.at), net(u.side)), id).toBe(ok);
    }
    const lose = f.units.filter(
      (u: { side: Side; at: string }) =>
        u.side === 'soviet' && !hasSupplyLine(idx, control, 'soviet', resolveHex(idx, u.at), net('soviet')),
    );
    expect(lose.map((u: { id: string }) => u.id).sort()).toEqual([...f.expected.germanSupplyPhase.loseStep].sort());
  });
});

describe('sea movement (15.2)', () => {
  const zoneOf = (port: string) => idx.map.cities.find((c) => c.hex === idx.id(port))!.seaZones!;
  const name = (z: string) => idx.map.boxes.find((b) => b.id === z)!.name;
  for (const c of fixtures['sea-movement'].cases)
    it(c.id, () => {
      // fewest controlled zones from the port's zones to the destination's zones (one sea move each)
      const start = zoneOf(c.unit.at);
      const goal = new Set(zoneOf(c.to));
      const prev = new Map<string, string | null>(start.map((z) => [z, null]));
      const queue = [...start];
      while (queue.length) {
        const z = queue.shift()!;
        for (const n of idx.map.boxes.find((b) => b.id === z)!.adjacent ?? []) if (!prev.has(n)) prev.set(n, z), queue.push(n);
      }
      const end = [...goal].find((z) => prev.has(z))!;
      const path: string[] = [];
      for (let z: string | null = end; z; z = prev.get(z)!) path.unshift(z);
      const embattled = (c.battles ?? []).some((b: Battle) => resolveHex(idx, b.hex) === idx.id(c.to));
      expect(!embattled).toBe(c.expected.legal);
      if (c.expected.legal) {
        expect(path.length).toBe(c.expected.seaMoves);
        expect(path.map(name)).toEqual(c.expected.zones);
      }
    });
});

describe('sea supply, invasion and Rumanian surrender', () => {
  for (const c of fixtures['sea-supply'].cases)
    it(`sea supply: ${c.id}`, () => {
      const { control, net } = situation(c);
      const e = c.expected;
      for (const h of e.railSupply?.german?.includes ?? e.railSeaSupply?.german?.includes ?? [])
        expect(net('german').has(idx.id(h)), h).toBe(true);
      for (const h of e.railSupply?.german?.excludes ?? []) expect(net('german').has(idx.id(h)), h).toBe(false);
      for (const [id, ok] of Object.entries(e.supplyLine ?? {})) {
        const u = c.units.find((x: { id: string }) => x.id === id);
        expect(hasSupplyLine(idx, control, 'german', idx.id(u.at), net('german')), id).toBe(ok);
      }
      if (e.seaLink) {
        const zone = idx.map.boxes.filter(
          (b) => b.kind === 'sea-zone' && b.ports?.includes(idx.id(e.seaLink.to)) && b.ports?.includes(idx.id(e.seaLink.from)),
        );
        const controlled = zone.some((z) => control.get(z.control ?? '') === 'german');
        expect(controlled).toBe(e.seaLink.available);
      }
    });

  it('sea invasion: Constanza becomes a Soviet rail/sea source once taken', () => {
    const f = fixtures['sea-invasion'];
    const before = situation(f);
    expect(before.control.get(idx.id('Constanza'))).toBe('german');
    const after = situation({ ...f, units: [...f.units, { side: 'soviet', at: 'Constanza' }] });
    for (const h of f.expected.after.railSeaSupply.soviet.includes) expect(after.net('soviet').has(idx.id(h)), h).toBe(true);
    expect(idx.map.boxes.find((b) => b.name === f.expected.seaZone)!.ports).toEqual(
      expect.arrayContaining([idx.id('Sevastopol'), idx.id('Constanza')]),
    );
  });

  it('sea assault: the target is a coastal, non-shoal hex of the embarkation zone, and the dice give 1 hit and 1 repulse', () => {
    const f = fixtures['sea-assault'];
    const zone = idx.map.boxes.find((b) => b.kind === 'sea-zone' && b.ports?.includes(idx.id('Novorossiysk')))!;
    expect(idx.neighbours(idx.id('Simferopol')).some((n) => idx.hex(n)!.zone === zone.id)).toBe(true);
    expect(['mountain', 'marsh']).not.toContain(idx.hex(idx.id('Simferopol'))!.terrain);
    const faces: number[] = f.dice.defensiveFire.faces;
    expect([faces.filter((d) => d === 6).length, faces.filter((d) => d <= 2).length]).toEqual([
      f.expected.defensiveFire.hits,
      f.expected.defensiveFire.repulses,
    ]);
  });

  it('Rumanian surrender: hexes in a German ZOC and occupied EZ I keep their control, the rest of Rumania turns Soviet', () => {
    const f = fixtures['rumanian-surrender'];
    const ger = idx.id('Ploesti');
    const zoc = idx.landNeighbours(ger).filter((n) => !['river', 'major-river', 'strait'].includes(idx.hexside(ger, n)?.kind ?? ''));
    const rumania = idx.hexes.filter((h) => h.country === 'Rumania' && idx.playable(h.id)).map((h) => h.id);
    const unchanged = f.expected.control.unchanged.filter((n: string) => !n.startsWith('EZ-')).map((n: string) => idx.id(n));
    expect(unchanged.sort()).toEqual([ger, ...zoc.filter((h) => rumania.includes(h))].sort());
    const soviet = f.expected.control.soviet.filter((n: string) => !n.startsWith('EZ-')).map((n: string) => resolveHex(idx, n));
    expect([...soviet, ...unchanged].sort()).toEqual([...rumania].sort());
    // 16.12: with Rumania Soviet, Ploesti has no German rail line
    const control: Control = new Map(territory(idx, startline('S44')));
    for (const h of soviet) control.set(h, 'soviet');
    control.set(idx.id('Bucharest'), 'soviet');
    expect(railSeaSupply(idx, control, 'german').has(ger)).toBe(f.expected.ploesti.germanRailSupply);
  });
});

describe('exit zones (16.21-16.3)', () => {
  const box = (id: string) => idx.map.boxes.find((b) => b.id === id)!;
  it('Ivanovo is the rail entry of EZ T, T and S are adjacent, O lies on the Volga front', () => {
    expect(box('EZ-T').hexes).toEqual([idx.id('Ivanovo')]);
    expect(box('EZ-T').adjacent).toContain('EZ-S');
    expect(box('EZ-O').front).toBe('Volga');
  });
  it('a German-held Volga zone costs the Soviets 2, halved while contested (16.32, 16.3)', () => {
    for (const c of fixtures['exit-zones'].cases.filter((x: { expected: { sovietPp?: number } }) => x.expected.sovietPp !== undefined)) {
      const contested = c.units.some((u: { side: Side }) => u.side === 'soviet');
      expect(contested ? -2 / 2 : -2, c.id).toBe(c.expected.sovietPp);
    }
  });
});
