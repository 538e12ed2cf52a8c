/**
 * EastFront static data: unit types (Unit Data chart, 2.2, 11.43), terrain (Terrain Effects chart, 1.3,
 * 6.21), weather (12.x) and the Edelweiss scenario (set-up table at the end of the rulebook).
 * Every value is `printed` unless tagged otherwise.
 */
export type Side = 'german' | 'soviet';
export const SIDES: readonly Side[] = ['german', 'soviet'];
export const other = (s: Side): Side => (s === 'german' ? 'soviet' : 'german');

export type UnitType = 'armor' | 'mech' | 'infantry' | 'mountain' | 'satellite' | 'cavalry' | 'shock' | 'para' | 'hq' | 'shq';
export type Fp = 'SF' | 'DF' | 'TF';
export type Weather = 'dry' | 'mud' | 'snow';

export interface TypeData {
  speed: Record<Weather, number>;
  /** Offensive / defensive firepower (null = never fires: HQs). */
  off: Fp | null;
  def: Fp | null;
  cost: Record<Side, { step: number; cadre: number } | null>;
}

/** Unit Data chart (2.2, 11.43). Mountain and satellite units are infantry types. */
export const TYPES: Record<UnitType, TypeData> = {
  armor: {
    speed: { dry: 3, mud: 1, snow: 2 },
    off: 'DF',
    def: 'DF',
    cost: { german: { step: 8, cadre: 12 }, soviet: { step: 4, cadre: 8 } },
  },
  mech: {
    speed: { dry: 3, mud: 1, snow: 2 },
    off: 'SF',
    def: 'DF',
    cost: { german: { step: 6, cadre: 9 }, soviet: { step: 3, cadre: 6 } },
  },
  infantry: {
    speed: { dry: 2, mud: 1, snow: 1 },
    off: 'SF',
    def: 'SF',
    cost: { german: { step: 4, cadre: 6 }, soviet: { step: 2, cadre: 4 } },
  },
  mountain: { speed: { dry: 2, mud: 1, snow: 1 }, off: 'SF', def: 'SF', cost: { german: { step: 4, cadre: 6 }, soviet: null } },
  satellite: { speed: { dry: 2, mud: 1, snow: 1 }, off: 'SF', def: 'SF', cost: { german: { step: 4, cadre: 6 }, soviet: null } },
  cavalry: { speed: { dry: 3, mud: 2, snow: 2 }, off: 'SF', def: 'SF', cost: { german: null, soviet: { step: 3, cadre: 6 } } },
  shock: { speed: { dry: 1, mud: 1, snow: 1 }, off: 'DF', def: 'DF', cost: { german: null, soviet: { step: 3, cadre: 6 } } },
  /** Soviet paratroop corps (2.64, 14.5): SF on offence, DF on defence. */
  para: { speed: { dry: 2, mud: 1, snow: 1 }, off: 'SF', def: 'DF', cost: { german: null, soviet: { step: 6, cadre: 12 } } },
  hq: {
    speed: { dry: 2, mud: 1, snow: 1 },
    off: null,
    def: null,
    cost: { german: { step: 10, cadre: 20 }, soviet: { step: 10, cadre: 20 } },
  },
  shq: {
    speed: { dry: 2, mud: 1, snow: 1 },
    off: null,
    def: null,
    cost: { german: { step: 10, cadre: 20 }, soviet: { step: 10, cadre: 20 } },
  },
};

export const isHq = (t: UnitType) => t === 'hq' || t === 'shq';

/** 6.21 stacking by hex terrain (a major city uses its terrain, 1.41). */
export const STACKING = { clear: 4, forest: 4, marsh: 3, mountain: 2 } as const;

export const FP_TARGET: Record<Fp, number> = { SF: 6, DF: 5, TF: 4 };
export const fpMax = (a: Fp, b: Fp): Fp => (FP_TARGET[a] <= FP_TARGET[b] ? a : b);

/** 12.1 fixed months; variable months roll each fortnight (parity of 2d6). */
export function weatherOf(month: number): Weather | 'variable' {
  if (month >= 6 && month <= 9) return 'dry';
  if (month === 12 || month <= 2) return 'snow';
  if (month === 4) return 'mud';
  return 'variable';
}
/** 12.1 Weather Table: even/odd sum. */
export function rollWeather(month: number, sum: number): Weather {
  const even = sum % 2 === 0;
  if (month === 10 || month === 5) return even ? 'dry' : 'mud';
  return even ? 'snow' : 'mud'; // November, March
}

export const MONTHS = [
  '',
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

// ---------------------------------------------------------------- Edelweiss

export interface SetupUnit {
  id: string;
  side: Side;
  type: UnitType;
  name: string;
  cv: number;
  max: number;
  /** Rulebook hex name, 'MOSCOW' (off-board box), or null for a cadre in the pool (eliminated, buildable). */
  at: string | null;
  guards?: boolean;
}

/**
 * Edelweiss set-up table. Max CVs are not printed for these blocks (labels absent): we take 4 for German
 * units and Guards/Shock, 3 for other Soviet units, III for AG "A" and OKH, II for the Soviet front HQ and
 * III for STAVKA (2.4, 5.1) - `derived`, see ruling R-EDW-4.
 */
export const EDELWEISS_UNITS: SetupUnit[] = [
  { id: 'Z', side: 'german', type: 'infantry', name: 'Infantry Z', cv: 4, max: 4, at: 'MARIUPOL' },
  { id: 'Y', side: 'german', type: 'infantry', name: 'Infantry Y', cv: 4, max: 4, at: 'VOROSHILOVGRAD' },
  { id: 'X', side: 'german', type: 'armor', name: 'Armor X', cv: 4, max: 4, at: 'KAMENSKO' },
  { id: 'W', side: 'german', type: 'armor', name: 'Armor W', cv: 4, max: 4, at: 'KAMENSKO' },
  { id: 'V', side: 'german', type: 'armor', name: 'Armor V', cv: 4, max: 4, at: 'KAMENSKO' },
  { id: 'U', side: 'german', type: 'hq', name: 'AG "A" HQ', cv: 2, max: 3, at: 'KAMENSKO' },
  { id: 'T', side: 'german', type: 'mountain', name: 'Mountain T', cv: 3, max: 4, at: 'KAMENSKO E1' },
  { id: 'S', side: 'german', type: 'infantry', name: 'Infantry S', cv: 3, max: 4, at: 'KAMENSKO E1' },
  { id: 'R', side: 'german', type: 'infantry', name: 'Infantry R', cv: 3, max: 4, at: 'KALACH' },
  { id: 'Q', side: 'german', type: 'armor', name: 'Armor Q', cv: 4, max: 4, at: 'KALACH' },
  { id: 'P', side: 'german', type: 'shq', name: 'OKH', cv: 3, max: 3, at: 'STALINO' },
  { id: 'O', side: 'german', type: 'satellite', name: 'Satellite O', cv: 3, max: 4, at: 'STALINGRAD' },
  { id: 'N', side: 'german', type: 'infantry', name: 'Infantry N', cv: 4, max: 4, at: 'STALINGRAD' },
  { id: 'A', side: 'soviet', type: 'infantry', name: 'Infantry A', cv: 3, max: 3, at: 'ROSTOV' },
  { id: 'B', side: 'soviet', type: 'infantry', name: 'Infantry B', cv: 2, max: 3, at: 'ROSTOV E1' },
  { id: 'C', side: 'soviet', type: 'mech', name: 'Mech C', cv: 3, max: 3, at: 'ROSTOV E2' },
  { id: 'D', side: 'soviet', type: 'infantry', name: 'Guards Infantry D', cv: 3, max: 4, at: 'ROSTOV SE1', guards: true },
  { id: 'E', side: 'soviet', type: 'infantry', name: 'Infantry E', cv: 2, max: 3, at: 'KOTELNIKOVO' },
  { id: 'F', side: 'soviet', type: 'infantry', name: 'Infantry F', cv: 2, max: 3, at: 'STALINGRAD' },
  { id: 'G', side: 'soviet', type: 'shock', name: 'Shock G', cv: 3, max: 4, at: 'STALINGRAD E1' },
  { id: 'H', side: 'soviet', type: 'armor', name: 'Guards Armor H', cv: 3, max: 4, at: 'STALINGRAD E1', guards: true },
  { id: 'I', side: 'soviet', type: 'hq', name: 'Front HQ I', cv: 2, max: 2, at: 'MAIKOP' },
  { id: 'J', side: 'soviet', type: 'infantry', name: 'Infantry J', cv: 3, max: 3, at: 'TBILISI' },
  { id: 'K', side: 'soviet', type: 'shq', name: 'STAVKA', cv: 3, max: 3, at: 'MOSCOW' },
  { id: 'L', side: 'soviet', type: 'cavalry', name: 'Cavalry L', cv: 0, max: 3, at: null },
  { id: 'M', side: 'soviet', type: 'infantry', name: 'Infantry M', cv: 0, max: 3, at: null },
];

/** Edelweiss card: production levels 28 / 30 and air power DF / SF. */
export const EDELWEISS = {
  production: { german: 28, soviet: 30 } as Record<Side, number>,
  air: { german: 'DF', soviet: 'SF' } as Record<Side, Fp>,
  /** Basic PPs are derived so that the starting level equals the card's value (ruling R-EDW-3). */
  start: { year: 1942, month: 7, fortnight: 2 as 1 | 2 },
  /** Ruling R-EDW-1: the game ends after the September II player-turns. */
  end: { year: 1942, month: 9 },
  /** "Stalingrad is a battle hex (Soviets are Original Defenders)". */
  battles: [{ hex: 'STALINGRAD', oa: 'german' as Side }],
  outOfPlay: ['STALINGRAD NE1', 'ARCHEDA'],
  /** Off-board boxes used by the set-up (ruling R-EDW-5). */
  boxes: ['MOSCOW'],
  /** Home cities for cadres in this scenario (Soviet: all in-area Soviet cities; 1.44 / R-EDW-6). */
  commands: {
    german: [
      { id: 'OKH', name: 'OKH (supreme command)', hq: 'P' },
      { id: 'AG-A', name: 'Army Group "A"', hq: 'U' },
    ],
    soviet: [
      { id: 'STAVKA', name: 'STAVKA (supreme command)', hq: 'K' },
      { id: 'FRONT-I', name: 'Front HQ I', hq: 'I' },
    ],
  },
};
