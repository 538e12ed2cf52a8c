/**
 * The grid fit: the rulebook's named-hex relations (relations.ts) hold on the committed map, the spec's
 * spacing / rotation / offset lie inside the region of the parameter space where they all hold, and the
 * residuals are reported. Overrides: Kalach (geography puts it in Stalingrad's hex), Millerovo and
 * Voroshilovgrad (the August II supply phase), Ventspils (it falls in Riga NW1, which 1.2 makes unplayable).
 */
import { describe, expect, it } from 'vitest';
import { evaluateRelations, scorePlacement, searchFit, type FitOptions, type FitPlace } from '../../../maps/fit';
import { gridParams } from '../../../maps/build';
import { MapIndex } from '../../../maps/index';
import type { MapData } from '../../../maps/model';
import { laeaDefinition, makeProjector } from '../../../maps/projection';
import mapJson from '../map.json';
import { places } from './places';
import { distinctPlaces, relations, walkthroughCompassNames } from './relations';
import { eastfrontSpec } from './spec';

const M = new MapIndex(mapJson as unknown as MapData);
const proj = makeProjector(laeaDefinition(eastfrontSpec.projection));
const fitPlaces: FitPlace[] = places.map((p) => ({ name: p.name, xy: proj.forward(p.at) }));
const overrides = Object.fromEntries(places.filter((p) => p.hex).map((p) => [p.name, p.hex!]));
const opts = (o: Partial<FitOptions> = {}): FitOptions => ({
  spacings: [],
  rotations: [],
  offsetSteps: 12,
  anchor: eastfrontSpec.grid.anchor,
  relations,
  distinct: places.map((p) => p.name),
  compassNames: walkthroughCompassNames,
  overrides,
  ...o,
});

describe('EastFront grid fit', () => {
  it(`all ${relations.length} rulebook relations hold on the built map`, () => {
    const res = evaluateRelations(relations, (ref) => {
      const id = M.named(ref);
      return id ? M.hex(id) : undefined;
    });
    const failed = res.filter((r) => !r.ok).map((r) => `${r.rel.why} (residual ${r.residual})`);
    expect(failed).toEqual([]);
  });

  it('the spec grid scores zero (no broken relation, no shared hex) with its overrides', () => {
    const grid = gridParams(eastfrontSpec, proj);
    const s = scorePlacement(opts(), fitPlaces, grid);
    expect([s.hardFails, s.softFails, s.collisions]).toEqual([0, 0, 0]);
  });

  it('without overrides, geography breaks only the Millerovo supply relations and puts Kalach in the Stalingrad hex', () => {
    const grid = gridParams(eastfrontSpec, proj);
    const s = scorePlacement(opts({ overrides: {} }), fitPlaces, grid);
    const broken = s.res.filter((r) => !r.ok).map((r) => r.rel);
    console.log(`[fit] without overrides: ${broken.map((r) => r.why).join(' | ')}; shared hexes ${s.collisions}`);
    expect(broken.length).toBeGreaterThan(0);
    for (const r of broken) expect([r.a, r.b]).toContain('Millerovo');
    expect(s.collisions).toBe(1);
  });

  it('the chosen parameters sit inside the feasible region of a spacing x rotation x offset search', () => {
    const spacings = [106, 107, 108, 109, 110, 111, 112, 113, 114].map((k) => k * 1000);
    const rotations = [-3, -2, -1, 0, 1, 2, 3];
    const all = searchFit(fitPlaces, opts({ spacings, rotations, distinct: distinctPlaces }));
    const feasible = all.filter((c) => c.score === 0);
    const per = new Map<string, number>();
    for (const c of feasible)
      per.set(`${c.spacing / 1000} km / ${c.rotation} deg`, (per.get(`${c.spacing / 1000} km / ${c.rotation} deg`) ?? 0) + 1);
    const top = [...per].sort((a, b) => b[1] - a[1]).slice(0, 6);
    // residual report: how far each rulebook place sits from the centre of its hex
    const grid = gridParams(eastfrontSpec, proj);
    const offsets = places.map((p) => {
      const h = M.hex(M.id(p.name))!;
      const [x, y] = proj.forward(p.at);
      return { name: p.name, km: Math.hypot(h.x - x, h.y - y) / 1000 };
    });
    const moved = offsets.filter((o) => places.find((p) => p.name === o.name)!.hex);
    const natural = offsets.filter((o) => !moved.includes(o));
    const mean = natural.reduce((s, o) => s + o.km, 0) / natural.length;
    const max = Math.max(...natural.map((o) => o.km));
    console.log(
      `[fit] grid ${grid.spacing / 1000} km, rotation ${grid.rotation} deg, origin ${grid.origin.map((v) => Math.round(v / 1000))} km; ` +
        `feasible ${feasible.length}/${all.length} (${top.map(([k, n]) => `${k}: ${n}`).join(', ')}); ` +
        `place-to-hex-centre residual mean ${mean.toFixed(1)} km, max ${max.toFixed(1)} km; overrides ${moved.map((o) => `${o.name} ${o.km.toFixed(0)} km`).join(', ')}`,
    );
    expect(feasible.length).toBeGreaterThan(0);
    expect(per.get(`${eastfrontSpec.grid.spacing / 1000} km / ${eastfrontSpec.grid.rotation} deg`) ?? 0).toBeGreaterThan(0);
    expect(max).toBeLessThan(eastfrontSpec.grid.spacing / 1000); // every un-overridden place is in its own hex or the next
  });
});
