/**
 * Map bench: time to build the EastFront map from its spec and the geodata (geodata load included), and
 * the size of the committed map.json. The lead wires benchMap() into `npm run bench`.
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildMap, serializeMap } from '../engine/maps/build';
import { eastfrontSpec } from '../engine/games/eastfront/map/spec';

export async function benchMap(): Promise<{ map_build_s: number; map_json_bytes: number }> {
  const t0 = performance.now();
  const { map } = buildMap(eastfrontSpec);
  const json = serializeMap(map);
  const map_build_s = Math.round((performance.now() - t0) / 10) / 100;
  const committed = statSync(resolve(import.meta.dirname, '../engine/games/eastfront/map.json')).size;
  return { map_build_s, map_json_bytes: committed || Buffer.byteLength(json) };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  benchMap().then((r) => console.log(JSON.stringify(r)));
}
