/**
 * Determinism: building the EastFront map twice gives byte-identical JSON, equal to the committed file
 * (run `npm run maps` after changing the spec or the builder).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildMap, serializeMap } from '../../../maps/build';
import { loadGeodata } from '../../../maps/geodata';
import { laeaDefinition, makeProjector } from '../../../maps/projection';
import { eastfrontSpec } from './spec';

describe('EastFront map build', () => {
  it('is deterministic and matches the committed map.json', () => {
    const geo = loadGeodata(makeProjector(laeaDefinition(eastfrontSpec.projection)));
    const a = buildMap(eastfrontSpec, geo);
    const b = buildMap(eastfrontSpec);
    const ja = serializeMap(a.map);
    expect(serializeMap(b.map)).toBe(ja);
    expect(a.report.unresolved).toEqual([]);
    expect(a.report.warnings).toEqual([]);
    expect(a.report.placeCollisions).toEqual([]);
    const committed = readFileSync(resolve(import.meta.dirname, '../map.json'), 'utf8');
    expect(ja === committed, 'map.json is stale: run npm run maps').toBe(true);
    expect(JSON.parse(committed)).toEqual(JSON.parse(ja));
  });
});
