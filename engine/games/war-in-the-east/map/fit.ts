/**
 * Placing the War in the East grid by least squares on the rulebook's named city hexes.
 *
 * Each printed city hex is a point of the unit hex lattice (axial -> plane with spacing 1, no rotation); its
 * real place is a point of the projected plane. A similarity transform (scale = hex spacing, rotation, shift)
 * maps the first onto the second with the least sum of squared distances; in complex numbers z = a p + b has
 * a closed form. A city of several hexes (Leningrad, Moscow: 30.32) counts once, at the centroid of its hexes.
 * The residual of each city is its distance from that point, in km and in hexes.
 */
import { gridToXY, type GridParams, xyToHex } from '../../../maps/grid';
import { laeaDefinition, makeProjector, type ProjectionSpec } from '../../../maps/projection';
import type { LonLat } from '../../../maps/spec';
import { BOOK_CITIES } from './book';
import { parseWiteId, witeId } from './ids';

export interface FitPoint {
  name: string;
  hexes: string[];
  at: LonLat;
}

export interface FitResidual {
  name: string;
  hex: string;
  km: number;
  hexes: number;
  /** The hex the real place falls in under the fitted grid. */
  geographic: string;
}

export interface GridFit {
  spacing: number;
  /** Degrees counter-clockwise. */
  rotation: number;
  origin: [number, number];
  rmsKm: number;
  residuals: FitResidual[];
}

const unit: GridParams = { orientation: 'pointy', spacing: 1, rotation: 0, origin: [0, 0] };

function lattice(hexes: string[]): [number, number] {
  let x = 0;
  let y = 0;
  for (const id of hexes) {
    const h = parseWiteId(id);
    if (!h) throw new Error(`not a hex number: ${id}`);
    const [u, v] = gridToXY(unit, h.q, h.r);
    x += u;
    y += v;
  }
  return [x / hexes.length, y / hexes.length];
}

/** The least-squares similarity fit of `points` under a LAEA projection centred at `projection`. */
export function fitGrid(projection: ProjectionSpec, points: FitPoint[] = BOOK_CITIES): GridFit {
  const proj = makeProjector(laeaDefinition(projection));
  const P = points.map((p) => lattice(p.hexes));
  const Z = points.map((p) => proj.forward(p.at));
  const n = points.length;
  const pm = [P.reduce((s, p) => s + p[0], 0) / n, P.reduce((s, p) => s + p[1], 0) / n];
  const zm = [Z.reduce((s, p) => s + p[0], 0) / n, Z.reduce((s, p) => s + p[1], 0) / n];
  // a = sum (z - zm) * conj(p - pm) / sum |p - pm|^2
  let re = 0;
  let im = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    const px = P[i][0] - pm[0];
    const py = P[i][1] - pm[1];
    const zx = Z[i][0] - zm[0];
    const zy = Z[i][1] - zm[1];
    re += zx * px + zy * py;
    im += zy * px - zx * py;
    den += px * px + py * py;
  }
  const ar = re / den;
  const ai = im / den;
  const origin: [number, number] = [zm[0] - (ar * pm[0] - ai * pm[1]), zm[1] - (ar * pm[1] + ai * pm[0])];
  const spacing = Math.hypot(ar, ai);
  const rotation = (Math.atan2(ai, ar) * 180) / Math.PI;
  const grid: GridParams = { orientation: 'pointy', spacing, rotation, origin };
  const residuals = points.map((p, i) => {
    const fx = origin[0] + ar * P[i][0] - ai * P[i][1];
    const fy = origin[1] + ar * P[i][1] + ai * P[i][0];
    const km = Math.hypot(fx - Z[i][0], fy - Z[i][1]) / 1000;
    return { name: p.name, hex: p.hexes[0], km, hexes: (km * 1000) / spacing, geographic: witeId(xyToHex(grid, Z[i][0], Z[i][1])) };
  });
  const rmsKm = Math.sqrt(residuals.reduce((s, r) => s + r.km ** 2, 0) / n);
  return { spacing, rotation, origin, rmsKm, residuals };
}
