/**
 * The Operation Unthinkable map spec: 5-mile flat-top hexes numbered CCRR (columns 10-42 west to east, rows
 * 05-44 north to south, odd columns half a hex lower), laid on the ground between the Elbe and the Oder.
 *
 * Grid placement comes from fit.ts (the Mulde mouth on hexside 1530/1531, the Elbe past 2535, the Mulde past
 * 2244; fit.test.ts re-checks it). Provenance: `printed` = stated by the rulebook (rule in src), `derived` =
 * follows from it, `substitute` = ours (the rulebook names no city, forest, lake or autobahn).
 * Autobahns are carried in the `rails` layer (the game has no railways; engine/games/operation-unthinkable/map.ts
 * reads MapData.rails as autobahn hexside links).
 */
import type { LonLat, MapSpec, PlaceSpec } from '../../../maps/spec';
import { DESSAU, OU_PROJECTION, OU_SPACING } from './constants';

/** Fitted placement (fit.test.ts): rotation in degrees counter-clockwise, centre of 1530 minus Dessau in metres. */
export const OU_FIT = { rotation: -9.8, offset: [-912, 10365] as [number, number] };

const sub = 'substitute' as const;
const city = (name: string, at: LonLat, src = '1939 town of 30,000+ (census), city hex substitute (10.2.3 names none)'): PlaceSpec => ({
  name,
  at,
  kind: 'minor',
  prov: sub,
  src,
});

const places: PlaceSpec[] = [
  { name: 'Dessau', at: DESSAU, kind: 'minor', prov: sub, src: 'grid anchor; city hex substitute' },
  { name: 'Berlin', at: [13.3996, 52.5238], kind: 'capital', prov: sub, src: 'city hexes: Berlin built-up area (substitute)' },
  {
    name: 'Torgau',
    at: [13.0056, 51.5603],
    kind: 'named',
    prov: 'printed',
    src: "designer's note to 3.3 (Elbe link-up); a town, not a city hex",
  },
  city('Potsdam', [13.0645, 52.3906]),
  city('Brandenburg', [12.5556, 52.4125]),
  city('Rathenow', [12.3367, 52.6042]),
  city('Wittenberg', [12.6484, 51.8671]),
  city('Bitterfeld', [12.3253, 51.6234]),
  city('Köthen', [11.9709, 51.7511]),
  city('Halle', [11.9688, 51.4969]),
  city('Leipzig', [12.3731, 51.3397]),
  city('Chemnitz', [12.9214, 50.8278]),
  city('Freiberg', [13.3428, 50.9119]),
  city('Meissen', [13.4717, 51.1636]),
  city('Riesa', [13.2936, 51.3081]),
  city('Dresden', [13.7373, 51.0504]),
  city('Bautzen', [14.4275, 51.1814]),
  city('Cottbus', [14.3329, 51.7563]),
  city('Forst', [14.6353, 51.7336]),
  city('Guben', [14.7161, 51.9533]),
  city('Frankfurt (Oder)', [14.5506, 52.3471]),
  { ...city('Küstrin', [14.6392, 52.5786]), fortress: true, src: 'fortress town at the Warthe mouth; city hex substitute' },
  city('Fürstenwalde', [14.0631, 52.3606]),
  city('Eberswalde', [13.8186, 52.8336]),
  city('Oranienburg', [13.2369, 52.7547]),
  city('Luckenwalde', [13.1685, 52.0878]),
  city('Prenzlau', [13.8627, 53.3164]),
  city('Neubrandenburg', [13.2611, 53.5569]),
  city('Stettin', [14.5528, 53.4285]),
  city('Stargard', [15.0336, 53.3365]),
  city('Landsberg (Warthe)', [15.2288, 52.7368]),
];

/** Rough rings (lon, lat) of the larger 1945 forests and wet lowlands: substitutes (Natural Earth has none). */
const forest = (name: string, ring: LonLat[]) => ({ name, terrain: 'forest', ring, prov: sub, src: `${name} (substitute forest outline)` });
const marsh = (name: string, ring: LonLat[]) => ({ name, terrain: 'marsh', ring, prov: sub, src: `${name} (substitute marsh outline)` });

export const ouSpec: MapSpec = {
  game: 'operation-unthinkable',
  version: 1,
  projection: OU_PROJECTION,
  grid: {
    orientation: 'flat',
    spacing: OU_SPACING,
    rotation: OU_FIT.rotation,
    anchor: 'Dessau',
    anchorHex: '1530',
    offset: OU_FIT.offset,
    ids: { layout: 'odd-q', digits: 2 },
  },
  offsetRange: { cols: [10, 42], rows: [5, 44] },
  areaKm: [],
  // every hex of the printed rectangle is playable (2.1.1 edges run the full columns); lakes are hexsides
  // (10.2.2): a hexside is all-lake when its five inner sample points are lake (its corners may be shore)
  landShare: 0,
  lakeShare: 2,
  lakeHexsideShare: 0.7,
  lakes: ['Mritz', 'Schweriner See', 'Kummerower See', 'Klpinsee', 'Plauer See', 'Jezioro Dabie', 'Miedwie'],
  rivers: {
    names: ['Elbe', 'Zwickauer Mulde', 'Saale', 'Weisse Elster', 'Schwarze Elster', 'Spree', 'Oder', 'Luzicka Nisa', 'Warta', 'Bobr'],
    rename: { 'Zwickauer Mulde': 'Mulde', 'Luzicka Nisa': 'Neisse', Warta: 'Warthe', Bobr: 'Bober', 'Weisse Elster': 'Weisse Elster' },
    // Natural Earth labels the lower Havel (Spandau - Potsdam - Brandenburg - Havelberg) as Spree
    renameIn: [{ from: 'Spree', to: 'Havel', box: [11.9, 52.3, 13.21, 52.9] }],
    lines: [
      {
        name: 'Havel',
        prov: sub,
        src: 'upper Havel, hand-drawn (Natural Earth lacks it)',
        line: [
          [13.2027, 52.5135],
          [13.21, 52.62],
          [13.24, 52.75],
          [13.3, 52.86],
          [13.33, 52.99],
          [13.23, 53.1],
          [13.1, 53.18],
          [13.04, 53.3],
        ],
      },
      {
        name: 'Uecker',
        prov: sub,
        src: 'Uecker, hand-drawn (Natural Earth lacks it)',
        line: [
          [13.78, 53.2],
          [13.86, 53.31],
          [13.98, 53.43],
          [13.99, 53.52],
          [14.05, 53.73],
        ],
      },
    ],
  },
  places,
  named: [],
  mountainRegions: [],
  areas: [
    {
      name: 'Berlin',
      terrain: 'city',
      ring: [
        [13.2, 52.6],
        [13.48, 52.62],
        [13.62, 52.52],
        [13.52, 52.4],
        [13.25, 52.4],
        [13.12, 52.48],
      ],
      prov: sub,
      src: 'Berlin built-up area 1945 (substitute)',
    },
    forest('Dübener Heide', [
      [12.45, 51.72],
      [12.75, 51.72],
      [12.8, 51.6],
      [12.55, 51.55],
      [12.4, 51.62],
    ]),
    forest('Annaburger Heide', [
      [13.0, 51.8],
      [13.25, 51.78],
      [13.25, 51.68],
      [13.0, 51.66],
    ]),
    forest('Fläming', [
      [12.2, 52.06],
      [12.7, 52.1],
      [12.9, 52.0],
      [12.6, 51.95],
      [12.2, 51.97],
    ]),
    forest('Schorfheide', [
      [13.45, 53.06],
      [13.85, 53.06],
      [13.9, 52.9],
      [13.55, 52.85],
      [13.4, 52.92],
    ]),
    forest('Ueckermünder Heide', [
      [13.85, 53.74],
      [14.25, 53.72],
      [14.3, 53.58],
      [13.95, 53.55],
    ]),
    forest('Dahme forests', [
      [13.55, 52.26],
      [13.9, 52.26],
      [13.95, 52.05],
      [13.6, 52.02],
    ]),
    forest('Lusatian heath', [
      [14.3, 51.56],
      [14.75, 51.6],
      [14.8, 51.35],
      [14.35, 51.3],
    ]),
    forest('Königsbrück heath', [
      [13.85, 51.36],
      [14.15, 51.36],
      [14.15, 51.22],
      [13.85, 51.22],
    ]),
    forest('Tharandt forest', [
      [13.43, 51.0],
      [13.62, 51.0],
      [13.62, 50.92],
      [13.43, 50.92],
    ]),
    forest('Müritz forests', [
      [12.85, 53.36],
      [13.15, 53.36],
      [13.15, 53.2],
      [12.85, 53.22],
    ]),
    forest('Ruppin heath', [
      [12.62, 53.1],
      [12.95, 53.1],
      [12.95, 52.95],
      [12.62, 52.97],
    ]),
    forest('Neumark forests', [
      [14.75, 52.45],
      [15.25, 52.45],
      [15.25, 52.15],
      [14.75, 52.15],
    ]),
    marsh('Havel lowland', [
      [12.4, 52.72],
      [12.95, 52.72],
      [12.95, 52.42],
      [12.6, 52.37],
      [12.4, 52.45],
    ]),
    marsh('Spreewald', [
      [13.82, 51.99],
      [14.15, 51.99],
      [14.15, 51.82],
      [13.82, 51.82],
    ]),
    marsh('Oderbruch', [
      [14.12, 52.86],
      [14.45, 52.86],
      [14.6, 52.55],
      [14.35, 52.55],
    ]),
    marsh('Warthebruch', [
      [14.65, 52.76],
      [15.1, 52.76],
      [15.1, 52.62],
      [14.65, 52.62],
    ]),
    marsh('Rhinluch', [
      [12.75, 52.9],
      [13.15, 52.9],
      [13.15, 52.8],
      [12.75, 52.8],
    ]),
    marsh('Friedland bog', [
      [13.72, 53.73],
      [13.97, 53.73],
      [13.97, 53.62],
      [13.72, 53.62],
    ]),
    marsh('Fiener Bruch', [
      [12.08, 52.31],
      [12.32, 52.31],
      [12.32, 52.21],
      [12.08, 52.21],
    ]),
  ],
  unplayable: [],
  hexOverrides: [
    { hex: '1823', terrain: 'marsh', prov: 'printed', src: '10.2.1 (cavalry scouting example)' },
    { hex: '1922', terrain: 'marsh', prov: 'printed', src: '10.2.1 (cavalry scouting example)' },
  ],
  hexsideOverrides: [],
  // 1945 Reichsautobahn stretches, routed along hex lines (substitute: the rulebook names none)
  rails: [
    {
      name: 'Autobahn Berlin ring',
      prov: sub,
      src: 'Reichsautobahn Berliner Ring (substitute route)',
      via: [
        [13.25, 52.78],
        [13.55, 52.7],
        [13.75, 52.5],
        [13.7, 52.3],
        [13.4, 52.22],
        [13.0, 52.27],
        [12.85, 52.4],
        [12.95, 52.62],
        [13.25, 52.78],
      ],
    },
    {
      name: 'Autobahn Berlin-Hannover',
      prov: sub,
      src: 'Reichsautobahn (substitute route)',
      via: [
        [12.85, 52.4],
        [12.55, 52.37],
        [12.2, 52.25],
        [11.6, 52.15],
      ],
    },
    {
      name: 'Autobahn Berlin-Leipzig',
      prov: sub,
      src: 'Reichsautobahn (substitute route)',
      via: [
        [13.0, 52.27],
        [12.85, 52.05],
        [12.3, 51.87],
        [12.3, 51.62],
        [12.2, 51.4],
        [11.9, 51.15],
        [11.7, 50.95],
      ],
    },
    {
      name: 'Autobahn Halle-Leipzig',
      prov: sub,
      src: 'Reichsautobahn (substitute route)',
      via: [
        [11.95, 51.52],
        [12.2, 51.4],
      ],
    },
    {
      name: 'Autobahn Berlin-Stettin',
      prov: sub,
      src: 'Reichsautobahn (substitute route)',
      via: [
        [13.55, 52.7],
        [13.78, 52.95],
        [14.05, 53.2],
        [14.45, 53.37],
      ],
    },
    {
      name: 'Autobahn Berlin-Frankfurt (Oder)',
      prov: sub,
      src: 'Reichsautobahn (substitute route)',
      via: [
        [13.75, 52.4],
        [14.1, 52.35],
        [14.5, 52.33],
      ],
    },
    {
      name: 'Autobahn Berlin-Dresden',
      prov: sub,
      src: 'Reichsautobahn (substitute route)',
      via: [
        [13.6, 52.3],
        [13.85, 52.0],
        [13.95, 51.65],
        [13.85, 51.3],
        [13.75, 51.1],
      ],
    },
    {
      name: 'Autobahn Berlin-Breslau',
      prov: sub,
      src: 'Reichsautobahn (substitute route)',
      via: [
        [13.85, 52.0],
        [14.3, 51.78],
        [14.7, 51.72],
        [15.3, 51.6],
      ],
    },
    {
      name: 'Autobahn Dresden-Chemnitz',
      prov: sub,
      src: 'Reichsautobahn (substitute route)',
      via: [
        [13.72, 51.08],
        [13.4, 51.02],
        [12.95, 50.88],
        [12.5, 50.8],
      ],
    },
    {
      name: 'Autobahn Dresden-Görlitz',
      prov: sub,
      src: 'Reichsautobahn (substitute route)',
      via: [
        [13.75, 51.1],
        [14.4, 51.2],
        [14.95, 51.15],
      ],
    },
  ],
  seaZones: [],
  exitZones: [],
  notes: [
    'Operation Unthinkable: 5-mile (8.047 km) flat-top hexes, CCRR ids, odd columns half a hex lower (odd-q).',
    'Grid fitted to 3.3: Mulde mouth on hexside 1530/1531, Elbe past 2535, Mulde past 2244 (fit.test.ts).',
    'Printed: the CCRR rectangle 1005-4244, marsh 1823 and 1922. All rivers, lakes, forests, marshes, cities and autobahns are substitutes.',
    'Autobahns are stored in rails (this game has no railways).',
  ],
};
