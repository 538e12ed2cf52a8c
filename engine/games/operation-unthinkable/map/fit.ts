/**
 * Placing the Operation Unthinkable grid on the ground from the rulebook's own hex numbers.
 *
 * The scale is fixed (5 miles = 8.047 km between hex centres, 1.1) and the numbering (CCRR, odd-q, flat-top)
 * is fixed by the rules engine (map.ts). What is left is where the grid sits and how it is turned. The rulebook
 * ties three hex numbers to rivers (3.3):
 *   - the Mulde line leaves the Elbe line at hexside 1530/1531, so the Mulde mouth (Dessau) is on that hexside;
 *   - the Elbe line follows the Elbe as far as 2535, so the Elbe runs past 2535;
 *   - the Mulde line follows the Mulde down to 2244, so the Mulde runs past 2244.
 * The residual of each is a distance in km on the ground. A grid search over rotation and the position of hex
 * 1530 minimises the sum of their squares. Checks that are not in the objective (reported by fit.test.ts):
 * the marsh pair 1823/1922 (10.2.1) lies on the Havel lowland, Torgau (designer's note to 3.4) sits on the
 * Elbe east of the Mulde, the whole rectangle 1005-4244 is land, and the Oder runs inside the east edge.
 */
import { loadGeodata } from '../../../maps/geodata';
import { distToSegment, PolygonIndex, type Pt } from '../../../maps/geometry';
import { gridToXY, type GridParams } from '../../../maps/grid';
import { laeaDefinition, makeProjector, type Projector } from '../../../maps/projection';
import { OU_PROJECTION, OU_SPACING, MULDE_MOUTH, DESSAU } from './constants';
import { idToAxial } from '../map';

export interface FitParams {
  rotation: number;
  /** Centre of hex 1530 minus Dessau, projected metres. */
  offset: [number, number];
}

export interface FitLines {
  proj: Projector;
  elbe: Pt[][];
  mulde: Pt[][];
  havel: Pt[][];
  oder: Pt[][];
  dessau: Pt;
  mouth: Pt;
  /** Natural Earth land. */
  land: PolygonIndex;
}

/** The river lines the fit needs, projected (Natural Earth: the Mulde is "Zwickauer Mulde", the lower Havel is
 * labelled "Spree" west of Spandau). */
export function fitLines(): FitLines {
  const proj = makeProjector(laeaDefinition(OU_PROJECTION));
  const geo = loadGeodata(proj);
  const named = (n: string) => geo.rivers.filter((r) => r.props.name === n || r.props.name_en === n).map((r) => r.pts);
  const havel = geo.rivers.filter((r) => r.props.name === 'Spree' && r.pts.every((p) => proj.inverse(p)[0] < 13.21)).map((r) => r.pts);
  return {
    proj,
    elbe: named('Elbe'),
    mulde: named('Zwickauer Mulde'),
    havel,
    oder: named('Oder'),
    dessau: proj.forward(DESSAU),
    mouth: proj.forward(MULDE_MOUTH),
    land: new PolygonIndex(geo.land.map((p) => p.poly)),
  };
}

export function gridOf(p: FitParams, dessau: Pt): GridParams {
  const g0: GridParams = { orientation: 'flat', spacing: OU_SPACING, rotation: p.rotation, origin: [0, 0] };
  const h = idToAxial('1530');
  const [hx, hy] = gridToXY(g0, h.q, h.r);
  return { ...g0, origin: [Math.round(dessau[0] + p.offset[0] - hx), Math.round(dessau[1] + p.offset[1] - hy)] };
}

export function centreOf(g: GridParams, id: string): Pt {
  const h = idToAxial(id);
  return gridToXY(g, h.q, h.r);
}

export function sideMid(g: GridParams, a: string, b: string): Pt {
  const pa = centreOf(g, a);
  const pb = centreOf(g, b);
  return [(pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2];
}

/** Distance from a point to the nearest of some polylines, metres. */
export function lineDist(p: Pt, lines: Pt[][]): number {
  let best = Infinity;
  for (const l of lines) for (let i = 1; i < l.length; i++) best = Math.min(best, distToSegment(p, l[i - 1], l[i]));
  return best;
}

export interface FitResiduals {
  /** km: hexside 1530/1531 middle to the Mulde mouth. */
  muldeMouth: number;
  /** km: centre of 2535 to the Elbe. */
  elbe2535: number;
  /** km: centre of 2244 to the Mulde. */
  mulde2244: number;
  /** sum of squares, km^2 */
  score: number;
}

export function residuals(p: FitParams, L: FitLines): FitResiduals {
  const g = gridOf(p, L.dessau);
  const m = sideMid(g, '1530', '1531');
  const muldeMouth = Math.hypot(m[0] - L.mouth[0], m[1] - L.mouth[1]) / 1000;
  const elbe2535 = lineDist(centreOf(g, '2535'), L.elbe) / 1000;
  const mulde2244 = lineDist(centreOf(g, '2244'), L.mulde) / 1000;
  return { muldeMouth, elbe2535, mulde2244, score: muldeMouth ** 2 + elbe2535 ** 2 + mulde2244 ** 2 };
}

/** Grid search: rotations (degrees) x offsets of hex 1530 around `around` (metres, step `step`, +-`reach`). */
export function searchFit(
  L: FitLines,
  rotations: number[],
  around: [number, number],
  reach: number,
  step: number,
): FitParams & { r: FitResiduals } {
  let best: (FitParams & { r: FitResiduals }) | undefined;
  for (const rotation of rotations)
    for (let dx = -reach; dx <= reach + 1e-9; dx += step)
      for (let dy = -reach; dy <= reach + 1e-9; dy += step) {
        const p: FitParams = { rotation, offset: [Math.round(around[0] + dx), Math.round(around[1] + dy)] };
        const r = residuals(p, L);
        if (!best || r.score < best.r.score - 1e-9) best = { ...p, r };
      }
  return best!;
}
