/**
 * What the rulebook prints about the War in the East map, copied into the repository with the rule that states
 * it, so the product needs nothing outside it: the named city hexes (30.32, 3.11, 29.34, 34.5, 32.4), the edge and set-up hexes, the
 * Axis rail branches of the Stalingrad and Kursk scenarios (32.23, 33.23) and the printed Personnel Centres.
 * Coordinates are the real places' (Natural Earth populated places), used only to fit the grid.
 */
import type { LonLat } from '../../../maps/spec';

export interface BookCity {
  name: string;
  /** The printed hex(es); the first is the city's main hex. */
  hexes: string[];
  at: LonLat;
  realName?: string;
  src: string;
  /** 30.32 Arms ("a") and Training ("t") Centres per hex, in `hexes` order. */
  centres?: { arms: number; training: number }[];
}

export const BOOK_CITIES: BookCity[] = [
  { name: 'Helsinki', hexes: ['NW3722'], at: [24.9322, 60.1775], src: '3.11, 13.54, 29.34' },
  { name: 'Turku', hexes: ['NW3727'], at: [22.255, 60.4539], src: '3.11' },
  { name: 'Oulu', hexes: ['NW1922'], at: [25.47, 65.0], src: '3.11' },
  {
    name: 'Leningrad',
    hexes: ['NW3712', 'NW3713', 'NW3812'],
    at: [30.3158, 59.9391],
    realName: 'Saint Petersburg',
    src: '30.32 (three hexes; NW3713 the northern-most)',
    centres: [
      { arms: 1, training: 0 },
      { arms: 1, training: 0 },
      { arms: 1, training: 0 },
    ],
  },
  { name: 'Murmansk', hexes: ['NW0212'], at: [33.1, 68.97], src: '30.33 (lend-lease Arms Centres)' },
  { name: 'Minsk', hexes: ['SW1115'], at: [27.5647, 53.9019], src: '30.32, 34.5', centres: [{ arms: 2, training: 1 }] },
  { name: 'Kiev', hexes: ['SW2408'], at: [30.5147, 50.4353], src: '30.32, 35.2', centres: [{ arms: 1, training: 1 }] },
  { name: 'Odessa', hexes: ['SW3906'], at: [30.7081, 46.492], src: '30.32, 35.2', centres: [{ arms: 1, training: 1 }] },
  { name: 'Warsaw', hexes: ['SW1828'], at: [20.9981, 52.2519], src: '34.5' },
  { name: 'Belgrade', hexes: ['SW4829'], at: [20.466, 44.8206], src: '34.5' },
  { name: 'Budapest', hexes: ['SW3733'], at: [19.0814, 47.502], src: '29.34' },
  { name: 'Bucharest', hexes: ['SW4815'], at: [26.098, 44.4353], src: '29.34, 27.6' },
  { name: 'Kazan', hexes: ['NE4311'], at: [49.1244, 55.7519], src: '30.32', centres: [{ arms: 1, training: 1 }] },
  {
    name: 'Gorky',
    hexes: ['NE4520'],
    at: [43.9981, 56.335],
    realName: 'Nizhny Novgorod',
    src: '30.32',
    centres: [{ arms: 2, training: 1 }],
  },
  {
    name: 'Moscow',
    hexes: ['SE0131', 'NE5031', 'SE0132'],
    at: [37.6136, 55.7541],
    src: '30.32 (three hexes), 3.13',
    centres: [
      { arms: 2, training: 1 },
      { arms: 2, training: 0 },
      { arms: 2, training: 1 },
    ],
  },
  { name: 'Kubishev', hexes: ['SE0205'], at: [50.1493, 53.197], realName: 'Samara', src: '30.32', centres: [{ arms: 2, training: 1 }] },
  { name: 'Orel', hexes: ['SE1232'], at: [36.07, 52.97], src: '30.32, 33.23', centres: [{ arms: 1, training: 0 }] },
  { name: 'Voronezh', hexes: ['SE1525'], at: [39.268, 51.7319], src: '30.32', centres: [{ arms: 1, training: 0 }] },
  {
    name: 'Kharkov',
    hexes: ['SE2330'],
    at: [36.2481, 50.0019],
    realName: 'Kharkiv',
    src: '30.32, 35.2, 32.23',
    centres: [{ arms: 1, training: 1 }],
  },
  { name: 'Stalingrad', hexes: ['SE2312'], at: [44.498, 48.712], realName: 'Volgograd', src: '30.32', centres: [{ arms: 2, training: 1 }] },
  {
    name: 'Voroshilov',
    hexes: ['SE2822'],
    at: [39.3344, 48.5698],
    realName: 'Luhansk (Voroshilovgrad)',
    src: '30.32, 35.2',
    centres: [{ arms: 1, training: 1 }],
  },
  { name: 'Rostov', hexes: ['SE3121'], at: [39.7107, 47.2366], src: '30.32, 35.2', centres: [{ arms: 3, training: 1 }] },
  { name: 'Krasnodor', hexes: ['SE4020'], at: [39.0, 45.02], realName: 'Krasnodar', src: '30.32', centres: [{ arms: 1, training: 0 }] },
  { name: 'Sevastopol', hexes: ['SE4533'], at: [33.5224, 44.6166], src: '32.4, 25.27, 7.4, 13.52, 15.16' },
];

/** Edge and set-up hexes the text names (no place in them). */
export const BOOK_HEXES: { hex: string; what: string; src: string }[] = [
  { hex: 'SW1033', what: 'western map edge: Axis supply sources lie south of it', src: '13.53, 21.0, 26.21' },
  { hex: 'SW1134', what: 'western map edge: Greater Germany entry from here southwards', src: '29.34' },
  { hex: 'SW3033', what: 'western map edge: Greater Germany entry north of here', src: '29.34' },
  { hex: 'SW0101', what: 'centre of the assembled map, where the four sections overlap', src: '3.13' },
  { hex: 'NE3001', what: "eastern map edge: 'eastern map edge' means this hex and southward", src: '26.0, 29.33' },
  { hex: 'NW3611', what: 'Leningrad area set-up restriction', src: '32.4' },
  { hex: 'NW3612', what: 'Leningrad area set-up restriction', src: '32.4' },
  { hex: 'NW3814', what: 'Leningrad area set-up restriction', src: '32.4, 33.4' },
  { hex: 'NW5001', what: 'seam example (adjacent to NE5034)', src: '3.13' },
  { hex: 'NE5034', what: 'seam example (adjacent to NW5001)', src: '3.13' },
];

/** Axis rail branches: junction hexes in order (32.23 branches 1-6, 33.23 adds 7-9). */
export const BOOK_RAIL_BRANCHES: { branch: number; scenario: 'stalingrad' | 'kursk'; src: string; junctions: string[] }[] = [
  { branch: 1, scenario: 'stalingrad', src: '32.23', junctions: ['SW1025', 'SW0724', 'SW0320', 'NW5018', 'NW5016', 'NW5013'] },
  {
    branch: 2,
    scenario: 'stalingrad',
    src: '32.23',
    junctions: ['SW1924', 'SW1922', 'SW1816', 'SW1711', 'SW1709', 'SW1409', 'SW1407', 'SW1107', 'SW1202'],
  },
  {
    branch: 3,
    scenario: 'stalingrad',
    src: '32.23',
    junctions: ['SW1409', 'SW1111', 'SW1011', 'SW0611', 'SW0312', 'NW5013', 'NW4612', 'NW4211'],
  },
  { branch: 4, scenario: 'stalingrad', src: '32.23', junctions: ['SW1011', 'SW0707'] },
  {
    branch: 5,
    scenario: 'stalingrad',
    src: '32.23',
    junctions: ['SW3614', 'SW3514', 'SW3409', 'SW3302', 'SE3031', 'SE3029', 'SE3025', 'SE3024', 'SE3023'],
  },
  { branch: 6, scenario: 'stalingrad', src: '32.23', junctions: ['SE3029', 'SE2330', 'SE2130'] },
  { branch: 7, scenario: 'kursk', src: '33.23', junctions: ['SW1709', 'SW2409', 'SW2408', 'SW2404', 'SE2432', 'SE2330'] },
  { branch: 8, scenario: 'kursk', src: '33.23', junctions: ['SW1202', 'SE1232'] },
  { branch: 9, scenario: 'kursk', src: '33.23', junctions: ['SW0707', 'SW0704'] },
];

/**
 * Personnel Centres the text places: 30.32 (the two southern Leningrad hexes, not NW3713), 35.2 (the Ukrainian
 * ones: Odessa, Kiev, Rostov, Kharkov, Voroshilov) and 15.16 (Sevastopol). 30.32: 20 on the map in all.
 */
export const BOOK_PERSONNEL_CENTRES: { hex: string; city: string; src: string }[] = [
  { hex: 'NW3712', city: 'Leningrad', src: '30.32' },
  { hex: 'NW3812', city: 'Leningrad', src: '30.32' },
  { hex: 'SW3906', city: 'Odessa', src: '35.2' },
  { hex: 'SW2408', city: 'Kiev', src: '35.2' },
  { hex: 'SE3121', city: 'Rostov', src: '35.2' },
  { hex: 'SE2330', city: 'Kharkov', src: '35.2' },
  { hex: 'SE2822', city: 'Voroshilov', src: '35.2' },
  { hex: 'SE4533', city: 'Sevastopol', src: '15.16' },
];
export const PERSONNEL_CENTRES_ON_MAP = 20;
/** Axis-held Personnel Centres at the start of the Stalingrad (32.5) and Kursk (33.5) scenarios. */
export const BOOK_AXIS_HELD_AT_START = { stalingrad: 6, kursk: 7 };
