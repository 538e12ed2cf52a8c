/**
 * A test-only EastFront ruleset for end-to-end tests (offered only with HEXFRONT_TEST_GAMES=1): the real map
 * and rules, with a set-up made so that a loss choice comes up at once. German Armor V and Infantry Y (both
 * 4cv) are in a battle at Rostov against four Soviet 4cv blocks (16 dice at 5-6 in the major city; all alike
 * in fire, so the Soviet fire order needs no choice, 7.31), so the
 * Soviet defensive fire almost surely scores a hit that the German must place on one of two unequal-type 4cv
 * blocks (7.33). Unit ids and names follow the Edelweiss set-up so the log words them the same way.
 */
import type { MapData } from '../../maps/model';
import type { SetupUnit } from './data';
import { edelweissArea } from './edelweiss';
import mapJson from './map.json';
import { createEastfront, type EastfrontRuleset } from './ruleset';

const map = mapJson as unknown as MapData;

const units: SetupUnit[] = [
  { id: 'V', side: 'german', type: 'armor', name: 'Armor V', cv: 4, max: 4, at: 'ROSTOV' },
  { id: 'Y', side: 'german', type: 'infantry', name: 'Infantry Y', cv: 4, max: 4, at: 'ROSTOV' },
  { id: 'P', side: 'german', type: 'shq', name: 'OKH', cv: 3, max: 3, at: 'STALINO' },
  { id: 'A', side: 'soviet', type: 'infantry', name: 'Guards Infantry A', cv: 4, max: 4, at: 'ROSTOV', guards: true },
  { id: 'D', side: 'soviet', type: 'infantry', name: 'Guards Infantry D', cv: 4, max: 4, at: 'ROSTOV', guards: true },
  { id: 'G', side: 'soviet', type: 'shock', name: 'Shock G', cv: 4, max: 4, at: 'ROSTOV' },
  { id: 'H', side: 'soviet', type: 'armor', name: 'Guards Armor H', cv: 4, max: 4, at: 'ROSTOV', guards: true },
  { id: 'K', side: 'soviet', type: 'shq', name: 'STAVKA', cv: 3, max: 3, at: 'MOSCOW' },
];

const base = createEastfront(map, { inPlay: edelweissArea(map), mapId: 'eastfront', units, battles: [{ hex: 'ROSTOV', oa: 'german' }] });

export const eastfrontDrill: EastfrontRuleset = {
  ...base,
  id: 'eastfront-drill',
  name: 'EastFront loss-choice drill (test)',
  testOnly: true,
  scenarios: [
    {
      ...base.scenarios[0],
      name: 'Rostov loss-choice drill',
      description: 'A battle at Rostov set up for a German loss choice (tests only).',
    },
  ],
};
