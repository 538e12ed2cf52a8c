/**
 * The grid placement (3.1; docs/maps.md "War in the East fit"): the least-squares fit of the 24 printed city
 * hexes reproduces the numbers fixed in spec.ts, the hex is about 33 km (3.5 gives about 33 km a hex),
 * and every city lies within about a hex of its printed hex. Prints the residual table.
 */
import { describe, expect, it } from 'vitest';
import { BOOK_CITIES } from './book';
import { fitGrid } from './fit';
import { geographicHex, WITE_FIT, WITE_PROJECTION } from './spec';

describe('War in the East grid fit', () => {
  const fit = fitGrid(WITE_PROJECTION);

  it('reproduces the spacing, rotation and anchor offset fixed in the spec', () => {
    expect(Math.abs(fit.spacing - WITE_FIT.spacing)).toBeLessThan(10);
    expect(Math.abs(fit.rotation - WITE_FIT.rotation)).toBeLessThan(0.01);
    // the spec's grid places each city in the hex the fit does
    for (const r of fit.residuals) expect(geographicHex(BOOK_CITIES.find((c) => c.name === r.name)!.at), r.name).toBe(r.geographic);
  });

  it('3.5: hexes are about 33 km; the grid is turned clockwise (rows run WNW-ESE)', () => {
    expect(fit.spacing / 1000).toBeGreaterThan(32.5);
    expect(fit.spacing / 1000).toBeLessThan(33.5);
    expect(fit.rotation).toBeLessThan(0);
  });

  it('residuals: rms about half a hex, none beyond 1.1 hex; 17 of 24 cities fall in their printed hex by geography', () => {
    const table = fit.residuals.map(
      (r) =>
        `${r.name.padEnd(11)} ${r.hex} ${r.km.toFixed(1).padStart(5)} km ${r.hexes.toFixed(2)} hex${r.geographic === r.hex ? '' : `  geography: ${r.geographic}`}`,
    );
    console.log(
      `fit: ${(fit.spacing / 1000).toFixed(2)} km, ${fit.rotation.toFixed(2)} deg, rms ${fit.rmsKm.toFixed(1)} km\n${table.join('\n')}`,
    );
    expect(fit.rmsKm / (fit.spacing / 1000)).toBeLessThan(0.55);
    for (const r of fit.residuals) expect(r.hexes, r.name).toBeLessThan(1.1);
    const inHex = fit.residuals.filter((r) => BOOK_CITIES.find((c) => c.name === r.name)!.hexes.includes(r.geographic));
    expect(inHex).toHaveLength(17);
  });
});
