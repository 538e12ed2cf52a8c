/**
 * Every city, town and named place the EastFront rulebook uses, with the real place it stands for.
 * Coordinates are modern (WGS84 degrees, about 1 km accuracy); `realName` gives today's name where the
 * book uses a period one (Stalino = Donetsk, Voroshilovgrad = Luhansk, Ordzhonikidze = Vladikavkaz ...).
 *
 * Kinds and values: the book prints few of them (1.4, 1.5 and the Edelweiss walkthrough). Printed facts are
 * tagged `printed`; major-city production values not in the text are `substitute`, chosen so that the S'41
 * chart checksums hold (Soviet cities + resources = 64 - 12 = 52; German = 54 - 40 = 14, 11.2.1). Values
 * are `{pp}` for a major city's production and `{resource}` for a resource centre (German value doubles, 1.5).
 */
import type { PlaceSpec } from '../../../maps/spec';

const P = (p: PlaceSpec) => p;
const sub = 'substitute' as const;
const printed = 'printed' as const;

export const places: PlaceSpec[] = [
  // ---- Soviet major cities (1.41). pp values are substitutes unless the book gives them.
  P({ name: 'Moscow', at: [37.62, 55.75], kind: 'major', values: { pp: 6 }, owner: 'soviet', prov: sub, src: 'S41 checksum' }),
  P({ name: 'Leningrad', at: [30.32, 59.94], kind: 'major', port: true, fortress: true, values: { pp: 5 }, owner: 'soviet', prov: printed, src: '1.45, 1.46 (pp substitute)' }),
  P({ name: 'Kiev', at: [30.52, 50.45], realName: 'Kyiv', kind: 'major', values: { pp: 4 }, owner: 'soviet', prov: sub, src: 'S41 checksum' }),
  P({ name: 'Kharkov', at: [36.23, 49.99], realName: 'Kharkiv', kind: 'major', values: { pp: 4 }, owner: 'soviet', prov: sub, src: 'S41 checksum' }),
  P({ name: 'Dnepropetrovsk', at: [35.05, 48.46], realName: 'Dnipro', kind: 'major', values: { pp: 3 }, owner: 'soviet', prov: sub, src: 'S41 checksum' }),
  P({ name: 'Stalingrad', at: [44.51, 48.71], realName: 'Volgograd', kind: 'major', values: { pp: 3 }, owner: 'soviet', prov: printed, src: 'Edelweiss (pp substitute)' }),
  P({ name: 'Stalino', at: [37.80, 48.00], realName: 'Donetsk', kind: 'major', resource: true, values: { pp: 2, resource: 1 }, owner: 'soviet', prov: printed, src: '1.5 example: city 2 + mineral 1' }),
  P({ name: 'Odessa', at: [30.73, 46.48], realName: 'Odesa', kind: 'major', port: true, values: { pp: 2 }, owner: 'soviet', prov: printed, src: '1.45 major port (pp substitute)' }),
  P({ name: 'Riga', at: [24.11, 56.95], kind: 'major', port: true, values: { pp: 2 }, owner: 'soviet', prov: printed, src: '15.1 control port (pp substitute)' }),
  P({ name: 'Minsk', at: [27.56, 53.90], kind: 'major', values: { pp: 2 }, owner: 'soviet', prov: sub, src: 'S41 checksum' }),
  P({ name: 'Tula', at: [37.62, 54.19], kind: 'major', values: { pp: 2 }, owner: 'soviet', prov: sub, src: 'S41 checksum' }),
  P({ name: 'Yaroslavl', at: [39.87, 57.63], kind: 'major', values: { pp: 2 }, owner: 'soviet', prov: sub, src: 'S41 checksum' }),
  P({ name: 'Ivanovo', at: [40.97, 57.00], kind: 'major', values: { pp: 2 }, owner: 'soviet', prov: sub, src: 'S41 checksum' }),
  P({ name: 'Tbilisi', at: [44.79, 41.72], kind: 'major', values: { pp: 2 }, owner: 'soviet', prov: printed, src: 'Edelweiss major city (pp substitute)' }),
  P({ name: 'Voronezh', at: [39.20, 51.67], kind: 'major', values: { pp: 2 }, owner: 'soviet', prov: sub, src: 'S41 checksum' }),
  P({ name: 'Rostov', at: [39.72, 47.23], realName: 'Rostov-on-Don', kind: 'major', port: true, values: { pp: 1 }, owner: 'soviet', prov: printed, src: 'Edelweiss: major city worth 1 PP; 15.1 control port' }),
  P({ name: 'Smolensk', at: [32.05, 54.78], kind: 'major', values: { pp: 1 }, owner: 'soviet', prov: sub, src: 'S41 checksum' }),
  P({ name: 'Sevastopol', at: [33.52, 44.62], kind: 'major', port: true, fortress: true, values: { pp: 1 }, owner: 'soviet', prov: printed, src: '1.46 fortress, 15.1 control port (pp substitute)' }),
  P({ name: 'Lvov', at: [24.03, 49.84], realName: 'Lviv', kind: 'major', values: { pp: 1 }, owner: 'soviet', prov: sub, src: 'S41 checksum' }),
  P({ name: 'Kursk', at: [36.19, 51.73], kind: 'major', values: { pp: 1 }, owner: 'soviet', prov: sub, src: 'S41 checksum' }),

  // ---- German / Axis major cities at June '41 (S'41 German cities + resources = 14, Ploesti 4 x 2 = 8).
  P({ name: 'Warsaw', at: [21.01, 52.23], realName: 'Warszawa', kind: 'major', values: { pp: 2 }, owner: 'german', prov: sub, src: 'S41 checksum' }),
  P({ name: 'Königsberg', at: [20.51, 54.71], realName: 'Kaliningrad', kind: 'major', port: true, values: { pp: 2 }, owner: 'german', prov: sub, src: 'S41 checksum; 15.1 port' }),
  P({ name: 'Danzig', at: [18.65, 54.35], realName: 'Gdańsk', kind: 'major', port: true, values: { pp: 1 }, owner: 'german', prov: printed, src: '1.45 major port, 15.1 control port (pp substitute)' }),
  P({ name: 'Bucharest', at: [26.10, 44.43], realName: 'București', kind: 'major', values: { pp: 1 }, owner: 'german', prov: sub, src: 'S41 checksum' }),

  // ---- minor cities (1.42): one arriving unit; Home-city status from `owner`.
  P({ name: 'Gomel', at: [31.00, 52.43], realName: 'Homel', kind: 'minor', owner: 'soviet', prov: printed, src: 'S41 deployment city' }),
  P({ name: 'Bryansk', at: [34.36, 53.25], kind: 'minor', owner: 'soviet', prov: printed, src: 'S41 deployment city' }),
  P({ name: 'Kalinin', at: [35.90, 56.86], realName: 'Tver', kind: 'minor', owner: 'soviet', prov: printed, src: 'S41 deployment city' }),
  P({ name: 'Vitebsk', at: [30.20, 55.19], kind: 'minor', owner: 'soviet', prov: printed, src: 'S41 deployment city' }),
  P({ name: 'Vinnitsa', at: [28.47, 49.23], realName: 'Vinnytsia', kind: 'minor', owner: 'soviet', prov: printed, src: 'S41 deployment city' }),
  P({ name: 'Ternopol', at: [25.60, 49.55], realName: 'Ternopil', kind: 'minor', owner: 'soviet', prov: printed, src: 'S41 deployment city' }),
  P({ name: 'Cherkassy', at: [32.06, 49.44], realName: 'Cherkasy', kind: 'minor', owner: 'soviet', prov: printed, src: 'S41 deployment city' }),
  P({ name: 'Grodno', at: [23.83, 53.68], realName: 'Hrodna', kind: 'minor', owner: 'soviet', prov: printed, src: 'S41 map errata' }),
  P({ name: 'Luck', at: [25.33, 50.75], realName: 'Lutsk', kind: 'minor', owner: 'soviet', prov: printed, src: 'supply example (10)' }),
  P({ name: 'Cernauti', at: [25.94, 48.29], realName: 'Chernivtsi', kind: 'minor', owner: 'soviet', prov: printed, src: 'supply example (10)' }),
  P({ name: 'Tallinn', at: [24.75, 59.44], kind: 'minor', port: true, owner: 'soviet', prov: printed, src: '15.1 port' }),
  P({ name: 'Nikolaev', at: [31.99, 46.97], realName: 'Mykolaiv', kind: 'minor', port: true, owner: 'soviet', prov: printed, src: '15.1 port' }),
  P({ name: 'Simferopol', at: [34.10, 44.95], kind: 'minor', owner: 'soviet', prov: printed, src: '15.43 shoals' }),
  P({ name: 'Kerch', at: [36.47, 45.36], kind: 'minor', port: true, owner: 'soviet', prov: printed, src: '1.38, 15.1 port' }),
  P({ name: 'Mariupol', at: [37.55, 47.10], kind: 'minor', port: true, owner: 'soviet', prov: printed, src: '15.1 port' }),
  P({ name: 'Voroshilovgrad', at: [39.33, 48.57], realName: 'Luhansk', kind: 'minor', owner: 'soviet', prov: printed, src: 'Edelweiss set-up', hex: 'Rostov NW2', why: 'Aug II supply: its hex is needed for Millerovo (Kamensko NW1); two hexes from Rostov as Y\'s attack needs' }),
  P({ name: 'Krasnodar', at: [38.98, 45.04], kind: 'minor', owner: 'soviet', prov: printed, src: 'Edelweiss' }),
  P({ name: 'Novorossiysk', at: [37.77, 44.72], kind: 'minor', port: true, owner: 'soviet', prov: printed, src: '15.1 port; Edelweiss' }),
  P({ name: 'Stavropol', at: [41.97, 45.04], kind: 'minor', owner: 'soviet', prov: printed, src: 'Edelweiss' }),
  P({ name: 'Ordzhonikidze', at: [44.68, 43.02], realName: 'Vladikavkaz', kind: 'minor', owner: 'soviet', prov: printed, src: '1.34 mountain hex' }),
  P({ name: 'Grozny', at: [45.69, 43.32], kind: 'minor', resource: true, values: { resource: 1 }, owner: 'soviet', prov: printed, src: '1.5 resource, Edelweiss cadre (value substitute)' }),
  P({ name: 'Batumi', at: [41.64, 41.64], kind: 'minor', port: true, owner: 'soviet', prov: printed, src: '15.1 control port; Edelweiss cadre' }),
  P({ name: 'Astrakhan', at: [48.04, 46.35], kind: 'minor', port: true, owner: 'soviet', prov: printed, src: 'map errata: Caspian port' }),
  P({ name: 'Memel', at: [21.13, 55.71], realName: 'Klaipėda', kind: 'minor', port: true, owner: 'german', prov: printed, src: '15.1 port' }),
  P({ name: 'Ploesti', at: [26.02, 44.94], realName: 'Ploiești', kind: 'minor', resource: true, values: { resource: 4 }, owner: 'german', prov: printed, src: '1.5: oil 4' }),
  P({ name: 'Constanza', at: [28.65, 44.18], realName: 'Constanța', kind: 'minor', port: true, owner: 'german', prov: printed, src: '15.1 port' }),

  // ---- towns (1.43): names only (plus ports and resources the book names).
  P({ name: 'Ventspils', at: [21.56, 57.39], kind: 'town', port: true, prov: printed, src: '15.1 port', hex: 'Riga W1', why: 'geography puts it in Riga NW1, which 1.2 lists as unplayable islands' }),
  P({ name: 'Varna', at: [27.91, 43.21], kind: 'town', port: true, prov: printed, src: '15.1 port' }),
  P({ name: 'Marach Kala', at: [47.50, 42.98], realName: 'Makhachkala', kind: 'town', port: true, prov: printed, src: 'map errata: Caspian port' }),
  P({ name: 'Krivoy-Rog', at: [33.39, 47.91], realName: 'Kryvyi Rih', kind: 'town', resource: true, values: { resource: 1 }, prov: printed, src: '1.5 resource (unnumbered = 1)' }),
  P({ name: 'Maikop', at: [40.10, 44.61], realName: 'Maykop', kind: 'town', resource: true, values: { resource: 1 }, prov: printed, src: '1.5 oil; Edelweiss: worth 1 (German 2)' }),
  P({ name: 'Kremenchug', at: [33.42, 49.07], realName: 'Kremenchuk', kind: 'town', prov: printed, src: 'W43 set-up' }),
  P({ name: 'Uman', at: [30.22, 48.75], kind: 'town', prov: printed, src: '9 sidebar' }),
  P({ name: 'Tulchin', at: [28.85, 48.67], realName: 'Tulchyn', kind: 'town', prov: printed, src: '9 sidebar' }),
  P({ name: 'Melitopol', at: [35.37, 46.84], kind: 'town', prov: printed, src: '1.6 Sivash' }),
  P({ name: 'Perekop', at: [33.69, 46.16], kind: 'town', prov: printed, src: '1.6 Sivash' }),
  P({ name: 'Kamensko', at: [40.27, 48.32], realName: 'Kamensk-Shakhtinsky', kind: 'town', prov: printed, src: 'Edelweiss set-up' }),
  P({ name: 'Millerovo', at: [40.39, 48.92], kind: 'town', prov: printed, src: 'Edelweiss railhead', hex: 'Kamensko NW1', why: 'Aug II supply: the railhead is within 2 of Kalach, more than 2 from Stalingrad and Salsk NE1, and its line south runs into H\'s ZOC' }),
  P({ name: 'Kalach', at: [43.53, 48.69], realName: 'Kalach-na-Donu', kind: 'town', prov: printed, src: 'Edelweiss set-up', hex: 'Stalingrad W1', why: 'geography puts it in the Stalingrad hex; the walkthrough keeps them apart (R and Q start there)' }),
  P({ name: 'Kotelnikovo', at: [43.14, 47.63], kind: 'town', prov: printed, src: 'Edelweiss set-up' }),
  P({ name: 'Archeda', at: [43.65, 49.79], realName: 'Frolovo', kind: 'town', prov: printed, src: 'Edelweiss: out of play' }),
  P({ name: 'Salsk', at: [41.54, 46.47], kind: 'town', prov: printed, src: 'Edelweiss' }),
  P({ name: 'Kropotkin', at: [40.58, 45.44], kind: 'town', prov: printed, src: 'Edelweiss' }),
  P({ name: 'Armavir', at: [41.12, 44.99], kind: 'town', prov: printed, src: 'Edelweiss' }),
  P({ name: 'Tuapse', at: [39.08, 44.10], kind: 'town', prov: printed, src: 'Edelweiss' }),
  P({ name: 'Volkhov', at: [32.32, 59.92], kind: 'town', prov: printed, src: 'lake supply (10.5)' }),
  P({ name: 'Pskov', at: [28.33, 57.82], kind: 'town', prov: printed, src: 'S41 commentary' }),
];
