/**
 * Typed access to the EastFront scenario data (data/*.json; format in README.md). Read-only; the rules code
 * copies what it needs into game state.
 */
import campaignJson from './data/campaign.json';
import cardsJson from './data/cards.json';
import countermixJson from './data/countermix.json';
import edelweissJson from './data/edelweiss.json';
import reinforcementsJson from './data/reinforcements.json';
import s41Json from './data/s41.json';
import startlinesJson from './data/startlines.json';
import type {
  Block,
  Campaign,
  Card,
  CardId,
  EdelweissData,
  Reinforcements,
  S41Data,
  ScenarioId,
  ScenarioRule,
  Side,
  SizeRow,
  Startline,
} from './types';

export * from './types';
export { available, CATEGORY, defaultForces } from './forces';
export { frontlineOf, type Owner, resolveHex, territory } from './territory';

export const SCENARIOS: readonly ScenarioId[] = ['S41', 'W41', 'S42', 'W42', 'S43', 'W43', 'S44', 'W44'];

export const cards = cardsJson.cards as unknown as Card[];
export const blocks = countermixJson.blocks as Block[];
/** Countermix size per side, card category, nationality and Guards/SS flag (3.2.2: the surplus starts eliminated). */
export const countermixSizes = countermixJson.sizes.rows as SizeRow[];
export const reinforcements = reinforcementsJson as unknown as Reinforcements;
export const startlines = startlinesJson.scenarios as unknown as Startline[];
export const s41 = s41Json as unknown as S41Data;
export const campaign = campaignJson as unknown as Campaign;
export const edelweiss = edelweissJson as unknown as EdelweissData;

const byId = <T extends { id: string }>(list: readonly T[], id: string, what: string): T => {
  const x = list.find((e) => e.id === id);
  if (!x) throw new Error(`unknown ${what} ${id}`);
  return x;
};

export const card = (id: CardId): Card => byId(cards, id, 'scenario');
export const block = (id: string): Block => byId(blocks, id, 'block');
export const startline = (id: ScenarioId): Startline => byId(startlines, id, 'startline');

/** The special-rule flags of a card with the given kind. */
export function rulesOf<K extends ScenarioRule['kind']>(c: Card, kind: K): Extract<ScenarioRule, { kind: K }>[] {
  return c.rules.filter((r): r is Extract<ScenarioRule, { kind: K }> => r.kind === kind);
}

/** Reinforcements of one side listed for a scenario (the card's own list). */
export const arrivalsOf = (id: ScenarioId, side: Side) => reinforcements[side].filter((a) => a.scenario === id);
