/**
 * Skirmish: a tiny but complete ruleset used only to test the platform (event store, server, redaction,
 * team play, fuzzers, benches). It is never offered in the lobby (testOnly).
 *
 * Rules (the references are invented for this test game, so errors carry a realistic `rule` field):
 *   S1   Set-up. Two sides, red and blue; each side has two commands of two pieces each. Each piece gets a
 *        hidden strength 1..4 (one d4 per piece, r1..r4 then b1..b4) and a public token t1..t8, dealt in an
 *        order shuffled with dice (Fisher-Yates: a d8, d7, ..., d2), so the token tells nothing of the id.
 *        The board is every hex within 4 of (0,0). Red sets up on the west edge, blue on the east edge.
 *   S1.3 A piece reduced to strength 0 is removed.
 *   S2.1 Sides alternate player-turns, red first. Only the active side acts.
 *   S2.2 A seat may act only with pieces of the commands it holds.
 *   S3.1 Move: a piece steps to an adjacent hex.     S3.2 Each piece moves at most once per player-turn.
 *   S3.3 It must stay on the board.                   S3.4 It may not enter an occupied hex.
 *   S4.1 Attack: a piece attacks an adjacent enemy piece (named by its public token).
 *   S4.2 Each piece attacks at most once per player-turn.
 *   S4.3 Both roll a d6 (attacker first). The attacker wins when roll + strength is strictly higher, else the
 *        defender wins. Both strengths are revealed to everyone; the loser loses 1 strength.
 *   S5   The game ends when a side has no pieces, or after turn 20 (40 with the option `long`), a turn being a
 *        red player-turn then a blue one. At time-out the side with more pieces wins; equal counts draw.
 *
 * Pieces are keyed in state and events by their public token, so a viewer can fold its redacted events into
 * a state that simply lacks the hidden fields (id, command, strength of pieces it may not see).
 */
import { z } from 'zod';
import { FixedDice, SeededDice, type DiceSource } from '../core/dice';
import { RuleError } from '../core/errors';
import { distance, hex, hexEquals, hexKey, neighbors, type Hex } from '../core/hex';
import type { Actor, GameStatus, LegalAction, Roles, Ruleset, ScenarioDef, Viewer } from '../core/ruleset';
import { fold } from '../core/ruleset';

// ---------------------------------------------------------------- static data

export type Side = 'red' | 'blue';
export const SIDES: readonly Side[] = ['red', 'blue'];
export const BOARD_RADIUS = 4;

export const PIECE_IDS = ['r1', 'r2', 'r3', 'r4', 'b1', 'b2', 'b3', 'b4'] as const;
export type PieceId = (typeof PIECE_IDS)[number];
export const TOKENS = ['t1', 't2', 't3', 't4', 't5', 't6', 't7', 't8'] as const;

interface PieceDef {
  id: PieceId;
  side: Side;
  command: string;
  start: Hex;
}

/** S1: the fixed order of set-up (and of the strength rolls). */
export const PIECES: readonly PieceDef[] = [
  { id: 'r1', side: 'red', command: 'red-north', start: hex(-3, -1) },
  { id: 'r2', side: 'red', command: 'red-north', start: hex(-3, 0) },
  { id: 'r3', side: 'red', command: 'red-south', start: hex(-3, 1) },
  { id: 'r4', side: 'red', command: 'red-south', start: hex(-3, 2) },
  { id: 'b1', side: 'blue', command: 'blue-north', start: hex(3, -2) },
  { id: 'b2', side: 'blue', command: 'blue-north', start: hex(3, -1) },
  { id: 'b3', side: 'blue', command: 'blue-south', start: hex(3, 0) },
  { id: 'b4', side: 'blue', command: 'blue-south', start: hex(3, 1) },
];
const PIECE_BY_ID = new Map(PIECES.map((p) => [p.id as string, p]));

const ROLES: Roles = {
  sides: [
    {
      id: 'red',
      name: 'Red',
      commands: [
        { id: 'red-north', name: 'Red North', description: 'pieces r1 and r2' },
        { id: 'red-south', name: 'Red South', description: 'pieces r3 and r4' },
      ],
    },
    {
      id: 'blue',
      name: 'Blue',
      commands: [
        { id: 'blue-north', name: 'Blue North', description: 'pieces b1 and b2' },
        { id: 'blue-south', name: 'Blue South', description: 'pieces b3 and b4' },
      ],
    },
  ],
};

const SCENARIOS: ScenarioDef[] = [
  {
    id: 'duel',
    name: 'Duel',
    description: 'Four pieces a side on a small hexagonal board.',
    options: [{ id: 'long', name: 'Long game', description: 'Play 40 turns instead of 20.', default: false }],
  },
];

export const onBoard = (h: Hex) => distance(h, hex(0, 0)) <= BOARD_RADIUS;
const other = (s: Side): Side => (s === 'red' ? 'blue' : 'red');

// ---------------------------------------------------------------- state, commands, events, view

export interface SkPiece {
  token: string;
  side: Side;
  pos: Hex;
  /** Hidden from the other side and spectators. */
  id?: PieceId;
  command?: string;
  /** Hidden until revealed by a battle (S4.3); absent when the folding viewer may not see it. */
  strength?: number;
  revealed: boolean;
}

export interface SkState {
  scenario: string | null;
  options: Record<string, boolean>;
  maxTurns: number;
  turn: number;
  active: Side;
  /** Pieces on the board by token, in token order. Removed pieces are deleted. */
  pieces: Record<string, SkPiece>;
  /** Tokens that moved / attacked during the current player-turn. */
  moved: string[];
  attacked: string[];
  finished: boolean;
  winner: Side | null;
  result?: string;
}

export type SkCommand =
  | { type: 'move'; piece: PieceId; to: Hex }
  | { type: 'attack'; piece: PieceId; target: string }
  | { type: 'endTurn' };

export interface SetupPiece {
  token: string;
  side: Side;
  pos: Hex;
  id?: PieceId;
  command?: string;
  strength?: number;
}

export type SkEvent =
  | { type: 'setup'; scenario: string; options: Record<string, boolean>; maxTurns: number; first: Side; pieces: SetupPiece[] }
  | { type: 'moved'; token: string; from: Hex; to: Hex }
  | { type: 'revealed'; pieces: { token: string; strength: number }[] }
  | {
      type: 'battle';
      attacker: string;
      defender: string;
      attackerRoll: number;
      defenderRoll: number;
      winner: string;
      loser: string;
      loserStrength: number;
      eliminated: boolean;
    }
  | { type: 'turnEnded'; side: Side; turn: number; next: Side; nextTurn: number }
  | { type: 'gameEnded'; winner: Side | null; result: string };

export interface SkPieceView {
  token: string;
  side: Side;
  pos: Hex;
  id?: PieceId;
  command?: string;
  strength?: number;
  revealed: boolean;
  moved: boolean;
  attacked: boolean;
}

export interface SkView {
  scenario: string | null;
  turn: number;
  maxTurns: number;
  active: Side;
  finished: boolean;
  winner: Side | null;
  result?: string;
  pieces: SkPieceView[];
}

// ---------------------------------------------------------------- parsing (untrusted input)

const hexSchema = z.strictObject({ q: z.number().int().min(-99).max(99), r: z.number().int().min(-99).max(99) });
const commandSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('move'), piece: z.enum(PIECE_IDS), to: hexSchema }),
  z.strictObject({ type: z.literal('attack'), piece: z.enum(PIECE_IDS), target: z.enum(TOKENS) }),
  z.strictObject({ type: z.literal('endTurn') }),
]);

export function parseSkirmishCommand(input: unknown): SkCommand {
  const r = commandSchema.safeParse(input);
  if (!r.success) throw new RuleError('BAD_COMMAND', null, `not a skirmish command: ${z.prettifyError(r.error)}`);
  return r.data as SkCommand;
}

// ---------------------------------------------------------------- helpers

const byId = (s: SkState, id: string): SkPiece | undefined => Object.values(s.pieces).find((p) => p.id === id);
const occupant = (s: SkState, h: Hex): SkPiece | undefined => Object.values(s.pieces).find((p) => hexEquals(p.pos, h));
const count = (s: SkState, side: Side) => Object.values(s.pieces).filter((p) => p.side === side).length;
const tokenNumber = (t: string) => Number(t.slice(1));

function fail(code: 'ILLEGAL' | 'NOT_YOUR_TURN' | 'FORBIDDEN', rule: string | null, message: string): never {
  throw new RuleError(code, rule, message);
}

/** Checks shared by move and attack: turn, seat scope, piece still on the board. */
function ownPiece(s: SkState, actor: Actor, id: PieceId): SkPiece {
  checkTurn(s, actor);
  const def = PIECE_BY_ID.get(id)!;
  if (!actor.commands.includes(def.command))
    fail(
      'FORBIDDEN',
      'S2.2',
      `piece ${id} belongs to command ${def.command}; your seat holds ${actor.commands.join(', ') || 'no command'}`,
    );
  const p = byId(s, id);
  if (!p) fail('ILLEGAL', 'S1.3', `piece ${id} has been removed from play`);
  return p;
}

function checkTurn(s: SkState, actor: Actor) {
  if (!SIDES.includes(actor.side as Side)) fail('FORBIDDEN', 'S2.2', `there is no side "${actor.side}" in this game`);
  if (s.scenario === null) fail('ILLEGAL', 'S1', 'the game has not been set up');
  if (s.finished) fail('ILLEGAL', 'S5', `the game is over: ${s.result}`);
  if (actor.side !== s.active) fail('NOT_YOUR_TURN', 'S2.1', `it is ${s.active}'s player-turn, not ${actor.side}'s`);
}

function endIfOver(s: SkState): SkEvent[] {
  for (const side of SIDES)
    if (count(s, side) === 0) {
      const winner = other(side);
      return [{ type: 'gameEnded', winner, result: `${winner} wins: ${side} has no pieces left` }];
    }
  return [];
}

// ---------------------------------------------------------------- the ruleset

function setup(scenario: string, options: Record<string, boolean>, dice: DiceSource): SkEvent[] {
  if (!SCENARIOS.some((sc) => sc.id === scenario))
    throw new RuleError('BAD_COMMAND', null, `unknown skirmish scenario "${scenario}" (try "duel")`);
  for (const k of Object.keys(options))
    if (k !== 'long') throw new RuleError('BAD_COMMAND', null, `unknown skirmish option "${k}" (the only option is "long")`);
  const long = options.long === true;
  // S1: strengths first, one d4 per piece in set-up order; then the token shuffle.
  const strengths = PIECES.map(() => dice.roll(4));
  const tokens: string[] = [...TOKENS];
  for (let i = tokens.length - 1; i > 0; i--) {
    const j = dice.roll(i + 1) - 1;
    [tokens[i], tokens[j]] = [tokens[j], tokens[i]];
  }
  const pieces: SetupPiece[] = PIECES.map((d, i) => ({
    token: tokens[i],
    side: d.side,
    pos: d.start,
    id: d.id,
    command: d.command,
    strength: strengths[i],
  }));
  // Listed in token order so that the order itself does not betray the ids.
  pieces.sort((a, b) => tokenNumber(a.token) - tokenNumber(b.token));
  return [{ type: 'setup', scenario, options: { long }, maxTurns: long ? 40 : 20, first: 'red', pieces }];
}

function initial(): SkState {
  return {
    scenario: null,
    options: {},
    maxTurns: 20,
    turn: 0,
    active: 'red',
    pieces: {},
    moved: [],
    attacked: [],
    finished: false,
    winner: null,
  };
}

function evolve(s: SkState, e: SkEvent): SkState {
  switch (e.type) {
    case 'setup': {
      const pieces: Record<string, SkPiece> = {};
      for (const p of e.pieces) {
        const piece: SkPiece = { token: p.token, side: p.side, pos: p.pos, revealed: false };
        if (p.id !== undefined) piece.id = p.id;
        if (p.command !== undefined) piece.command = p.command;
        if (p.strength !== undefined) piece.strength = p.strength;
        pieces[p.token] = piece;
      }
      return { ...initial(), scenario: e.scenario, options: e.options, maxTurns: e.maxTurns, turn: 1, active: e.first, pieces };
    }
    case 'moved': {
      const p = s.pieces[e.token];
      return { ...s, pieces: { ...s.pieces, [e.token]: { ...p, pos: e.to } }, moved: [...s.moved, e.token] };
    }
    case 'revealed': {
      const pieces = { ...s.pieces };
      for (const r of e.pieces) pieces[r.token] = { ...pieces[r.token], strength: r.strength, revealed: true };
      return { ...s, pieces };
    }
    case 'battle': {
      const pieces = { ...s.pieces };
      if (e.eliminated) delete pieces[e.loser];
      else pieces[e.loser] = { ...pieces[e.loser], strength: e.loserStrength };
      return { ...s, pieces, attacked: [...s.attacked, e.attacker] };
    }
    case 'turnEnded':
      return { ...s, active: e.next, turn: e.nextTurn, moved: [], attacked: [] };
    case 'gameEnded':
      return { ...s, finished: true, winner: e.winner, result: e.result };
  }
}

function decide(s: SkState, c: SkCommand, actor: Actor, dice: DiceSource): SkEvent[] {
  switch (c.type) {
    case 'move': {
      const p = ownPiece(s, actor, c.piece);
      if (s.moved.includes(p.token)) fail('ILLEGAL', 'S3.2', `piece ${c.piece} has already moved this turn`);
      if (distance(p.pos, c.to) !== 1)
        fail('ILLEGAL', 'S3.1', `piece ${c.piece} at ${hexKey(p.pos)} can only step to an adjacent hex, not ${hexKey(c.to)}`);
      if (!onBoard(c.to)) fail('ILLEGAL', 'S3.3', `hex ${hexKey(c.to)} is off the board`);
      if (occupant(s, c.to)) fail('ILLEGAL', 'S3.4', `hex ${hexKey(c.to)} is occupied`);
      return [{ type: 'moved', token: p.token, from: p.pos, to: { q: c.to.q, r: c.to.r } }];
    }
    case 'attack': {
      const a = ownPiece(s, actor, c.piece);
      if (s.attacked.includes(a.token)) fail('ILLEGAL', 'S4.2', `piece ${c.piece} has already attacked this turn`);
      const d = s.pieces[c.target];
      if (!d) fail('ILLEGAL', 'S4.1', `there is no piece ${c.target} on the board`);
      if (d.side === a.side) fail('ILLEGAL', 'S4.1', `${c.target} is one of your own pieces`);
      if (distance(a.pos, d.pos) !== 1) fail('ILLEGAL', 'S4.1', `${c.target} is not adjacent to piece ${c.piece}`);
      const as = a.strength!;
      const ds = d.strength!;
      const attackerRoll = dice.roll(6);
      const defenderRoll = dice.roll(6);
      const attackerWins = attackerRoll + as > defenderRoll + ds;
      const [winner, loser] = attackerWins ? [a, d] : [d, a];
      const loserStrength = (attackerWins ? ds : as) - 1;
      const events: SkEvent[] = [
        {
          type: 'revealed',
          pieces: [
            { token: a.token, strength: as },
            { token: d.token, strength: ds },
          ],
        },
        {
          type: 'battle',
          attacker: a.token,
          defender: d.token,
          attackerRoll,
          defenderRoll,
          winner: winner.token,
          loser: loser.token,
          loserStrength,
          eliminated: loserStrength <= 0,
        },
      ];
      return [...events, ...endIfOver(fold(skirmish, events, s))];
    }
    case 'endTurn': {
      checkTurn(s, actor);
      const next = other(s.active);
      const nextTurn = s.active === 'blue' ? s.turn + 1 : s.turn;
      const ev: SkEvent[] = [{ type: 'turnEnded', side: s.active, turn: s.turn, next, nextTurn }];
      if (nextTurn > s.maxTurns) {
        const r = count(s, 'red');
        const b = count(s, 'blue');
        const winner: Side | null = r > b ? 'red' : b > r ? 'blue' : null;
        ev.push({
          type: 'gameEnded',
          winner,
          result: winner ? `${winner} wins on time, ${Math.max(r, b)} pieces to ${Math.min(r, b)}` : `draw on time, ${r} pieces each`,
        });
      }
      return ev;
    }
  }
}

function legal(s: SkState, actor: Actor): LegalAction<SkCommand>[] {
  if (s.scenario === null || s.finished || actor.side !== s.active) return [];
  const out: LegalAction<SkCommand>[] = [];
  for (const def of PIECES) {
    if (def.side !== actor.side || !actor.commands.includes(def.command)) continue;
    const p = byId(s, def.id);
    if (!p) continue;
    if (!s.moved.includes(p.token))
      for (const to of neighbors(p.pos))
        if (onBoard(to) && !occupant(s, to))
          out.push({ command: { type: 'move', piece: def.id, to }, label: `Move ${def.id} to ${hexKey(to)}`, rule: 'S3.1' });
    if (!s.attacked.includes(p.token))
      for (const e of Object.values(s.pieces))
        if (e.side !== p.side && distance(e.pos, p.pos) === 1)
          out.push({ command: { type: 'attack', piece: def.id, target: e.token }, label: `${def.id} attacks ${e.token}`, rule: 'S4.1' });
  }
  out.push({ command: { type: 'endTurn' }, label: `End ${actor.side}'s player-turn`, rule: 'S2.1' });
  return out;
}

/** What `viewer` may know about piece `p`: everything for its own side and the server, else the public face. */
function seesPiece(viewer: Viewer, side: Side): boolean {
  return viewer.kind === 'omniscient' || (viewer.kind === 'side' && viewer.side === side);
}

function view(s: SkState, viewer: Viewer): SkView {
  const pieces: SkPieceView[] = Object.values(s.pieces)
    .sort((a, b) => tokenNumber(a.token) - tokenNumber(b.token))
    .map((p) => {
      const v: SkPieceView = {
        token: p.token,
        side: p.side,
        pos: p.pos,
        revealed: p.revealed,
        moved: s.moved.includes(p.token),
        attacked: s.attacked.includes(p.token),
      };
      const full = seesPiece(viewer, p.side);
      if (full && p.id !== undefined) v.id = p.id;
      if (full && p.command !== undefined) v.command = p.command;
      if ((full || p.revealed) && p.strength !== undefined) v.strength = p.strength;
      return v;
    });
  const out: SkView = {
    scenario: s.scenario,
    turn: s.turn,
    maxTurns: s.maxTurns,
    active: s.active,
    finished: s.finished,
    winner: s.winner,
    pieces,
  };
  if (s.result !== undefined) out.result = s.result;
  return out;
}

function redact(e: SkEvent, viewer: Viewer, _before: SkState): SkEvent | null {
  if (e.type !== 'setup' || viewer.kind === 'omniscient') return e;
  return {
    ...e,
    pieces: e.pieces.map((p) => (seesPiece(viewer, p.side) ? p : { token: p.token, side: p.side, pos: p.pos })),
  };
}

function status(s: SkState): GameStatus {
  if (s.scenario === null) return { turn: 'not started', phase: 'setup', waitingFor: [], finished: false };
  const st: GameStatus = {
    turn: `Turn ${Math.min(s.turn, s.maxTurns)} of ${s.maxTurns}, ${s.active} player-turn`,
    phase: s.finished ? 'over' : 'play',
    waitingFor: s.finished
      ? []
      : ROLES.sides
          .find((x) => x.id === s.active)!
          .commands.map((c) => ({ side: s.active, command: c.id, what: 'move, attack or end the player-turn' })),
    finished: s.finished,
  };
  if (s.result !== undefined) st.result = s.result;
  return st;
}

export const skirmish: Ruleset<SkState, SkCommand, SkEvent, SkView> = {
  id: 'skirmish',
  name: 'Skirmish (test game)',
  version: '1',
  testOnly: true,
  scenarios: SCENARIOS,
  roles(scenario: string): Roles {
    if (!SCENARIOS.some((sc) => sc.id === scenario)) throw new RuleError('BAD_COMMAND', null, `unknown skirmish scenario "${scenario}"`);
    return ROLES;
  },
  initial,
  setup,
  evolve,
  decide,
  legal,
  view,
  redact,
  status,
  parseCommand: parseSkirmishCommand,
};

export default skirmish;

// ---------------------------------------------------------------- helpers for tests, fuzzers and benches

/** One seat per command (team play): red-north, red-south, blue-north, blue-south. */
export function allActors(scenario = 'duel'): Actor[] {
  return skirmish.roles(scenario).sides.flatMap((sd) => sd.commands.map((c) => ({ side: sd.id, commands: [c.id] })));
}

/** A solo player holding every command of `side`. */
export function sideActor(side: Side, scenario = 'duel'): Actor {
  const sd = skirmish.roles(scenario).sides.find((x) => x.id === side)!;
  return { side, commands: sd.commands.map((c) => c.id) };
}

export interface PlayedCommand {
  actor: Actor;
  command: SkCommand;
}

/**
 * Play up to `maxCommands` random legal commands of the 'duel' scenario. Dice come from SeededDice(seed); the
 * choices come from a second generator, so replaying `commands` with SeededDice(seed) reproduces `events`.
 * Attacks are preferred when offered and ending the turn is rarer than moving, so games see battles and end.
 */
export function randomPlay(
  seed: number,
  maxCommands: number,
  options: Record<string, boolean> = {},
): { events: SkEvent[]; commands: PlayedCommand[]; state: SkState } {
  const dice = new SeededDice(seed);
  const choose = new SeededDice((seed ^ 0x9e3779b9) >>> 0);
  const events = setup('duel', options, dice);
  let state = fold(skirmish, events);
  const commands: PlayedCommand[] = [];
  const actors = allActors();
  while (commands.length < maxCommands && !state.finished) {
    const offers = actors.flatMap((actor) => legal(state, actor).map((a) => ({ actor, command: a.command })));
    const attacks = offers.filter((o) => o.command.type === 'attack');
    const moves = offers.filter((o) => o.command.type === 'move');
    const ends = offers.filter((o) => o.command.type === 'endTurn');
    const roll = choose.next();
    const pool = attacks.length && roll < 0.7 ? attacks : moves.length && roll < 0.93 ? moves : ends;
    const pick = choose.pick(pool);
    const evs = decide(state, pick.command, pick.actor, dice);
    for (const e of evs) state = evolve(state, e);
    events.push(...evs);
    commands.push(pick);
  }
  return { events, commands, state };
}

/** Dice values that make setup('duel') give strengths `s` (8 values) and tokens t1..t8 to r1..b4 in order. */
export function setupDice(strengths: readonly number[]): FixedDice {
  // Fisher-Yates with j = i (roll i+1) at every step leaves the order unchanged.
  return new FixedDice([...strengths, 8, 7, 6, 5, 4, 3, 2]);
}
