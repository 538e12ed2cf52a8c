/**
 * Generic starting forces for the scenarios after S'41 (3.2.2): the card gives units and total CV per type, the
 * player picks the blocks and their strengths. This is the stated default a free set-up can fill in with
 * (substitute): the first blocks of the countermix in list order, stronger maxima first, CV spread as evenly as
 * the maxima allow; SS blocks exactly as many as the card's asterisk says. Blocks still due as reinforcements
 * are not available; the rest of the available countermix starts eliminated (3.2.2).
 */
import type { Block, BlockType, Card, ForceCategory, Side } from './types';

export const CATEGORY: Record<BlockType, ForceCategory | null> = {
  hq: 'hq',
  shq: 'hq',
  armor: 'armor',
  mech: 'mech',
  infantry: 'infantry',
  mountain: 'infantry',
  satellite: 'satellite',
  shock: 'shock',
  cavalry: 'cavalry',
  para: null, // 14.1: not a card category; starts every later scenario eliminated
};

const before = (b: Block, card: Card) => !b.arrives || b.arrives.year * 12 + b.arrives.month < card.start.year * 12 + card.start.month;

/** Blocks a side may field at a card's start: arrived before its first month and not out of the war. */
export function available(blocks: readonly Block[], card: Card, side: Side): Block[] {
  const surrendered = card.rules.some((r) => r.kind === 'rumaniaSurrendered');
  const permanent = card.rules.some((r) => r.kind === 'satellitesRestricted');
  return blocks.filter(
    (b) =>
      b.side === side &&
      before(b, card) &&
      !(surrendered && b.nat === 'ro') && // 16.11: eliminated, never rebuilt
      !(permanent && b.nat === 'it'), // 11.42: restricted to off-map Italy, so out of play
  );
}

export interface ForcePick {
  units: { block: string; cv: number }[];
  eliminated: string[];
}

/** The default pick for a card's starting forces, or an error naming the category that cannot be met. */
export function defaultForces(blocks: readonly Block[], card: Card, side: Side): ForcePick {
  const pool = available(blocks, card, side);
  const units: ForcePick['units'] = [];
  const used = new Set<string>();
  for (const [cat, line] of Object.entries(card.forces[side]) as [ForceCategory, NonNullable<Card['forces'][Side][ForceCategory]>][]) {
    if (!line.units) continue;
    const ofCat = pool.filter((b) => CATEGORY[b.type] === cat);
    const ss = ofCat.filter((b) => b.ss).slice(0, line.ss ?? 0);
    const rest = ofCat.filter((b) => !b.ss).sort((a, b) => b.max - a.max || ofCat.indexOf(a) - ofCat.indexOf(b));
    const chosen = [...ss, ...rest.slice(0, line.units - ss.length)];
    if (chosen.length < line.units || ss.length < (line.ss ?? 0))
      throw new Error(`${card.id} ${side} ${cat}: ${chosen.length} blocks for ${line.units}`);
    const cvs = spread(
      line.cv,
      chosen.map((b) => b.max),
    );
    if (!cvs) throw new Error(`${card.id} ${side} ${cat}: ${line.cv}cv does not fit ${chosen.length} blocks`);
    chosen.forEach((b, i) => {
      units.push({ block: b.id, cv: cvs[i] });
      used.add(b.id);
    });
  }
  return { units, eliminated: pool.filter((b) => !used.has(b.id) && CATEGORY[b.type] !== null).map((b) => b.id) };
}

/** Spread `total` over blocks with these maxima, as evenly as possible, HQs allowed Ø (0); null if impossible. */
function spread(total: number, max: number[]): number[] | null {
  if (total > max.reduce((s, m) => s + m, 0)) return null;
  const out = max.map(() => 0);
  let left = total;
  for (let level = 1; left > 0; level++)
    for (let i = 0; i < out.length && left > 0; i++)
      if (out[i] < level && out[i] < max[i]) {
        out[i]++;
        left--;
      }
  return out;
}
