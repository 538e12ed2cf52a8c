/**
 * The War in the East map spec (3.1): 101 rows x 68 columns of ~33 km pointy-top hexes numbered as 3.11/3.13
 * print them (ids.ts), placed by the least-squares fit of the rulebook's named city hexes (fit.ts; the fitted
 * numbers are fixed here and re-checked by fit.test.ts). Provenance: `printed` = the rulebook states it (rule in
 * `src`), `derived` = follows from it (book-over-geography city placements, the rail branches between printed
 * junctions), `substitute` = ours (terrain, rivers, borders, the rail net, the Weatherline, sectors).
 */
import { gridToXY } from '../../../maps/grid';
import { xyToHex } from '../../../maps/grid';
import { BORDERS_JUNE_1941, DEFAULT_COUNTRY_1941 } from '../../../maps/borders1941';
import { laeaDefinition, makeProjector } from '../../../maps/projection';
import type { AreaSpec, LonLat, MapSpec, PlaceSpec, SeaZoneSpec } from '../../../maps/spec';
import { BOOK_CITIES } from './book';
import { parseWiteId, witeCells, witeCodec, witeId } from './ids';
import { townPlaces } from './places';
import { rails } from './rails';

/** LAEA 48N 38E (the EastFront projection): among the centres tried it gives the smallest fit residual. */
export const WITE_PROJECTION = { lat0: 48, lon0: 38 };
/** fit.ts on BOOK_CITIES (rounded): spacing in metres, rotation in degrees counter-clockwise, SE0131 centre minus Moscow. */
export const WITE_FIT = { spacing: 33_190, rotation: -13.21, offset: [13_869, -10_913] as [number, number] };

const sub = 'substitute' as const;
/** Terrain areas; `why` is documentation only (the hexes carry the short area name as their source). */
const area = (name: string, terrain: string, _why: string, ring: LonLat[]): AreaSpec => ({
  name,
  terrain,
  ring,
  prov: sub,
  src: `area ${name}`,
});

/** A lon/lat ring with points at most `step` degrees apart (straight projected chords bow away from parallels). */
function densify(ring: LonLat[], step = 1): LonLat[] {
  const out: LonLat[] = [];
  ring.forEach((a, i) => {
    const b = ring[(i + 1) % ring.length];
    const n = Math.max(1, Math.ceil(Math.max(Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1])) / step));
    for (let k = 0; k < n; k++) out.push([a[0] + ((b[0] - a[0]) * k) / n, a[1] + ((b[1] - a[1]) * k) / n]);
  });
  return out;
}

const proj = makeProjector(laeaDefinition(WITE_PROJECTION));
const MOSCOW = BOOK_CITIES.find((c) => c.name === 'Moscow')!;
const grid = (() => {
  const g0 = { orientation: 'pointy' as const, spacing: WITE_FIT.spacing, rotation: WITE_FIT.rotation, origin: [0, 0] as const };
  const h = parseWiteId('SE0131')!;
  const [hx, hy] = gridToXY(g0, h.q, h.r);
  const [mx, my] = proj.forward(MOSCOW.at);
  return { ...g0, origin: [mx + WITE_FIT.offset[0] - hx, my + WITE_FIT.offset[1] - hy] as const };
})();

/** The hex a real place falls in under the fixed grid. */
export function geographicHex(at: LonLat): string {
  const [x, y] = proj.forward(at);
  return witeId(xyToHex(grid, x, y));
}

/**
 * The printed cities: each printed hex is a place; the book wins over geography, so a city whose coordinates
 * fall outside its printed hex(es) is moved there (`hex`, provenance derived, the distance in `why`).
 */
const bookPlaces: PlaceSpec[] = BOOK_CITIES.flatMap((c) => {
  const geo = geographicHex(c.at);
  return c.hexes.map((hex, i) => {
    const p: PlaceSpec = {
      name: i === 0 ? c.name : `${c.name} (${hex})`,
      at: c.at,
      kind: c.name === 'Moscow' && i === 0 ? 'capital' : 'major',
      prov: 'printed',
      src: c.src,
    };
    if (c.realName) p.realName = c.realName;
    const centre = c.centres?.[i];
    if (centre) p.values = { arms: centre.arms, training: centre.training };
    if (c.name === 'Sevastopol') p.fortress = true; // 25.27: a permanent fortification
    // every printed hex is placed by its number; build.ts keeps `printed` where the coordinates fall in one
    // of the city's printed hexes and `derived` (book over geography) where they do not
    p.hex = hex;
    p.why = c.hexes.includes(geo) ? `printed ${hex} (${c.src})` : `printed ${hex} (${c.src}); its coordinates fall in ${geo}`;
    return p;
  });
});

// 7.3-7.5: sea movement only between Baltic (with the Gulf of Finland) or between Black Sea coastal city hexes;
// the other seas are zones so no rule mistakes them for either. Rings are ours (substitute), first match wins.
const SEA_ZONES: SeaZoneSpec[] = [
  {
    id: 'baltic',
    name: 'Baltic Sea (with the Gulfs of Finland, Riga and Bothnia)',
    control: 'Axis only (7.3)',
    ports: [],
    adjacent: [],
    ring: [
      [9, 53],
      [31.5, 53],
      [31.5, 61.5],
      [27, 66.5],
      [19, 66.5],
      [9, 58],
    ],
    prov: 'printed',
    src: '7.3, 7.5 (the ring is ours)',
  },
  {
    id: 'azov',
    name: 'Sea of Azov',
    control: 'none',
    ports: [],
    adjacent: ['black-sea'],
    ring: [
      [34.2, 45.2],
      [36.55, 45.2],
      [36.75, 45.5],
      [39.8, 45.8],
      [39.8, 47.6],
      [34.2, 47.6],
    ],
    prov: 'substitute',
    src: 'ours: 7.4 names only the Black Sea; we keep the Sea of Azov apart',
  },
  {
    id: 'black-sea',
    name: 'Black Sea',
    control: 'Sevastopol',
    ports: [],
    adjacent: ['azov'],
    ring: [
      [26, 40],
      [43, 40],
      [43, 47.5],
      [26, 47.5],
    ],
    prov: 'printed',
    src: '7.4: the side holding Sevastopol may use it (the ring is ours)',
  },
  {
    id: 'white-sea',
    name: 'White Sea',
    control: 'none',
    ports: [],
    adjacent: ['barents'],
    ring: [
      [31, 63],
      [46, 63],
      [46, 66.9],
      [31, 66.9],
    ],
    prov: 'substitute',
    src: 'ours (no sea movement, 7.5)',
  },
  {
    id: 'barents',
    name: 'Barents Sea',
    control: 'none',
    ports: [],
    adjacent: ['white-sea'],
    ring: [
      [8, 66.9],
      [65, 66.9],
      [65, 75],
      [8, 75],
    ],
    prov: 'substitute',
    src: 'ours (no sea movement, 7.5)',
  },
  {
    id: 'caspian',
    name: 'Caspian Sea',
    control: 'none',
    ports: [],
    adjacent: [],
    ring: [
      [46, 40],
      [56, 40],
      [56, 48.5],
      [46, 48.5],
    ],
    prov: 'substitute',
    src: 'ours (no sea movement, 7.5)',
  },
];

export const witeSpec: MapSpec = {
  game: 'war-in-the-east',
  version: 1,
  projection: WITE_PROJECTION,
  grid: {
    orientation: 'pointy',
    spacing: WITE_FIT.spacing,
    rotation: WITE_FIT.rotation,
    anchor: 'Moscow',
    anchorHex: 'SE0131',
    offset: WITE_FIT.offset,
    codec: witeCodec,
  },
  cells: witeCells(),
  areaKm: [],
  landShare: 0.25,
  lakeShare: 0.5,
  mountainTerrain: 'rough',
  lakes: [
    'Lake Ladoga',
    'Lake Onega',
    'Lake Peipus',
    'Pskoyskoye Ozero',
    "Lake Il'Men'",
    'Lake Beloye',
    'Lake Saimaa',
    'Pielinen',
    'Oulujarvi',
    'Lake Vygozero',
    'Lake Segozerskoye',
    'Lake Topozero',
    'Lake Imandra',
    'Ozero Kubenskoye',
    'Lake Balaton',
    'Zalew Wislany',
    'Kaliningradskiy Zaliv',
  ],
  rivers: {
    names: [
      'Volga',
      'Don',
      'Donets',
      'Seversky Donets',
      'Dnieper',
      'Dnepre',
      'Dnepr',
      'Desna',
      'Dniester',
      'Southern Bug',
      'Bug',
      'Zakhidnyy Buh',
      'Pripyat',
      'Prypyat',
      'Byarezina',
      'Zapadnaya Dvina',
      'Daugava',
      'Nemunas',
      'Vistula',
      'Narew',
      'San',
      'Prut',
      'Siret',
      'Danube',
      'Oka',
      'Kuban',
      'Manych',
      'Volkhov',
      'Svir',
      'Neva',
      'Narva',
      'Velikaya',
      'Oskol',
      'Sozh',
      'Chyr',
      'Lovat',
      'Msta',
      'Kama',
      'Vyatka',
      'Severnaya Dvina',
      'Sukhona',
      'Onega',
      'Tisa',
      'Sava',
      'Kemijoki',
      'Oulu',
      'Seym',
      'Khopr',
      'Sura',
    ],
    rename: {
      Dnepre: 'Dnepr',
      Dnieper: 'Dnepr',
      'Seversky Donets': 'Donets',
      Prypyat: 'Pripyat',
      'Zakhidnyy Buh': 'Bug',
      Byarezina: 'Berezina',
      Daugava: 'Dvina',
      'Zapadnaya Dvina': 'Dvina',
      Nemunas: 'Niemen',
      Chyr: 'Chir',
      'Severnaya Dvina': 'Northern Dvina',
      Tisa: 'Tisza',
    },
  },
  places: [...bookPlaces, ...townPlaces],
  named: [],
  mountainRegions: ['CAUCASUS MTS.', 'CARPATHIAN MOUNTAINS', 'Transylvanian Alps', 'Tatra Mts.', 'Balkan Mts.'],
  areas: [
    // first match wins; all substitute (the Terrain Effects Chart and the map sheet are absent)
    area('Volkhov swamps', 'swamp', 'EastFront outline, Volkhov/Ilmen swamps', [
      [31.0, 58.4],
      [33.6, 58.4],
      [33.6, 59.6],
      [31.0, 59.6],
    ]),
    area('Pripet marshes', 'swamp', 'EastFront outline, Pripet marshes', [
      [23.9, 51.2],
      [26.0, 50.95],
      [28.5, 51.0],
      [30.6, 51.2],
      [30.6, 52.4],
      [28.5, 52.75],
      [26.0, 52.7],
      [23.9, 52.2],
    ]),
    area('Bryansk forest', 'woods', 'EastFront outline, Bryansk forests', [
      [33.0, 52.7],
      [35.4, 52.7],
      [35.4, 53.9],
      [33.0, 53.9],
    ]),
    area('Belorussian forests', 'woods', 'EastFront outline, Belorussian forests', [
      [26.6, 53.3],
      [30.2, 53.3],
      [30.2, 54.5],
      [26.6, 54.5],
    ]),
    area('Valdai forests', 'woods', 'EastFront outline, Valdai and Kalinin forests', [
      [30.2, 56.6],
      [36.0, 56.6],
      [36.0, 58.9],
      [30.2, 58.9],
    ]),
    area('Karelian forests', 'woods', 'EastFront outline, Karelian forests', [
      [27.5, 60.4],
      [37.0, 60.4],
      [37.0, 62.5],
      [27.5, 62.5],
    ]),
    area('Crimean mountains', 'rough', 'EastFront outline, Crimean mountains', [
      [33.9, 44.45],
      [35.2, 44.7],
      [35.2, 44.85],
      [33.9, 44.75],
    ]),
    area('Greater Caucasus', 'rough', 'EastFront outline, Greater Caucasus range', [
      [38.3, 45.05],
      [40.0, 44.45],
      [41.5, 43.95],
      [42.8, 43.7],
      [44.0, 43.35],
      [45.5, 43.0],
      [45.5, 42.2],
      [44.0, 42.5],
      [42.0, 42.9],
      [40.0, 43.4],
      [38.3, 44.4],
    ]),
    area('Northern taiga', 'woods', 'substitute: the roadless northern forest east of Finland', [
      [28.5, 62.5],
      [65.0, 62.5],
      [65.0, 66.0],
      [44.0, 66.0],
      [41.0, 66.6],
      [36.0, 67.0],
      [34.8, 66.5],
      [32.0, 66.5],
      [29.5, 66.0],
      [28.5, 64.0],
    ]),
    area('Finnish lake forests', 'woods', 'substitute: forest and lake district of central Finland', [
      [23.0, 61.3],
      [29.9, 61.65],
      [30.6, 62.1],
      [31.3, 62.6],
      [30.4, 63.8],
      [29.9, 64.5],
      [26.0, 64.6],
      [24.0, 63.2],
    ]),
    area('Kola and Lapland forests', 'woods', 'substitute: the Kola peninsula and Lapland', [
      [20.0, 66.5],
      [29.5, 66.0],
      [32.0, 66.5],
      [34.8, 66.5],
      [41.0, 66.6],
      [41.0, 70.5],
      [20.0, 70.5],
    ]),
    area('Upper Volga forests', 'woods', 'substitute: the forests north of the Volga (Kostroma, Vetluga, Kirov)', [
      [41.0, 57.6],
      [50.0, 56.6],
      [56.0, 57.0],
      [56.0, 62.5],
      [41.0, 62.5],
    ]),
    area('Bryansk-Zhizdra woods', 'woods', 'substitute: woods between Bryansk and Kaluga', [
      [33.6, 53.9],
      [36.0, 53.9],
      [36.0, 54.6],
      [33.6, 54.6],
    ]),
    area('Berezina swamps', 'swamp', 'substitute: the Berezina and Polesie bogs', [
      [27.6, 52.4],
      [29.6, 52.4],
      [29.6, 53.3],
      [27.6, 53.3],
    ]),
  ],
  countries: BORDERS_JUNE_1941,
  defaultCountry: DEFAULT_COUNTRY_1941,
  unplayable: [
    {
      name: 'Sweden',
      src: 'Sweden, neutral (substitute: no rule sends units there)',
      ring: BORDERS_JUNE_1941.find((b) => b.name === 'Sweden')!.ring,
    },
  ],
  // the geodata stops at 62 E (engine/maps/geodata/README.md): the map's north-eastern corner beyond it is the
  // forest land of the Komi and the northern Urals, not sea
  hexOverrides: witeCells()
    .filter((h) => {
      const [x, y] = gridToXY(grid, h.q, h.r);
      return proj.inverse([x, y])[0] > 61.4;
    })
    .map((h) => ({ hex: witeId(h), land: true, terrain: 'woods', prov: sub, src: 'beyond the geodata (62 E): northern forest' })),
  hexsideOverrides: [],
  rails,
  seaZones: SEA_ZONES.map((z) => ({ ...z, ring: densify(z.ring) })),
  exitZones: [],
  notes: [
    'War in the East (3.1): 4 map sections, 101 rows x 68 columns of pointy-top hexes, ids as 3.11/3.13 print them (NW, NE, SW, SE + row from the north + column from the section east edge).',
    "Seams (3.13): the southern sections' row 01 is the northern sections' row 51 (alias ids in `aliases`); western column 01 is the neighbour of eastern column 34 in the same row.",
    'Grid: least-squares similarity fit of the 24 printed city hexes (fit.ts), LAEA 48N 38E; see docs/maps.md for the residual per city.',
    'Printed: city hexes and their Arms/Training Centres (30.32), edge hexes, rail-branch junctions (32.23, 33.23), Personnel Centres of 30.32/35.2/15.16. Everything else is substitute; see regions and src.',
  ],
};

export { grid as witeGrid };
