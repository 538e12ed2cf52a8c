/**
 * Random legal play: a seeded game driven only by legal() and decide(), to the end. Used by the fuzz test and
 * for demos; never by the rules.
 */
import { complete, type Expand, firstCompletion, firstPicker, type LegalAction, randomPicker, tryComplete } from '../../core/actions';
import { SeededDice } from '../../core/dice';
import { type Actor, fold, lazyExpander, type Ruleset } from '../../core/ruleset';
import { board, onMap, stackOk } from './board';
import { unitDef } from './data';
import type { OuMap } from './map';
import { ALLIED_COMMANDS, SOVIET_COMMANDS } from './sequence';
import type { Command, Event, Options, State, View } from './types';

export interface RandomGame {
  events: Event[];
  state: State;
  commands: number;
}

export interface FuzzOptions {
  options?: Partial<Options>;
  /** give each command its own seat instead of one player per side */
  teams?: boolean;
  maxCommands?: number;
  /** per Movement/Combat Phase, the most moves or attacks tried before ending the phase */
  actionsPerPhase?: number;
  /** stop (unfinished) once this game turn is over; for tests that need only the opening */
  stopAfterTurn?: number;
}

export function playRandomGame(rs: Ruleset<State, Command, Event, View>, seed: number, fo: FuzzOptions = {}): RandomGame {
  const dice = new SeededDice(seed);
  const pick = new SeededDice(seed * 7919 + 17);
  const events = rs.setup('standard', { ...fo.options } as Record<string, boolean>, dice);
  let s = fold(rs, events);
  const seats: Actor[] = fo.teams
    ? [
        ...ALLIED_COMMANDS.map((c) => ({ side: 'allied', commands: [c] })),
        ...SOVIET_COMMANDS.map((c) => ({ side: 'soviet', commands: [c] })),
      ]
    : [
        { side: 'allied', commands: ALLIED_COMMANDS },
        { side: 'soviet', commands: SOVIET_COMMANDS },
      ];
  const max = fo.maxCommands ?? 20000;
  const perPhase = fo.actionsPerPhase ?? 12;
  let n = 0;
  let phaseKey = '';
  let phaseActions = 0;
  const map = (rs as { map?: OuMap }).map;
  while (!rs.status(s).finished && !(fo.stopAfterTurn && s.turn > fo.stopAfterTurn)) {
    if (n++ > max) throw new Error(`game ${seed} did not finish in ${max} commands (${rs.status(s).phase})`);
    const key = `${s.turn}:${s.step}`;
    if (key !== phaseKey) {
      phaseKey = key;
      phaseActions = 0;
    }
    if (phaseActions >= perPhase && !s.combat && /^(allied|soviet)-[12]$/.test(s.step)) {
      // enough done this phase: end it without listing everything first (refusals fall through to legal())
      const seat = seats.find((a) => a.side === s.step.split('-')[0] && a.commands.some((c) => !s.ph.ready.includes(c)));
      if (seat) {
        try {
          const ev = rs.decide(s, { type: 'end-phase' }, seat, dice);
          events.push(...ev);
          s = ev.reduce((x, e) => rs.evolve(x, e), s);
          continue;
        } catch {
          /* obligations remain: fall through */
        }
      }
    }
    const waiting = new Set(rs.status(s).waitingFor.map((w) => w.side));
    const options = seats
      .filter((a) => waiting.has(a.side))
      .map((a) => ({ a, legal: rs.legal(s, a) }))
      .filter((x) => x.legal.length);
    if (!options.length) throw new Error(`game ${seed} stuck: ${JSON.stringify(rs.status(s))}`);
    const { a, legal } = pick.pick(options);
    const is = (l: LegalAction<Command>, ...types: Command['type'][]) => types.includes(l.command.type);
    let choice = pick.pick(legal);
    const end = legal.find((l) => is(l, 'end-phase', 'end-setup', 'end-maskirovka'));
    const busy = legal.filter((l) => is(l, 'move', 'attack'));
    if (busy.length && !end && phaseActions >= perPhase) {
      // the phase cannot end yet (7.1.2 or 3.4 obligations): move the units that hold it open
      const move = busy.find((l) => is(l, 'move'));
      if (move) choice = move;
    } else if (busy.length && end) {
      phaseActions++;
      const attacks = busy.filter((l) => is(l, 'attack'));
      choice = phaseActions > perPhase ? end : attacks.length && pick.next() < 0.6 ? pick.pick(attacks) : pick.pick(busy);
    } else if (legal.some((l) => is(l, 'place-all'))) {
      choice = legal.find((l) => is(l, 'place-all')) ?? choice;
    } else if (end && legal.some((l) => is(l, 'redeploy', 'boundary', 'airdrop')) && pick.next() < 0.7) {
      choice = end;
    }
    const expand: Expand = lazyExpander(rs, s, a);
    const first = tryComplete(
      choice,
      randomPicker(() => pick.next()),
      expand,
    );
    // a set of units with nowhere to go (its destinations are only worked out when asked): choose again
    if (!first) continue;
    let command = first;
    if (command.type === 'move' && choice.choices) {
      // the units that must move away (3.4 b, 7.1.2) get a chance first when the phase is held open
      const stuck = choice.choices[0].options.find((o) =>
        (o.value as string[]).some((id) => s.wrong[id] || ['PL2', 'DE'].includes(unitDef(id).nat)),
      );
      if (stuck && !end && pick.next() < 0.8)
        command =
          tryComplete(
            { ...choice, choices: [{ ...choice.choices[0], options: [stuck] }] },
            randomPicker(() => pick.next()),
            expand,
          ) ?? command;
    }
    const ev = rs.decide(s, command, a, dice);
    events.push(...ev);
    s = ev.reduce((x, e) => rs.evolve(x, e), s);
    if (map) {
      const bad = invariantBroken(map, s);
      if (bad) throw new Error(`game ${seed}, command ${n} (${JSON.stringify(command)}): ${bad}`);
    }
  }
  return { events, state: s, commands: n };
}

/** Play `n` seeded games to the end (seeds from `firstSeed`), cycling through the options; returns a summary. */
export function playRandomGames(rs: Ruleset<State, Command, Event, View>, n: number, firstSeed = 1, fo: FuzzOptions = {}) {
  const variants: Partial<Options>[] = [{}, { hidden: true }, { prepared: true }, { tenTurns: true }, { splitOrder: true }];
  const results: { seed: number; winner: string; commands: number; events: number }[] = [];
  for (let k = 0; k < n; k++) {
    const seed = firstSeed + k;
    const g = playRandomGame(rs, seed, { options: variants[k % variants.length], teams: k % 5 === 1, ...fo });
    results.push({ seed, winner: g.state.result?.winner ?? 'none', commands: g.commands, events: g.events.length });
  }
  return results;
}

/**
 * A seeded game driven to the first state `until` accepts: each side takes the first legal action, preferring
 * move/fight, the automatic set-up and ending steps, with no redeployments or drops. For tests and benches.
 */
export function playUntil(rs: Ruleset<State, Command, Event, View>, seed: number, until: (s: State) => boolean, maxCommands = 400): State {
  const dice = new SeededDice(seed);
  let s: State = fold(rs, rs.setup('standard', {}, dice));
  const actors: Record<string, Actor> = {
    allied: { side: 'allied', commands: ALLIED_COMMANDS },
    soviet: { side: 'soviet', commands: SOVIET_COMMANDS },
  };
  for (let k = 0; k < maxCommands && !until(s); k++) {
    const actor = actors[rs.status(s).waitingFor[0].side];
    const legal = rs.legal(s, actor);
    const pick =
      legal.find((a) => a.command.type === 'order' && a.command.order === 'move-fight') ??
      legal.find((a) => a.command.type === 'place-all') ??
      legal.find((a) => !['redeploy', 'airdrop', 'place'].includes(a.command.type)) ??
      legal[0];
    const expand: Expand = lazyExpander(rs, s, actor);
    // the first set of units that has somewhere to go (destinations are worked out only when asked)
    const cmd = firstCompletion(pick, expand) ?? complete(legal.find((x) => x.command.type === 'end-phase') ?? pick, firstPicker, expand);
    s = rs.decide(s, cmd, actor, dice).reduce((x, e) => rs.evolve(x, e), s);
  }
  if (!until(s)) throw new Error(`seed ${seed}: the state asked for was not reached`);
  return s;
}

/**
 * Facts every state between commands must keep, checked by the fuzzer: units on real hexes with 1..max steps,
 * legal stacks (7.0-7.2), US and UK units on their own side of the army group line unless marked wrong-side (3.4),
 * and no pending combat without a target.
 */
export function invariantBroken(map: OuMap, s: State): string | null {
  const byHex = new Map<string, string[]>();
  for (const [id, u] of Object.entries(s.u)) {
    if (!onMap(u.at)) continue;
    const d = unitDef(id);
    if (!map.index.has(u.at)) return `${id} stands on ${u.at}, not a map hex`;
    if (!(u.s >= 1 && u.s <= d.f.length)) return `${id} has ${u.s} steps`;
    byHex.set(u.at, [...(byHex.get(u.at) ?? []), id]);
  }
  // 7.0: a retreat may overstack a hex until the end of the phase (11.3 DR 3)
  const inPhase = /^(allied|soviet)-[12]$/.test(s.step);
  for (const [h, ids] of byHex) if (!inPhase && !stackOk(ids)) return `illegal stack in ${h}: ${ids.join(', ')}`;
  if (s.bnd) {
    const b = board(map, s);
    for (const [h, ids] of byHex)
      for (const id of ids)
        if (!b.regionOk(unitDef(id), h) && !s.wrong[id])
          return `${id} in ${h} is on the wrong side of the army group line (3.4) without being marked`;
  }
  if (s.combat && !map.index.has(s.combat.target)) return 'combat without a target hex';
  return null;
}
