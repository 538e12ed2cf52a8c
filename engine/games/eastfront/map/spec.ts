/**
 * The EastFront map spec: projection and grid (fitted to the rulebook's named-hex relations, see
 * fit.test.ts), the theatre's extent, geodata selections, and every override where the book wins over
 * geography. Provenance: `printed` = the rulebook says so (rule cited); `derived` = follows from what the
 * rulebook states (mostly the Edelweiss walkthrough); `substitute` = ours.
 */
import type { MapSpec } from '../../../maps/spec';
import { EASTFRONT_PROJECTION } from '../../../maps/projection';
import { places } from './places';
import { rails } from './rails';

const printed = 'printed' as const;
const derived = 'derived' as const;
const sub = 'substitute' as const;

export const eastfrontSpec: MapSpec = {
  game: 'eastfront',
  version: 1,
  projection: EASTFRONT_PROJECTION,
  grid: {
    orientation: 'pointy', // 1.2: hexes are named with E/W and diagonal directions only
    spacing: 110_000,
    rotation: 0,
    anchor: 'Rostov',
    offset: [-31_600, -7_100],
  },
  // West edge 3 hexes east of Berlin (16 commentary); north edge beyond Lake Ladoga (Leningrad NE4 is a map
  // hex); east edge with Ivanovo on it (RE T, 16.23 example) and the lower Volga; south edge in Turkey
  // (Batumi SW2 is a map hex).
  areaKm: [
    [-1300, 1760],
    [240, 1760],
    [240, 900],
    [330, 700],
    [450, 400],
    [520, 250],
    [650, 150],
    [830, -50],
    [860, -760],
    [300, -760],
    [300, -940],
    [-700, -940],
    [-700, -560],
    [-1300, -560],
  ],
  landShare: 0.1,
  lakeShare: 0.5,
  lakes: [
    'Lake Ladoga',
    'Lake Onega',
    'Lake Peipus',
    'Pskoyskoye Ozero',
    "Lake Il'Men'",
    'Lake Beloye',
    'Zalew Wislany',
    'Kaliningradskiy Zaliv',
  ],
  rivers: {
    names: [
      'Volga', 'Don', 'Donets', 'Seversky Donets', 'Dnieper', 'Dnepre', 'Dnepr', 'Desna', 'Dniester', 'Southern Bug',
      'Bug', 'Zakhidnyy Buh', 'Pripyat', 'Prypyat', 'Byarezina', 'Zapadnaya Dvina', 'Daugava', 'Nemunas', 'Vistula',
      'Narew', 'San', 'Prut', 'Siret', 'Danube', 'Oka', 'Kuban', 'Terek', 'Manych', 'Volkhov', 'Svir', 'Neva', 'Narva',
      'Velikaya', 'Oskol', 'Sozh', 'Chyr', 'Lovat', 'Msta',
    ],
    rename: { Dnepre: 'Dnepr', Dnieper: 'Dnepr', 'Seversky Donets': 'Donets', Prypyat: 'Pripyat', 'Zakhidnyy Buh': 'Bug', Byarezina: 'Berezina', Daugava: 'Dvina', 'Zapadnaya Dvina': 'Dvina', Nemunas: 'Niemen', Chyr: 'Chir' },
  },
  places,
  named: [
    // Edelweiss set-up and walkthrough
    'Kamensko E1', 'Rostov E1', 'Rostov E2', 'Rostov SE1', 'Stalingrad E1', 'Stalingrad SE1', 'Stalingrad NE1',
    'Kotelnikovo E1', 'Salsk E1', 'Salsk NE1', 'Armavir E1', 'Tuapse E1',
    // elsewhere in the rulebook (1.2 sidebar, 1.34, 10.5, 9 sidebar, scenarios, 1.2 example)
    'Kharkov NE1', 'Kremenchug W1', 'Leningrad NE4', 'Memel NW1', 'Odessa SE1', 'Perekop E1', 'Perekop NW1',
    'Ploesti NE1', 'Riga NW1', 'Riga NW2', 'Tallinn E1', 'Tulchin NE1', 'Volkhov NE1', 'Volkhov NE3', 'Volkhov NW2',
    'Volkhov NW3', 'Batumi SW2',
  ],
  mountainRegions: ['CAUCASUS MTS.', 'CARPATHIAN MOUNTAINS', 'Transylvanian Alps', 'Lesser Caucasus', 'Tatra Mts.'],
  areas: [
    // first match wins; all substitute: the book names no forest or marsh areas (1.32-1.33 only name hexes)
    { name: 'Volkhov swamps', terrain: 'marsh', prov: sub, src: 'substitute: Volkhov/Ilmen swamps', ring: [[31.0, 58.4], [33.6, 58.4], [33.6, 59.6], [31.0, 59.6]] },
    { name: 'Pripet marshes', terrain: 'marsh', prov: sub, src: 'substitute: Pripet marshes', ring: [[23.9, 51.2], [26.0, 50.95], [28.5, 51.0], [30.6, 51.2], [30.6, 52.4], [28.5, 52.75], [26.0, 52.7], [23.9, 52.3]] },
    { name: 'Bryansk forest', terrain: 'forest', prov: sub, src: 'substitute: Bryansk forests', ring: [[33.0, 52.7], [35.4, 52.7], [35.4, 53.9], [33.0, 53.9]] },
    { name: 'Belorussian forests', terrain: 'forest', prov: sub, src: 'substitute: Belorussian forests', ring: [[26.6, 53.3], [30.2, 53.3], [30.2, 54.5], [26.6, 54.5]] },
    { name: 'Valdai forests', terrain: 'forest', prov: sub, src: 'substitute: Valdai and Kalinin forests', ring: [[30.2, 56.6], [36.0, 56.6], [36.0, 58.9], [30.2, 58.9]] },
    { name: 'Karelian forests', terrain: 'forest', prov: sub, src: 'substitute: Karelian forests', ring: [[27.5, 60.4], [37.0, 60.4], [37.0, 62.5], [27.5, 62.5]] },
    {
      name: 'Greater Caucasus', terrain: 'mountain', prov: sub, src: 'substitute: Greater Caucasus range',
      ring: [[38.3, 45.05], [40.0, 44.45], [41.5, 43.95], [42.8, 43.7], [44.0, 43.35], [45.5, 42.9], [46.8, 42.3], [48.5, 41.7], [48.5, 40.7], [46.8, 41.3], [45.5, 41.9], [44.0, 42.35], [42.8, 42.7], [41.5, 42.95], [40.0, 43.45], [38.3, 44.05]],
    },
    { name: 'Crimean mountains', terrain: 'mountain', prov: sub, src: 'substitute: Crimean mountains', ring: [[33.9, 44.45], [35.2, 44.7], [35.2, 44.85], [33.9, 44.75]] },
  ],
  // June 1941 frontiers (Home cities 1.44, Hungary in S'41, Rumanian surrender 16.11): rough substitute rings.
  defaultCountry: 'USSR',
  countries: [
    { name: 'Turkey', prov: sub, src: 'substitute: 1941 border', ring: [[25.0, 39.0], [25.0, 41.75], [26.6, 41.85], [27.5, 42.05], [28.05, 41.98], [28.5, 42.4], [35.0, 42.6], [41.3, 41.75], [41.55, 41.52], [42.5, 41.45], [43.5, 41.1], [44.8, 40.9], [45.5, 39.0]] },
    { name: 'Finland', prov: sub, src: 'substitute: 1940 border', ring: [[18.0, 59.7], [27.3, 60.3], [27.8, 60.5], [28.6, 60.95], [29.3, 61.25], [30.5, 61.6], [31.5, 62.2], [31.5, 70.0], [18.0, 70.0]] },
    {
      name: 'Germany', prov: sub, src: 'substitute: June 1941 frontier (Reich, East Prussia, Memel, General Government)',
      ring: [[8.0, 48.9], [8.0, 57.0], [21.07, 55.9], [22.0, 55.6], [22.4, 55.05], [22.8, 54.4], [23.5, 54.2], [22.3, 53.6], [22.0, 53.0], [22.6, 52.4], [23.1, 52.3], [23.65, 52.08], [24.0, 51.6], [24.1, 51.0], [24.1, 50.4], [23.5, 50.2], [23.0, 49.9], [22.77, 49.78], [22.6, 49.4], [22.0, 49.5], [19.5, 49.6], [17.0, 48.9]],
    },
    { name: 'Slovakia', prov: sub, src: 'substitute: 1941 border', ring: [[16.8, 48.9], [17.0, 47.8], [18.8, 47.8], [20.0, 48.0], [22.1, 48.4], [22.6, 49.1], [22.6, 49.4], [22.0, 49.5], [19.5, 49.6]] },
    {
      name: 'Hungary', prov: sub, src: 'substitute: 1941 border (with Carpatho-Ukraine and Northern Transylvania)',
      ring: [[16.0, 45.7], [18.8, 45.8], [20.3, 46.1], [21.4, 46.6], [22.0, 46.6], [23.6, 46.5], [24.55, 46.35], [25.0, 46.3], [26.0, 46.0], [26.4, 46.3], [25.9, 47.2], [25.4, 47.7], [24.9, 47.9], [24.2, 48.2], [23.0, 48.9], [22.6, 49.1], [22.1, 48.4], [20.0, 48.0], [18.8, 47.8], [17.0, 47.8], [16.0, 47.5]],
    },
    {
      name: 'Rumania', prov: sub, src: 'substitute: June 1941 border (after the 1940 cessions)',
      ring: [[20.3, 46.1], [21.4, 46.6], [22.0, 46.6], [23.6, 46.5], [24.55, 46.35], [25.0, 46.3], [26.0, 46.0], [26.4, 46.3], [25.9, 47.2], [25.4, 47.7], [25.3, 47.95], [26.6, 48.25], [27.2, 47.9], [27.8, 47.2], [28.1, 46.5], [28.2, 45.5], [29.7, 45.2], [29.7, 44.8], [28.6, 43.75], [27.27, 44.12], [26.0, 43.8], [25.0, 43.7], [23.0, 43.8], [22.4, 44.5], [21.4, 44.8]],
    },
    { name: 'Bulgaria', prov: sub, src: 'substitute: 1941 border', ring: [[22.4, 44.5], [23.0, 43.8], [25.0, 43.7], [26.0, 43.8], [27.27, 44.12], [28.6, 43.75], [29.5, 42.5], [28.0, 41.9], [26.5, 41.7], [22.3, 41.2], [22.3, 44.2]] },
  ],
  unplayable: [
    {
      name: 'Turkey',
      src: '1.1',
      // north side drawn over the sea, so part-land coastal hexes of Anatolia count as Turkey too
      ring: [[25.0, 39.0], [25.0, 41.75], [26.6, 41.85], [27.5, 42.05], [28.05, 41.98], [28.5, 42.4], [35.0, 42.6], [41.3, 41.75], [41.55, 41.52], [42.5, 41.45], [43.5, 41.1], [44.8, 40.9], [45.5, 39.0]],
    },
  ],
  // 1.34: alpine (high mountain) hexsides are impassable. Substitute crest lines of the Greater Caucasus,
  // leaving the Black Sea coast and the Darial pass (Georgian Military Road, Ordzhonikidze - Tbilisi) open.
  barrierLines: [
    { name: 'Alpine (Caucasus crest)', prov: sub, src: '1.34 alpine hexsides, substitute crest line', line: [[41.0, 43.6], [41.5, 43.45], [42.8, 43.2], [44.25, 42.78]] },
    { name: 'Alpine (Caucasus crest)', prov: sub, src: '1.34 alpine hexsides, substitute crest line', line: [[44.95, 42.6], [45.5, 42.4], [46.8, 41.8], [47.6, 41.45]] },
  ],
  hexOverrides: [
    // 1.32 / 1.34 clarifications and the Edelweiss walkthrough ("must stop in mountains")
    { hex: 'Tbilisi', terrain: 'forest', prov: printed, src: '1.32' },
    { hex: 'Grozny', terrain: 'forest', prov: printed, src: '1.32' },
    { hex: 'Ordzhonikidze', terrain: 'mountain', prov: printed, src: '1.34' },
    { hex: 'Ploesti NE1', terrain: 'mountain', prov: printed, src: '1.34' },
    { hex: 'Tuapse', terrain: 'mountain', prov: printed, src: 'Edelweiss Aug II: W must stop entering Tuapse' },
    { hex: 'Tuapse E1', terrain: 'mountain', prov: printed, src: 'Edelweiss Aug II: V must stop in Tuapse E1' },
    // combat in the walkthrough takes full steps from passive units here, so no forest/marsh/mountain (7.34)
    { hex: 'Maikop', terrain: 'clear', prov: derived, src: 'Edelweiss Aug II: airstrike hit costs D a full step' },
    { hex: 'Armavir', terrain: 'clear', prov: derived, src: 'Edelweiss Aug II: each hit costs J a full step' },
    { hex: 'Kotelnikovo', terrain: 'clear', prov: derived, src: 'Edelweiss Jul II: one hit reduces E by a step' },
    { hex: 'Rostov E1', terrain: 'clear', prov: derived, src: 'Edelweiss Jul II: two hits eliminate the 2cv B' },
    // 1.2 sidebar: hexes with minuscule land are not playable
    { hex: 'Memel NW1', impassable: true, terrain: 'sea', prov: printed, src: '1.2 sidebar', note: 'minuscule land: not playable' },
    { hex: 'Riga NW1', impassable: true, terrain: 'sea', prov: printed, src: '1.2 sidebar', note: 'islands: not playable' },
    { hex: 'Riga NW2', impassable: true, terrain: 'sea', prov: printed, src: '1.2 sidebar', note: 'islands and mainland sliver: not playable' },
    { hex: 'Volkhov NW2', impassable: true, terrain: 'lake', prov: printed, src: '1.2 sidebar', note: 'Lake Ladoga: not playable' },
    { hex: 'Volkhov NW3', impassable: true, terrain: 'lake', prov: printed, src: '1.2 sidebar', note: 'Lake Ladoga: not playable' },
    { hex: 'Volkhov NE3', impassable: true, terrain: 'lake', prov: printed, src: '1.2 sidebar', note: 'Lakes Ladoga/Onega: not playable' },
    { hex: 'Leningrad NE4', impassable: true, terrain: 'lake', prov: printed, src: '1.2 sidebar', note: 'Lakes Ladoga/Onega: not playable' },
    { hex: 'Perekop E1', impassable: true, terrain: 'sea', prov: printed, src: '1.2 sidebar', note: 'Arabat spit: not playable' },
    { hex: 'Odessa SE1', impassable: true, terrain: 'sea', prov: printed, src: '1.2 sidebar', note: 'minuscule land: not playable' },
    { hex: 'Batumi SW2', impassable: true, prov: printed, src: '1.2 sidebar', note: 'in Turkey: not playable' },
    // 10.5: rail supply reaches the Ladoga shore at Volkhov NE1, so it is a land hex
    { hex: 'Volkhov NE1', land: true, prov: printed, src: '10.5 lake supply' },
  ],
  hexsideOverrides: [
    { a: 'Rostov', b: 'Rostov E1', kind: 'river', name: 'Don', prov: printed, src: 'Edelweiss Aug I: Rostov-Rostov E1 river hexside' },
    { a: 'Kamensko', b: 'Rostov', kind: 'clear', prov: derived, src: 'Edelweiss Jul II: X and W both attack Rostov across it (limit 2)' },
    { a: 'Kamensko', b: 'Rostov E1', kind: 'river', name: 'Donets', prov: derived, src: 'Edelweiss Jul II: V river-assaults Rostov E1' },
    { a: 'Kamensko E1', b: 'Rostov E1', kind: 'river', name: 'Don', prov: derived, src: 'Edelweiss Jul II: T river-assaults Rostov E1' },
    { a: 'Kamensko E1', b: 'Rostov E2', kind: 'river', name: 'Don', prov: derived, src: 'Edelweiss Jul II: S river-assaults Rostov E2' },
    { a: 'Rostov E1', b: 'Rostov SE1', kind: 'river', name: 'Don / Manych', prov: derived, src: 'Edelweiss Aug production: Rostov keeps its rail line (Soviet level 30), so no German ZOC from Rostov E1 crosses' },
    { a: 'Rostov E1', b: 'Salsk', kind: 'river', name: 'Manych', prov: derived, src: 'Edelweiss Aug production: Rostov keeps its rail line (Soviet level 30), so no German ZOC from Rostov E1 crosses' },
    { a: 'Mariupol', b: 'Rostov', kind: 'river', name: 'Mius', prov: derived, src: 'Edelweiss Jul II: one of the units attacking Rostov crosses a river' },
    { a: 'Kerch', b: 'Kerch E1', kind: 'strait', name: 'Kerch Straits', prov: printed, src: '1.38' },
    { a: 'Melitopol', b: 'Perekop', kind: 'impassable', name: 'Sivash', railOnly: true, prov: printed, src: '1.6: rail movement only' },
  ],
  rails,
  seaZones: [
    {
      id: 'SZ-GULF-RIGA', name: 'Gulf of Riga', control: 'Riga', ports: ['Ventspils'], adjacent: ['SZ-BALTIC', 'SZ-GULF-FINLAND'],
      prov: printed, src: '1.36 map errata',
      ring: [[21.2, 56.6], [25.0, 56.6], [25.0, 59.0], [23.0, 59.0], [21.2, 58.0]],
    },
    {
      id: 'SZ-GULF-FINLAND', name: 'Gulf of Finland', control: 'Leningrad', ports: ['Tallinn'], adjacent: ['SZ-BALTIC', 'SZ-GULF-RIGA'],
      prov: printed, src: '15.1',
      ring: [[22.6, 58.9], [31.0, 58.9], [31.0, 61.5], [22.6, 61.5]],
    },
    {
      id: 'SZ-BALTIC', name: 'Baltic Sea', control: 'Danzig', ports: ['Königsberg', 'Memel', 'Ventspils'], adjacent: ['SZ-GULF-FINLAND', 'SZ-GULF-RIGA'],
      prov: printed, src: '15.1',
      ring: [[12.0, 53.5], [23.0, 53.5], [21.7, 57.4], [22.2, 58.2], [22.6, 58.9], [22.6, 62.0], [12.0, 62.0]],
    },
    {
      id: 'SZ-AZOV', name: 'Sea of Azov', control: 'Rostov', ports: ['Mariupol', 'Kerch'], adjacent: ['SZ-E-BLACK'],
      prov: printed, src: '15.1',
      ring: [[34.6, 45.3], [36.5, 45.3], [40.0, 45.3], [40.0, 47.5], [34.6, 47.5]],
    },
    {
      id: 'SZ-W-BLACK', name: 'Western Black Sea', control: 'Sevastopol', ports: ['Varna', 'Constanza', 'Odessa', 'Nikolaev'], adjacent: ['SZ-E-BLACK'],
      prov: printed, src: '15.1',
      ring: [[25.0, 40.5], [33.55, 40.5], [33.55, 47.5], [25.0, 47.5]],
    },
    {
      id: 'SZ-E-BLACK', name: 'Eastern Black Sea', control: 'Batumi', ports: ['Sevastopol', 'Kerch', 'Novorossiysk'], adjacent: ['SZ-AZOV', 'SZ-W-BLACK'],
      prov: printed, src: '15.1 (Sevastopol borders both Black Seas)',
      ring: [[33.55, 40.5], [42.5, 40.5], [42.5, 45.3], [33.55, 45.3]],
    },
    {
      id: 'SZ-CASPIAN', name: 'Caspian Sea', control: 'Baku', ports: ['Astrakhan', 'Marach Kala'], adjacent: [],
      prov: printed, src: '1.36 map errata (control port Baku = EZ M)',
      ring: [[46.0, 36.0], [56.0, 36.0], [56.0, 48.5], [46.0, 48.5]],
    },
  ],
  exitZones: [
    // Rail entry hexes (9.11): positions are substitutes where lines leave the map; fronts and edges per 16.x.
    { letter: 'A', name: 'Pomerania (Stettin)', front: 'Baltic', edge: 'west', entry: [17.3, 54.45], prov: sub },
    { letter: 'B', name: 'Bromberg', front: 'Baltic', edge: 'west', entry: [17.5, 53.1], prov: sub },
    { letter: 'C', name: 'Posen', front: 'Baltic', edge: 'west', entry: [17.2, 52.3], prov: sub },
    { letter: 'D', name: 'Breslau', front: 'Baltic', edge: 'west', entry: [17.5, 51.2], prov: sub },
    { letter: 'E', name: 'Krakow', front: 'Baltic', edge: 'west', entry: [19.0, 50.1], prov: sub },
    { letter: 'F', name: 'Slovakia', front: 'Balkan', edge: 'west', entry: [21.0, 49.0], prov: sub },
    { letter: 'G', name: 'Hungary', front: 'Balkan', edge: 'west', entry: [22.0, 47.8], prov: sub },
    { letter: 'H', name: 'Transylvania', front: 'Balkan', edge: 'west', entry: [22.5, 46.5], prov: sub },
    { letter: 'I', name: 'Brasov', front: 'Balkan', edge: 'west', entry: [22.8, 45.3], prov: sub },
    { letter: 'J', name: 'Craiova', front: 'Balkan', edge: 'west', entry: [23.0, 44.2], prov: sub },
    { letter: 'L', name: 'Transcaucasus (Tbilisi)', front: 'Caucasus', edge: 'south', entry: [45.5, 41.3], prov: sub },
    { letter: 'M', name: 'Baku', front: 'Caucasus', edge: 'south', entry: [48.3, 42.0], prov: sub, src: 'errata: one hex south of the printed spot' },
    { letter: 'N', name: 'Astrakhan-Saratov (east bank)', front: 'Volga', edge: 'east', entry: [47.8, 47.0], prov: sub },
    { letter: 'O', name: 'Stalingrad (Akhtuba)', front: 'Volga', edge: 'east', entry: [46.2, 48.9], prov: sub, src: '16.3 example: O lies near Stalingrad' },
    { letter: 'P', name: 'Saratov', front: 'Volga', edge: 'east', entry: [45.4, 50.2], prov: sub },
    { letter: 'Q', name: 'Penza', front: 'Volga', edge: 'east', entry: [43.0, 52.8], prov: sub },
    { letter: 'R', name: 'Ruzayevka', front: 'Volga', edge: 'east', entry: [42.0, 54.4], prov: sub },
    { letter: 'S', name: 'Gorky', front: 'Volga', edge: 'east', entry: [41.9, 56.1], prov: sub },
    { letter: 'T', name: 'Ivanovo', front: 'Volga', edge: 'east', entry: 'Ivanovo', prov: derived, src: '16.23 example: Ivanovo to EZ T is one move' },
    { letter: 'U', name: 'Vologda', front: 'Volga', edge: 'east', entry: [40.3, 58.5], prov: sub },
    { letter: 'V', name: 'Murmansk railway', front: 'Finnish', edge: 'north', entry: [34.3, 61.6], prov: sub, src: '16.3: V cuts the Murmansk railway' },
    { letter: 'W', name: 'Finland', front: 'Finnish', edge: 'north', entry: [28.9, 61.3], prov: sub },
  ],
  notes: [
    'Grid fitted to the rulebook named-hex relations (engine/games/eastfront/map/fit.test.ts): pointy-top, 110 km, rotation 0, LAEA 48N 38E, origin = Rostov hex.',
    'Override Kalach -> Stalingrad W1: geographically Kalach-na-Donu falls in the Stalingrad hex.',
    'Hexsides not listed are clear between two clear hexes and not clear otherwise (1.3).',
    'Far north: the printed map is compressed; the 1.2-sidebar Ladoga/Onega hexes are forced unplayable and Volkhov NE1 forced to land.',
  ],
};
