/**
 * Golden replay of the Edelweiss walkthrough: feeds the JSONL commands with the book's dice and compares the
 * state after each command with what the book states. Returns every mismatch (empty = reproduced).
 */
import { FixedDice, fold, type Actor } from '../../../core';
import type { EastfrontRuleset } from '../ruleset';
import type { Event, State } from '../state';

export interface GoldenLine {
  line: number;
  actor: string;
  command: unknown;
  dice?: number[];
  expect?: {
    units?: Record<string, [number, string | null]>;
    pl?: { german: number; soviet: number };
    phase?: string;
    active?: string;
    turn?: { month: number; fortnight: number };
    battles?: Record<string, { river?: boolean }>;
    supreme?: Record<string, number>;
    unsupplied?: string[];
    supplied?: string[];
    /** The supply check in this command found every enemy unit supplied. */
    noneUnsupplied?: boolean;
    /** Units face-up (revealed) / upright (hidden) to the opponent after this command (7.12). */
    faceUp?: string[];
    upright?: string[];
  };
}

export function parseGolden(text: string): GoldenLine[] {
  const out: GoldenLine[] = [];
  text.split('\n').forEach((l, i) => {
    const t = l.trim();
    if (!t || t.startsWith('#')) return;
    out.push({ line: i + 1, ...JSON.parse(t) });
  });
  return out;
}

const ACT: Record<string, Actor> = {
  german: { side: 'german', commands: ['OKH', 'AG-A', 'production'] },
  soviet: { side: 'soviet', commands: ['STAVKA', 'FRONT-I', 'production'] },
};

export interface GoldenResult {
  executed: number;
  total: number;
  mismatches: string[];
  refused?: string;
  state: State;
  events: Event[];
}

export function replayGolden(rs: EastfrontRuleset, lines: GoldenLine[]): GoldenResult {
  const events = rs.setup('edelweiss', {}, new FixedDice(Array(64).fill(1)));
  let s = fold(rs, events);
  const mismatches: string[] = [];
  const b = rs.board;
  const hexOf = (name: string | null) =>
    name === null ? null : name === 'MOSCOW' ? 'box:MOSCOW' : b.has(name) ? name : (b.named(name) ?? `?${name}`);
  let executed = 0;
  for (const g of lines) {
    const dice = new FixedDice(g.dice ?? []);
    let evs: Event[];
    try {
      evs = rs.decide(s, rs.parseCommand(g.command), ACT[g.actor], dice);
    } catch (e) {
      const err = e as { code?: string; rule?: string; message: string };
      return {
        executed,
        total: lines.length,
        mismatches,
        refused: `line ${g.line} ${JSON.stringify(g.command)}: ${err.code ?? 'ERROR'} ${err.rule ?? ''} ${err.message}`,
        state: s,
        events,
      };
    }
    if (dice.remaining) mismatches.push(`line ${g.line}: ${dice.remaining} of the book's dice were not rolled`);
    for (const e of evs) s = rs.evolve(s, e);
    events.push(...evs);
    executed++;
    const x = g.expect;
    if (!x) continue;
    const where = `line ${g.line}`;
    for (const [id, [cv, at]] of Object.entries(x.units ?? {})) {
      const u = s.units[id];
      const want = hexOf(at);
      if (u.at !== want || (u.at && u.cv !== cv))
        mismatches.push(`${where}: ${id} expected ${cv}cv at ${at}, got ${u.cv}cv at ${u.at ? b.label(u.at) : 'eliminated'}`);
    }
    if (x.pl && (s.pl.german !== x.pl.german || s.pl.soviet !== x.pl.soviet))
      mismatches.push(`${where}: production level expected ${JSON.stringify(x.pl)}, got ${JSON.stringify(s.pl)}`);
    if (x.phase && s.phase !== x.phase) mismatches.push(`${where}: phase expected ${x.phase}, got ${s.phase}`);
    if (x.active && s.active !== x.active) mismatches.push(`${where}: active expected ${x.active}, got ${s.active}`);
    if (x.turn && (s.turn.month !== x.turn.month || s.turn.fortnight !== x.turn.fortnight))
      mismatches.push(`${where}: turn expected ${JSON.stringify(x.turn)}, got ${s.turn.month}/${s.turn.fortnight}`);
    for (const [name, want] of Object.entries(x.battles ?? {})) {
      const bt = s.battles[hexOf(name)!];
      if (!bt) mismatches.push(`${where}: no battle at ${name}`);
      else if (want.river !== undefined && !!bt.river !== want.river)
        mismatches.push(`${where}: battle at ${name} river assault expected ${want.river}`);
    }
    for (const [id, n] of Object.entries(x.supreme ?? {}))
      if (s.units[id].hq?.supreme !== n) mismatches.push(`${where}: ${id} supreme moves expected ${n}, got ${s.units[id].hq?.supreme}`);
    const checked = evs.filter((e): e is Extract<Event, { type: 'supplyChecked' }> => e.type === 'supplyChecked').pop();
    for (const id of x.unsupplied ?? []) if (!checked?.unsupplied.includes(id)) mismatches.push(`${where}: ${id} expected unsupplied`);
    for (const id of x.supplied ?? []) if (!checked?.supplied.includes(id)) mismatches.push(`${where}: ${id} expected supplied`);
    if (x.noneUnsupplied && (!checked || checked.unsupplied.length))
      mismatches.push(`${where}: expected every enemy unit supplied, got ${checked ? checked.unsupplied.join(',') : 'no check'}`);
    for (const id of x.faceUp ?? []) if (!s.units[id].face) mismatches.push(`${where}: ${id} expected face-up`);
    for (const id of x.upright ?? []) if (s.units[id].face) mismatches.push(`${where}: ${id} expected upright (hidden)`);
  }
  return { executed, total: lines.length, mismatches, state: s, events };
}
