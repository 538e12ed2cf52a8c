/**
 * Hex relations the EastFront rulebook states or implies, used to fit the grid (scale, rotation, origin) and
 * then asserted on the built map. Nearly all come from the Edelweiss walkthrough (set-up and the July II -
 * August II 1942 turns); unit speeds from the unit table (armor/mech 3, infantry/HQ 2, shock 1 in Dry), and
 * command ranges from 5.x. `hard` relations must hold; soft ones are scored but may be overridden.
 */
import type { Relation } from '../../../maps/fit';

const same = (a: string, b: string, why: string, hard = true): Relation => ({ kind: 'same', a, b, hard, why });
const eq = (a: string, b: string, n: number, why: string, hard = true): Relation => ({ kind: 'dist', a, b, op: '==', n, hard, why });
const le = (a: string, b: string, n: number, why: string, hard = true): Relation => ({ kind: 'dist', a, b, op: '<=', n, hard, why });
const gt = (a: string, b: string, n: number, why: string, hard = true): Relation => ({ kind: 'dist', a, b, op: '>', n, hard, why });

export const relations: Relation[] = [
  // identities
  same('Salsk NE1', 'Rostov E2', 'Aug II: Z advances to Salsk NE1 and then defends the battle for Rostov E2'),
  same('Kotelnikovo E1', 'Stalingrad SE1', 'Jul II: G moves to Stalingrad SE1; Aug II: G is at Kotelnikovo E1'),
  // set-up and July II German moves
  eq('Kamensko', 'Rostov', 1, 'Jul II: X and W attack Rostov from Kamensko; Aug I: X disengages from Rostov to Kamensko'),
  le('Mariupol', 'Rostov', 2, 'Jul II: infantry Z attacks Rostov from Mariupol (speed 2)'),
  le('Voroshilovgrad', 'Rostov', 2, 'Jul II: infantry Y attacks Rostov from Voroshilovgrad (speed 2)'),
  eq('Kamensko', 'Rostov E1', 1, 'Jul II: V river-assaults Rostov E1 from Kamensko, one unit per hexside', false),
  eq('Kamensko E1', 'Rostov E1', 1, 'Jul II: T river-assaults Rostov E1 from Kamensko E1, one unit per hexside', false),
  le('Kamensko E1', 'Rostov E2', 2, 'Jul II: infantry S river-assaults Rostov E2 from Kamensko E1'),
  eq('Kamensko E1', 'Rostov E2', 1, 'Jul II: S is repulsed straight back to Kamensko E1', false),
  le('Kalach', 'Kotelnikovo', 2, 'Jul II: infantry R river-assaults Kotelnikovo from Kalach'),
  {
    kind: 'via',
    a: 'Kalach',
    via: 'Kamensko E1',
    b: 'Kotelnikovo',
    max: 3,
    hard: true,
    why: 'Jul II: armor Q moves from Kalach through Kamensko E1 into Kotelnikovo',
  },
  // July II Soviet moves
  eq('Rostov SE1', 'Maikop', 2, 'Jul II: infantry D moves 2 hexes to Maikop'),
  le('Rostov E2', 'Kotelnikovo', 3, 'Jul II: mech C moves into Kotelnikovo'),
  // August I German moves
  eq('Rostov E1', 'Maikop', 3, 'Aug I: armor V advances three hexes to Maikop'),
  le('Rostov E1', 'Krasnodar', 2, 'Aug I: mountain corps T advances to Krasnodar'),
  eq('Kamensko E1', 'Salsk E1', 2, 'Aug I: infantry S advances two hexes to Salsk E1'),
  le('Rostov E1', 'Kropotkin', 2, 'Aug I: W disengages to Rostov E1, then advances to Kropotkin (3 moves)'),
  le('Kamensko', 'Salsk NE1', 2, 'Aug I: X disengages to Kamensko, then advances to Salsk NE1'),
  eq('Kamensko', 'Salsk', 2, 'Aug I: HQ U advances two hexes to Salsk'),
  // August II German moves (HQ U deploys to Kropotkin: command range 2, then 1 in the Blitz phases)
  eq('Salsk', 'Kropotkin', 1, 'Aug II: U deploys one hex to Kropotkin (5.2)'),
  le('Kropotkin', 'Krasnodar', 2, "Aug II: T at Krasnodar is under U's command (range 2)"),
  le('Kropotkin', 'Salsk NE1', 2, 'Aug II: X at Salsk NE1 is under command (range 2)'),
  le('Kropotkin', 'Salsk E1', 2, 'Aug II: S at Salsk E1 is under command (range 2)'),
  le('Kropotkin', 'Rostov', 2, 'Aug II: Y and Z in Rostov are under command (range 2)'),
  gt('Kropotkin', 'Kalach', 2, 'Aug II: R at Kalach is out of command range'),
  le('Krasnodar', 'Novorossiysk', 2, 'Aug II: T moves two hexes to Novorossiysk'),
  eq('Krasnodar', 'Novorossiysk', 2, 'Aug II: T moves two hexes to Novorossiysk', false),
  le('Salsk NE1', 'Armavir', 3, 'Aug II: armor X attacks Armavir from Salsk NE1'),
  le('Salsk E1', 'Armavir', 2, 'Aug II: infantry S attacks Armavir from Salsk E1'),
  le('Rostov', 'Salsk', 2, 'Aug II: infantry Y advances from Rostov to Salsk'),
  le('Rostov', 'Salsk NE1', 2, 'Aug II: infantry Z advances from Rostov to Salsk NE1'),
  le('Kropotkin', 'Maikop', 1, 'Aug II Blitz: W and V in Maikop are within the reduced range 1'),
  le('Kropotkin', 'Armavir', 1, 'Aug II Blitz: S in Armavir is within the reduced range 1'),
  le('Maikop', 'Tuapse', 2, 'Aug II Blitz: W moves from Maikop to Tuapse', false),
  le('Maikop', 'Tuapse E1', 2, 'Aug II Blitz: V moves from Maikop to Tuapse E1', false),
  eq('Armavir', 'Stavropol', 1, 'Aug II Blitz: S disengages from Armavir to Stavropol'),
  le('Stavropol', 'Armavir E1', 1, 'Aug II Blitz: S then moves on to Armavir E1 (speed 2)'),
  // August II Soviet moves
  eq('Stalingrad E1', 'Kotelnikovo E1', 1, 'Aug II: HQ I deploys one hex to Kotelnikovo E1'),
  le('Stalingrad E1', 'Kotelnikovo', 3, 'Aug II: armor H moves from Stalingrad E1 into Kotelnikovo'),
  eq('Kotelnikovo', 'Rostov', 3, 'Aug II Blitz: H moves three hexes to Rostov'),
  le('Kotelnikovo', 'Rostov E1', 3, 'Aug II Blitz: mech C advances to Rostov E1'),
  eq('Kotelnikovo', 'Rostov E2', 1, 'Aug II Blitz: shock G (speed 1) attacks Rostov E2 from Kotelnikovo'),
  le('Kalach', 'Millerovo', 2, 'Aug II supply: R at Kalach is within two hexes of the Millerovo railhead'),
  le('Novorossiysk', 'Kerch', 2, 'Aug II supply: T at Novorossiysk is within two hexes of the Kerch railhead'),
  le('Millerovo', 'Kamensko', 1, "Aug II: the German rail net ends at Millerovo: its line south enters H's ZOC at Kamensko", false),
  gt('Millerovo', 'Stalingrad', 2, 'Aug II supply: N and O at Stalingrad are beyond two hexes of the Millerovo railhead'),
  gt('Millerovo', 'Salsk NE1', 2, 'Aug II supply: Z at Salsk NE1 is beyond two hexes of the Millerovo railhead'),
  // elsewhere in the book
  eq('Melitopol', 'Perekop', 1, '1.6: the Melitopol-Perekop hexside is the Sivash rail crossing'),
];

/** Places the walkthrough treats as different hexes (each must get a hex of its own). */
export const distinctPlaces = [
  'Rostov',
  'Kamensko',
  'Mariupol',
  'Voroshilovgrad',
  'Kalach',
  'Kotelnikovo',
  'Stalino',
  'Stalingrad',
  'Maikop',
  'Tbilisi',
  'Armavir',
  'Krasnodar',
  'Novorossiysk',
  'Salsk',
  'Kropotkin',
  'Stavropol',
  'Tuapse',
  'Batumi',
  'Grozny',
  'Millerovo',
  'Kerch',
  'Archeda',
  'Melitopol',
  'Perekop',
  'Simferopol',
  'Sevastopol',
];

/** Compass names the walkthrough uses: none may fall on another named place's hex. */
export const walkthroughCompassNames = [
  'Kamensko E1',
  'Rostov E1',
  'Rostov E2',
  'Rostov SE1',
  'Stalingrad E1',
  'Stalingrad SE1',
  'Kotelnikovo E1',
  'Salsk E1',
  'Salsk NE1',
  'Armavir E1',
  'Tuapse E1',
];
