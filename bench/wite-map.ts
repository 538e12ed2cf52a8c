/**
 * War in the East map bench: time to build the 6,818-hex map from its spec and the geodata (geodata load and
 * the game's regions included) and the size of the committed map.json. Found by bench/run.ts by its name.
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildWiteMap } from '../engine/games/war-in-the-east/map/build';
import { serializeMap } from '../engine/maps/build';

export async function benchWiteMap(): Promise<{ wite_map_build_s: number; wite_map_json_bytes: number; wite_map_hexes: number }> {
  const t0 = performance.now();
  const { map } = buildWiteMap();
  const json = serializeMap(map);
  const wite_map_build_s = Math.round((performance.now() - t0) / 10) / 100;
  const committed = statSync(resolve(import.meta.dirname, '../engine/games/war-in-the-east/map.json')).size;
  return { wite_map_build_s, wite_map_json_bytes: committed || Buffer.byteLength(json), wite_map_hexes: map.hexes.length };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  benchWiteMap().then((r) => console.log(JSON.stringify(r)));
}
