/**
 * The grid placement against the rulebook's own hex numbers (3.3, 10.2.1, 2.1.1), on the committed map and on
 * the ground. Prints the residuals.
 */
import { describe, expect, it } from 'vitest';
import mapJson from '../map.json';
import type { MapData } from '../../../maps/model';
import { MapIndex } from '../../../maps/index';
import { centreOf, fitLines, gridOf, lineDist, residuals, searchFit } from './fit';
import { OU_FIT, ouSpec } from './spec';

const map = mapJson as unknown as MapData;
const idx = new MapIndex(map);
const L = fitLines();
const riverSides = (id: string, river: string) =>
  map.hexsides.filter((s) => s.kind === 'river' && (s.a === id || s.b === id) && s.name?.split(' / ').includes(river));

describe('Operation Unthinkable grid fit', () => {
  it('the committed placement is the spec and the map', () => {
    expect(ouSpec.grid.rotation).toBe(OU_FIT.rotation);
    expect(ouSpec.grid.offset).toEqual(OU_FIT.offset);
    const g = gridOf(OU_FIT, L.dessau);
    expect(map.grid.origin).toEqual(g.origin);
    expect(map.grid.spacing).toBe(8047);
    expect(map.grid.orientation).toBe('flat');
  });

  it('rivers meet the printed hexes within half a hex, and no nearby placement does better', () => {
    const r = residuals(OU_FIT, L);
    const g = gridOf(OU_FIT, L.dessau);
    const ll = (id: string) =>
      L.proj
        .inverse(centreOf(g, id))
        .map((v) => v.toFixed(3))
        .join(' ');
    console.log(
      `[ou fit] rotation ${OU_FIT.rotation} deg, 1530 at Dessau + (${OU_FIT.offset.join(', ')}) m; residuals km: ` +
        `Mulde mouth to hexside 1530/1531 ${r.muldeMouth.toFixed(2)}, Elbe to 2535 ${r.elbe2535.toFixed(2)}, ` +
        `Mulde to 2244 ${r.mulde2244.toFixed(2)}; rms ${Math.sqrt(r.score / 3).toFixed(2)}; corners 1005 ${ll('1005')}, ` +
        `4205 ${ll('4205')}, 1044 ${ll('1044')}, 4244 ${ll('4244')}`,
    );
    for (const v of [r.muldeMouth, r.elbe2535, r.mulde2244]) expect(v).toBeLessThan(4.0); // half a hex
    const rots = [OU_FIT.rotation - 0.5, OU_FIT.rotation, OU_FIT.rotation + 0.5];
    const best = searchFit(L, rots, OU_FIT.offset, 500, 250);
    expect(r.score).toBeLessThanOrEqual(best.r.score + 0.05);
    // north-up placements are much worse (recorded from the full search, see docs/maps-operation-unthinkable.md)
    const northUp = searchFit(L, [0], [-9412, 7065], 1000, 500);
    console.log(`[ou fit] best rotation-0 placement: rms ${Math.sqrt(northUp.r.score / 3).toFixed(2)} km`);
    expect(northUp.r.score).toBeGreaterThan(5 * r.score);
  });

  it('3.3: the Elbe and the Mulde run where the frontlines need them', () => {
    expect(riverSides('1531', 'Elbe').map((s) => `${s.a}|${s.b}`)).toContain('1530|1531');
    expect(riverSides('1531', 'Mulde').length).toBeGreaterThan(0);
    expect(riverSides('2535', 'Elbe').length).toBeGreaterThan(0);
    expect(riverSides('2244', 'Mulde').length).toBeGreaterThan(0);
    // the Elbe's hexsides link 1530 to 2535 without a gap (hexes touching an Elbe hexside, connected)
    const touching = new Set(map.hexsides.filter((s) => s.name?.split(' / ').includes('Elbe')).flatMap((s) => [s.a, s.b]));
    const seen = new Set(['1530']);
    const todo = ['1530'];
    while (todo.length) for (const n of idx.neighbours(todo.pop()!)) if (touching.has(n) && !seen.has(n)) seen.add(n), todo.push(n);
    expect(seen.has('2535')).toBe(true);
    // below the Mulde mouth the Elbe stays within three columns of the west edge (rows 17-29), so the line from
    // 1005 to 1530 can run along hexsides near the edge and the river, as 3.3 has it
    const lower = map.hexsides
      .filter((s) => s.name?.split(' / ').includes('Elbe'))
      .flatMap((s) => [s.a, s.b])
      .filter((id) => Number(id.slice(2)) >= 17 && Number(id.slice(2)) <= 29);
    expect(lower.length).toBeGreaterThan(10);
    expect(Math.max(...lower.map((id) => Number(id.slice(0, 2))))).toBeLessThanOrEqual(13);
  });

  it('10.2.1: the marsh pair is adjacent, marsh, and on the Havel lowland', () => {
    expect(idx.neighbours('1823')).toContain('1922');
    expect(idx.hex('1823')!.terrain).toBe('marsh');
    expect(idx.hex('1922')!.terrain).toBe('marsh');
    const g = gridOf(OU_FIT, L.dessau);
    const d = ['1823', '1922'].map((id) => lineDist(centreOf(g, id), L.havel) / 1000);
    console.log(`[ou fit] Havel to 1823 ${d[0].toFixed(1)} km, to 1922 ${d[1].toFixed(1)} km`);
    for (const v of d) expect(v).toBeLessThan(8.1);
  });

  it("Torgau (designer's note) is on the Elbe, east of the Mulde; the Oder is inside the east edge", () => {
    const t = map.named.Torgau;
    expect(riverSides(t, 'Elbe').length).toBeGreaterThan(0);
    const mulde = map.hexsides.filter((s) => s.name === 'Mulde').flatMap((s) => [s.a, s.b]);
    expect(Math.min(...mulde.map((m) => idx.distance(m, t)))).toBeGreaterThanOrEqual(2);
    const near = mulde.filter((m) => Math.abs(Number(m.slice(2)) - Number(t.slice(2))) <= 3);
    expect(near.length).toBeGreaterThan(0);
    for (const m of near) expect(Number(t.slice(0, 2))).toBeGreaterThan(Number(m.slice(0, 2)));
    const oder = map.hexsides.filter((s) => s.name?.split(' / ').includes('Oder')).flatMap((s) => [s.a, s.b]);
    const cols = oder.map((id) => Number(id.slice(0, 2)));
    const rows = oder.map((id) => Number(id.slice(2)));
    console.log(
      `[ou fit] Oder hexsides: columns ${Math.min(...cols)}-${Math.max(...cols)}, rows ${Math.min(...rows)}-${Math.max(...rows)}`,
    );
    expect(Math.min(...cols)).toBeGreaterThanOrEqual(30);
    expect(Math.min(...rows)).toBeLessThanOrEqual(6);
    expect(Math.max(...rows)).toBeGreaterThanOrEqual(25);
    // no hex centre of the rectangle is in the sea (the Stettin lagoon and the Baltic stay north of row 05)
    expect(map.hexes.filter((h) => !L.land.contains([h.x, h.y])).map((h) => h.id)).toEqual([]);
  });
});
