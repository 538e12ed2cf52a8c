/**
 * `npm run maps`: rebuild every game's map.json (and the viewer's background GeoJSON) from its spec and
 * engine/maps/geodata (Natural Earth), printing a short summary. Output is deterministic, so an unchanged spec leaves the
 * committed files byte-identical.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildMap, serializeMap } from '../engine/maps/build';
import { buildBackground } from '../engine/maps/background';
import { eastfrontSpec } from '../engine/games/eastfront/map/spec';
import { ouSpec } from '../engine/games/operation-unthinkable/map/spec';
import { buildWiteMap } from '../engine/games/war-in-the-east/map/build';
import { witeSpec } from '../engine/games/war-in-the-east/map/spec';
import type { BuildResult } from '../engine/maps/build';
import type { MapSpec } from '../engine/maps/spec';

const games: { spec: MapSpec; dir: string; build?: () => BuildResult }[] = [
  { spec: eastfrontSpec, dir: resolve(import.meta.dirname, '../engine/games/eastfront') },
  { spec: ouSpec, dir: resolve(import.meta.dirname, '../engine/games/operation-unthinkable') },
  { spec: witeSpec, dir: resolve(import.meta.dirname, '../engine/games/war-in-the-east'), build: buildWiteMap },
];

const only = process.argv[2];
for (const { spec, dir, build } of games) {
  if (only && spec.game !== only) continue;
  const t0 = performance.now();
  process.stdout.write(`[maps] ${spec.game}: building hexes, hexsides, rails... `);
  const { map, report } = build ? build() : buildMap(spec);
  const json = serializeMap(map);
  writeFileSync(resolve(dir, 'map.json'), json);
  const t1 = performance.now();
  console.log(`done in ${((t1 - t0) / 1000).toFixed(2)} s`);
  process.stdout.write(`[maps] ${spec.game}: background land/water/rivers... `);
  const bg = buildBackground(spec);
  writeFileSync(resolve(dir, 'map-geo.json'), bg);
  console.log(`done (${(bg.length / 1024).toFixed(0)} KB)`);
  const playable = map.hexes.filter((h) => !h.impassable).length;
  const kinds: Record<string, number> = {};
  for (const s of map.hexsides) kinds[s.kind] = (kinds[s.kind] ?? 0) + 1;
  const terr: Record<string, number> = {};
  for (const h of map.hexes) terr[h.terrain] = (terr[h.terrain] ?? 0) + 1;
  console.log(
    `[maps] ${spec.game}: ${map.hexes.length} hexes (${playable} playable) ${JSON.stringify(terr)}; hexsides ${JSON.stringify(kinds)}; ` +
      `${map.cities.length} cities, ${map.rails.length} rail links, ${Object.keys(map.named).length} names, ${map.boxes.length} boxes; map.json ${(json.length / 1024).toFixed(0)} KB`,
  );
  for (const c of report.placeCollisions) console.log(`[maps]   shared hex: ${c.join(', ')} (first name wins)`);
  for (const u of report.unresolved) console.log(`[maps]   UNRESOLVED ${u}`);
  for (const w of report.warnings) console.log(`[maps]   warning: ${w}`);
}
