/** Fixed inputs of the Operation Unthinkable map: projection centre, scale and reference points. */
import type { LonLat } from '../../../maps/spec';

/** LAEA centred in the middle of the map (between Berlin and the Spreewald). */
export const OU_PROJECTION = { lat0: 52.25, lon0: 13.4 };
/** 1.1: five miles from side to opposite side = centre to centre. */
export const OU_SPACING = 8047;
/** Dessau (grid anchor) and the Mulde mouth (end of Natural Earth's Zwickauer Mulde line). */
export const DESSAU: LonLat = [12.2463, 51.8336];
export const MULDE_MOUTH: LonLat = [12.2322, 51.8671];
