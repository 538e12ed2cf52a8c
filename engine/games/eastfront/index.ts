/**
 * EastFront (Columbia Games) rules engine, Edelweiss scenario, over the committed map.json.
 * `createEastfront` builds the same rules over any map (tests use tiny synthetic maps).
 */
import type { MapData } from '../../maps/model';
import mapJson from './map.json';
import { edelweissArea, edelweissSovietEntries } from './edelweiss';
import { createEastfront, type EastfrontRuleset } from './ruleset';

const map = mapJson as unknown as MapData;
const inPlay = edelweissArea(map);

export const eastfront: EastfrontRuleset = createEastfront(map, {
  inPlay,
  mapId: 'eastfront',
  extraSources: { soviet: edelweissSovietEntries(map, inPlay) },
});

export { parseEastfrontCommand } from './commands';
export { createEastfront, type EastfrontConfig, type EastfrontRuleset } from './ruleset';
export type { Command as EastfrontCommand, Event as EastfrontEvent, State as EastfrontState } from './state';
export type { View as EastfrontView } from './view';
