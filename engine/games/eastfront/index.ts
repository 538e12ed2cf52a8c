/**
 * EastFront (Columbia Games) rules engine, Edelweiss scenario. The ruleset over the real map is exported
 * as `eastfront` once engine/games/eastfront/map.json exists; `createEastfront` builds one over any map.
 */
export { createEastfront, parseEastfrontCommand, type EastfrontConfig, type EastfrontRuleset } from './ruleset';
export type { Command as EastfrontCommand, Event as EastfrontEvent, State as EastfrontState } from './state';
export type { View as EastfrontView } from './view';
