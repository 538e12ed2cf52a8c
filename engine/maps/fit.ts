/**
 * Fitting a hex grid to a rulebook's named-hex relations: evaluate relations for a placement of places on
 * hexes, and search spacing / rotation / sub-hex offset for the placement that breaks the fewest.
 */
import { distance, hexKey, type Hex } from '../core/hex';
import { makeResolver } from './build';
import { xyToHex, type GridParams } from './grid';

export type Relation =
  | { kind: 'same'; a: string; b: string; hard: boolean; why: string }
  | { kind: 'dist'; a: string; b: string; op: '==' | '<=' | '>'; n: number; hard: boolean; why: string }
  | { kind: 'via'; a: string; via: string; b: string; max: number; hard: boolean; why: string };

export interface RelationResult {
  rel: Relation;
  ok: boolean;
  /** Hex distance found (for `same`: distance between the two names; for `via`: path length). */
  actual: number;
  /** How far from holding, in hexes (0 when it holds). */
  residual: number;
}

export function evaluateRelations(rels: readonly Relation[], resolve: (ref: string) => Hex | undefined): RelationResult[] {
  const d = (a: string, b: string) => {
    const ha = resolve(a);
    const hb = resolve(b);
    if (!ha || !hb) return NaN;
    return distance(ha, hb);
  };
  return rels.map((rel) => {
    let actual: number;
    let residual: number;
    if (rel.kind === 'same') {
      actual = d(rel.a, rel.b);
      residual = actual;
    } else if (rel.kind === 'via') {
      actual = d(rel.a, rel.via) + d(rel.via, rel.b);
      residual = Math.max(0, actual - rel.max);
    } else {
      actual = d(rel.a, rel.b);
      residual =
        rel.op === '==' ? Math.abs(actual - rel.n) : rel.op === '<=' ? Math.max(0, actual - rel.n) : Math.max(0, rel.n + 1 - actual);
    }
    if (Number.isNaN(actual)) residual = 99;
    return { rel, ok: residual === 0, actual, residual };
  });
}

export interface FitPlace {
  name: string;
  xy: readonly [number, number];
}

export interface FitOptions {
  spacings: number[];
  rotations: number[];
  /** Sub-hex offset steps per axis (the anchor's hex centre moves over a steps x steps lattice). */
  offsetSteps: number;
  anchor: string;
  relations: readonly Relation[];
  /** Names that must fall on different hexes. */
  distinct: readonly string[];
  /** Compass names that must not land on another place's hex. */
  compassNames: readonly string[];
  /** Places moved by override: skip their geography (resolved via the override reference instead). */
  overrides?: Record<string, string>;
}

export interface FitCandidate {
  spacing: number;
  rotation: number;
  offset: [number, number];
  hardFails: number;
  softFails: number;
  collisions: number;
  score: number;
}

export function placementFor(places: readonly FitPlace[], grid: GridParams, overrides: Record<string, string> = {}) {
  const base = new Map<string, Hex>();
  for (const p of places) base.set(p.name, xyToHex(grid, p.xy[0], p.xy[1]));
  for (let pass = 0; pass < 2; pass++) {
    const r = makeResolver(base);
    for (const [name, ref] of Object.entries(overrides)) {
      const h = r(ref);
      if (h) base.set(name, h);
    }
  }
  return { base, resolve: makeResolver(base) };
}

export function scorePlacement(opts: FitOptions, places: readonly FitPlace[], grid: GridParams) {
  const { base, resolve } = placementFor(places, grid, opts.overrides);
  const res = evaluateRelations(opts.relations, resolve);
  const hardFails = res.filter((r) => !r.ok && r.rel.hard).length;
  const softFails = res.filter((r) => !r.ok && !r.rel.hard).length;
  const seen = new Map<string, string>();
  let collisions = 0;
  for (const n of opts.distinct) {
    const k = hexKey(base.get(n)!);
    if (seen.has(k)) collisions++;
    else seen.set(k, n);
  }
  const placeHexes = new Set([...base.values()].map(hexKey));
  for (const c of opts.compassNames) {
    const h = resolve(c);
    if (h && placeHexes.has(hexKey(h))) collisions++;
  }
  const residualSum = res.reduce((s, r) => s + Math.min(r.residual, 5), 0);
  return { res, hardFails, softFails, collisions, score: hardFails * 10 + collisions * 10 + softFails * 2 + residualSum * 0.5 };
}

/** Exhaustive search; ties go to the first candidate in (spacing, rotation, offset) order. */
export function searchFit(places: readonly FitPlace[], opts: FitOptions): FitCandidate[] {
  const anchor = places.find((p) => p.name === opts.anchor);
  if (!anchor) throw new Error(`anchor ${opts.anchor} missing`);
  const out: FitCandidate[] = [];
  for (const spacing of opts.spacings) {
    for (const rotation of opts.rotations) {
      const n = opts.offsetSteps;
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) {
          // offsets spread over one rhombic cell of the lattice: a*e1 + b*e2 with a,b in [-0.5, 0.5)
          const a = i / n - 0.5;
          const b = j / n - 0.5;
          const t = (rotation * Math.PI) / 180;
          const ux = spacing * (a + b / 2);
          const uy = -spacing * (Math.sqrt(3) / 2) * b;
          const off: [number, number] = [ux * Math.cos(t) - uy * Math.sin(t), ux * Math.sin(t) + uy * Math.cos(t)];
          const grid: GridParams = {
            orientation: 'pointy',
            spacing,
            rotation,
            origin: [anchor.xy[0] + off[0], anchor.xy[1] + off[1]],
          };
          const s = scorePlacement(opts, places, grid);
          out.push({
            spacing,
            rotation,
            offset: [Math.round(off[0]), Math.round(off[1])],
            hardFails: s.hardFails,
            softFails: s.softFails,
            collisions: s.collisions,
            score: s.score,
          });
        }
      }
    }
  }
  return out.sort((x, y) => x.score - y.score);
}
