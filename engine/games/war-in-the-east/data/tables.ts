/**
 * Lookups on War in the East's tables: the calendar, weather, which CRT applies, CRT and air-combat cells,
 * air-ground-support attrition (12.2), draft rebuilds (20.11), rail weights and capacity (6.1-6.14, 31.41),
 * and the victory level (31.6). Each one only reads the data files; rules code decides when to call them.
 */
import { oddsColumn, oddsRatio, parseOdds } from '../../../mechanics/odds';
import { air, crt, logistics, scenario, type Side, turnRecord, turns, type UnitType, units, type Weather } from './index';

export type CrtCode = keyof typeof crt.resultCodes;
export type CrtTable = 1 | 2 | 3 | 4;

const DAY = 86_400_000;

/** First day of a Game-Turn's week (GT 1 = 22 June 1941, one week per turn). */
export function turnStart(gt: number): Date {
  const first = Date.parse(`${turns.calendar.firstWeek}T00:00:00Z`);
  return new Date(first + (gt - 1) * turns.calendar.daysPerTurn * DAY);
}

/** Calendar year of a Game-Turn: the year of the last day of its week (so GT 80 is the first turn of 1943, 27.5). */
export function yearOfTurn(gt: number): number {
  return new Date(turnStart(gt).getTime() + (turns.calendar.daysPerTurn - 1) * DAY).getUTCFullYear();
}

/** Weather of a Barbarossa Game-Turn (turns.json). */
export const weatherOf = (gt: number): Weather => turnRecord(gt).weather;

/**
 * CRT number for an attack: #4 for the Axis and #2 for the Russian in Mud and Snow (14.17, 14.26), otherwise the
 * by-year schedule. An attack made by Finnish units only takes the Russian weather treatment (14.0, our reading).
 * North of the Weatherline in clear turns the data's `northOfWeatherlineInClear` decides (14.44, see rulings).
 */
export function crtTableFor(
  side: Side,
  gt: number,
  weather: Weather,
  opts: { finnishOnly?: boolean; northOfWeatherline?: boolean } = {},
): CrtTable {
  const sel = crt.selection;
  const winterTables = weather !== 'clear' || (opts.northOfWeatherline && sel.northOfWeatherlineInClear.value === 'mudSnow');
  if (winterTables) return (side === 'axis' && !opts.finnishOnly ? sel.mudSnow.axis : sel.mudSnow.soviet) as CrtTable;
  const byYear = sel.clearByYear[side] as Record<string, number>;
  const years = Object.keys(byYear).map(Number);
  const y = Math.min(Math.max(yearOfTurn(gt), Math.min(...years)), Math.max(...years));
  return byYear[String(y)] as CrtTable;
}

/** Column index for attack and defence totals, rounded for the defender; -1 means worse than the first column. */
export function crtColumn(attack: number, defence: number): number {
  const odds = oddsRatio(attack, defence);
  const first = parseOdds(crt.columns[0].replace('-', ':'));
  const value = (o: { att: number; def: number }) => (o.def === 1 ? o.att : 1 / o.def);
  if (value(odds) < value(first)) return -1;
  return oddsColumn(
    crt.columns.map((c) => c.replace('-', ':')),
    odds,
  );
}

/** Result on a table for a column index and a modified die (1-7; 7 only with air-ground support). */
export function crtResult(table: CrtTable, column: number, die: number): CrtCode {
  if (column < 0) return crt.belowFirstColumn.result as CrtCode;
  const rows = crt.tables[String(table) as '1'].rows;
  const d = Math.min(Math.max(die, 1), rows.length);
  return rows[d - 1][Math.min(column, crt.columns.length - 1)] as CrtCode;
}

export const crtRank = (code: CrtCode): number => crt.resultCodes[code].rank;

/** True when the overrun odds of 5.7 (13:1 from inside the hex) are met. */
export const overrunOdds = (attack: number, defence: number): boolean => attack >= Number(crt.overrun.minOdds.split(':')[0]) * defence;

/** Air combat (12.2, 12.6): is the defending point eliminated by a group of n points on this die? */
export function airKills(n: number, die: number): boolean {
  const cols = air.combatTable.columns.length;
  const col = Math.min(Math.max(n, 1), cols) - 1;
  return air.combatTable.rows[die - 1][col] === 'X';
}

/**
 * Legal allocation of the attacker's air superiority points (12.2): one group per defending point, every group at
 * 1-1 or better, every committed point used.
 */
export function isLegalAirAllocation(groups: readonly number[], attackers: number, defenders: number): boolean {
  return (
    groups.length === defenders && groups.every((g) => Number.isInteger(g) && g >= 1) && groups.reduce((a, b) => a + b, 0) === attackers
  );
}

/** Air-ground support points a side loses after air combat (12.2 and its clarification). */
export function groundSupportLosses(ownSurvivors: number, enemySurvivors: number, groundSupportBox: number): number {
  const a = air.groundSupportAttrition;
  const loss =
    ownSurvivors <= 0
      ? Math.floor(enemySurvivors / a.noneSurvivingDivisor)
      : Math.max(0, enemySurvivors - a.excessOverMultiple * ownSurvivors) * a.perExcessPoint;
  return Math.min(loss, Math.max(groundSupportBox, 0));
}

/** Kampfgruppen a German draft-point pool may rebuild this phase (20.11): one per six points or fraction. */
export function draftRebuilds(points: number): number {
  if (points <= 0) return 0;
  return Math.min(Math.ceil(points / logistics.draft.rebuildsPerPoints), points);
}

/** Rail capacity weight of a unit (6.13, 10.36): corps 3, KG/BG 1, others 1. */
export function railWeight(t: UnitType, reduced = false): number {
  if (reduced) return units.sizes.kg.railWeight;
  return units.sizes[t.size].railWeight;
}

/** Rail capacity in division-sized units for a side's Rail and Sea Movement Phase. */
export function railCapacity(side: Side, gt: number, weather: Weather, scenarioId: string = scenario.id): number {
  let cap = logistics.rail.capacity[side];
  for (const m of logistics.rail.capacityModifiers) {
    if (m.side !== side) continue;
    if ('scenario' in m && m.scenario && m.scenario !== scenarioId) continue;
    if ('weather' in m && m.weather && !(m.weather as string[]).includes(weather)) continue;
    if ('gameTurns' in m && m.gameTurns && (gt < m.gameTurns[0] || gt > m.gameTurns[1])) continue;
    cap = Math.min(cap, m.capacity);
  }
  return cap;
}

export type VictoryLevel = 'axis' | 'draw' | 'soviet';

/** Barbarossa victory (31.6) from the count of Personnel Centre hexes the Axis holds with a line of communications. */
export function victoryLevel(axisPersonnelCentres: number): VictoryLevel {
  const v = scenario.victory;
  if (axisPersonnelCentres >= v.axisWinAtLeast) return 'axis';
  if (axisPersonnelCentres >= v.drawFrom) return 'draw';
  return 'soviet';
}
