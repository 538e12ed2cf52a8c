/**
 * Startlines (3.2.3-3.2.4): each list is consistent with the territory it implies and with its stated
 * derivation; the Production Chart checksum holds on it (11.2: starting level - basic = the cities and
 * resources each side holds in rail/sea supply, resources doubled for the Germans, 1.5); and the cards' named
 * facts hold (Volkhov, Kremenchug W1, Stalingrad, Leningrad without rail, Courland).
 */
import { describe, expect, it } from 'vitest';
import { MapIndex } from '../../../../maps/index';
import type { MapData } from '../../../../maps/model';
import mapJson from '../../map.json';
import { card, frontlineOf, resolveHex, rulesOf, SCENARIOS, type Side, startline, territory } from '../index';
import { type Control, controlFrom, heldValue, ownersFromDerivation, railSeaSupply } from './supply';

const idx = new MapIndex(mapJson as unknown as MapData);
const sorted = (a: Iterable<string>) => [...a].sort();

function setup(id: (typeof SCENARIOS)[number]) {
  const line = startline(id);
  const owners = territory(idx, line);
  const battles = (line.battles ?? []).map((b) => ({ hex: resolveHex(idx, b.hex), od: b.od }));
  const control: Control = new Map(owners);
  for (const b of battles) control.set(b.hex, b.od);
  const net = (side: Side) => railSeaSupply(idx, control, side, { battles, sources: line.railSources?.[side] });
  return { line, owners, control, battles, net };
}

describe.each(SCENARIOS)('startline %s', (id) => {
  const { line, owners, control, net } = setup(id);

  it('names every frontline hex on the map, once', () => {
    for (const side of ['german', 'soviet'] as const) {
      const ids = line.frontline[side].map((n) => resolveHex(idx, n));
      expect(new Set(ids).size, side).toBe(ids.length);
      for (const h of ids) expect(idx.playable(h), `${side} ${h}`).toBe(true);
    }
  });

  it('lists exactly the frontline of the territory it implies (3.2.4)', () => {
    const front = frontlineOf(idx, owners);
    for (const side of ['german', 'soviet'] as const)
      expect(sorted(front[side]), side).toEqual(sorted(line.frontline[side].map((n) => resolveHex(idx, n))));
  });

  it('agrees with its stated derivation, hex by hex', () => {
    const derived = ownersFromDerivation(idx, line);
    const diff = [...owners].filter(([h, o]) => derived.get(h) !== o).map(([h]) => h);
    expect(diff).toEqual([]);
  });

  it('gives the card production level: starting - basic = held cities and resources (11.2, 1.5)', () => {
    const c = card(id);
    const ez = rulesOf(c, 'balkanFront').reduce((s, r) => s + r.germanPp, 0); // W44 rule 5: contested EZs
    for (const side of ['german', 'soviet'] as const) {
      const p = c.production[side];
      const target = p.start - (p.basic ?? 0) - (side === 'german' ? ez : 0);
      expect(heldValue(idx, control, net(side), side), `${id} ${side}`).toBe(target);
    }
  });

  it("keeps Leningrad out of Soviet rail supply exactly where the card says so (rule 'Leningrad')", () => {
    const cut = rulesOf(card(id), 'noRailAtStart').some((r) => r.hex === 'Leningrad');
    const len = idx.id('Leningrad');
    expect(control.get(len)).toBe('soviet');
    expect(net('soviet').has(len)).toBe(!cut);
  });

  it("places each card battle hex on the startline with the printed Original Defender's side holding it", () => {
    const listed = (line.battles ?? []).map((b) => `${resolveHex(idx, b.hex)}:${b.od}`);
    const printed = rulesOf(card(id), 'battleHex').map((r) => `${resolveHex(idx, r.hex)}:${r.od}`);
    expect(sorted(listed)).toEqual(sorted(printed));
    for (const b of line.battles ?? []) {
      const h = resolveHex(idx, b.hex);
      const other = b.od === 'german' ? 'soviet' : 'german';
      expect(owners.get(h), b.hex).toBe(b.od);
      expect(
        idx.landNeighbours(h).some((n) => owners.get(n) === other),
        `${b.hex} touches the enemy`,
      ).toBe(true);
    }
  });
});

describe('named facts', () => {
  it('S41: the Baltic MD has three frontline hexes ending at the hex north of Grodno (map errata)', () => {
    const { owners } = setup('S41');
    const grodnoN = idx.id('Grodno NE1');
    expect(owners.get(grodnoN)).toBe('soviet');
    expect(owners.get(idx.id('Grodno NW1'))).toBe('german'); // the other hex "north of Grodno" is German
    // the Soviet frontline north of Grodno: Ventspils, Riga SW1, Grodno NE1
    const north = setup('S41').line.frontline.soviet.filter((n) => idx.hex(resolveHex(idx, n))!.r < idx.hex(idx.id('Grodno'))!.r);
    expect(north.map((n) => resolveHex(idx, n)).sort()).toEqual([idx.id('Ventspils'), idx.id('Riga SW1'), grodnoN].sort());
  });

  it('S41: the startline is the June 1941 frontier of the country layer (Hungary not on it)', () => {
    const { owners } = setup('S41');
    for (const [h, o] of owners) {
      const country = idx.hex(h)!.country;
      if (country === 'USSR') expect(o, h).toBe('soviet');
      else if (['Hungary', 'Finland'].includes(country ?? '')) expect(o, h).toBe('neutral');
      else expect(o, h).toBe('german');
    }
  });

  it('W42: Stalingrad is a Soviet-held battle hex in Soviet rail supply, with German hexes beside it', () => {
    const { control, net } = setup('W42');
    const s = idx.id('Stalingrad');
    expect(control.get(s)).toBe('soviet');
    expect(net('soviet').has(s)).toBe(true);
  });

  it('W43: Kremenchug W1 is German with Kremenchug Soviet (the Dnepr bridgehead)', () => {
    const { owners } = setup('W43');
    expect(owners.get(idx.id('Kremenchug W1'))).toBe('german');
    expect(owners.get(idx.id('Kremenchug'))).toBe('soviet');
  });

  it('S42-W43: Volkhov is German-held and cuts Leningrad from the Soviet rail net', () => {
    for (const id of ['S42', 'W42', 'S43', 'W43'] as const) {
      const { owners } = setup(id);
      expect(owners.get(idx.id('Volkhov')), id).toBe('german');
    }
  });

  it('W44: the Courland pocket near Riga is German, cut off by land, room for eight units, supplied by sea via Danzig', () => {
    const { owners, control, net } = setup('W44');
    const pocket = rulesOf(card('W44'), 'pocket')[0];
    const hexes = pocket.hexes.map((n) => resolveHex(idx, n));
    for (const h of hexes) expect(owners.get(h)).toBe('german');
    expect(hexes.some((h) => idx.landNeighbours(h).includes(idx.id('Riga')))).toBe(true);
    // land-connected German component of the pocket holds no other hex
    const seen = new Set(hexes);
    const queue = [...hexes];
    while (queue.length)
      for (const n of idx.landNeighbours(queue.pop()!)) if (owners.get(n) === 'german' && !seen.has(n)) seen.add(n), queue.push(n);
    expect(sorted(seen)).toEqual(sorted(hexes));
    const room = hexes.reduce(
      (s, h) => s + ({ clear: 4, forest: 4, marsh: 3, mountain: 2 } as Record<string, number>)[idx.hex(h)!.terrain],
      0,
    );
    expect(room).toBeGreaterThanOrEqual(pocket.minUnits);
    const german = net('german');
    expect(german.has(idx.id('Ventspils'))).toBe(true);
    const noDanzig: Control = new Map(control).set(idx.id('Danzig'), 'soviet');
    expect(railSeaSupply(idx, noDanzig, 'german', { sources: ['A', 'B', 'C', 'D', 'E', 'F'] }).has(idx.id('Ventspils'))).toBe(false);
  });

  it('W44: Rumania has surrendered and Ploesti is Soviet (rules 2, 3)', () => {
    const { owners } = setup('W44');
    for (const h of idx.hexes) if (h.country === 'Rumania' && idx.playable(h.id)) expect(owners.get(h.id), h.id).toBe('soviet');
  });

  it('the ZOC model agrees: a lone unit in an empty hex next to the startline does not move it', () => {
    // sanity check of the helper used by the golden fixtures
    const { owners } = setup('S41');
    const c = controlFrom(idx, owners, [], []);
    expect([...c].every(([h, o]) => owners.get(h) === o)).toBe(true);
  });
});
