/**
 * Operation Unthinkable's twin adapter for the non-interference harness (engine/testing/twins.ts, issue 12).
 *
 * Two things are hidden from the Allies (and spectators): with the hidden set-up option, which Soviet counter stands
 * face down in which hex until the Allies have set up (3.5.1), and which R-pool units a reinforcement draw brought
 * until they are placed (6.1). A twin varies one of them:
 *   - set-up twins: the Soviet player sets up the same hexes with the same number of counters, but deals the
 *     counters of each command and stacking value to other hexes (every Soviet command naming a unit names its
 *     counterpart in the twin);
 *   - draw twins: the same game, but each blind draw brings other units from the pool (as other dice would), placed
 *     where history A placed its draw.
 */
import type { SeededDice } from '../../core/dice';
import type { Actor, Viewer } from '../../core/ruleset';
import type { LegalAction } from '../../core/actions';
import type { TwinAdapter, TwinPlan } from '../../testing/twins';
import { stackValue, unitDef } from './data';
import { ALLIED_COMMANDS, SOVIET_COMMANDS } from './sequence';
import type { Command, Event, State, View } from './types';
import { faceDown, seesSoviet } from './view';

const ENDS = new Set(['end-phase', 'end-setup', 'end-maskirovka', 'keep-boundary']);

/** May this viewer see unit `id` where it stands in `s`? */
function shown(s: State, id: string, viewer: Viewer): boolean {
  if (unitDef(id).side === 'allied' || seesSoviet(viewer)) return true;
  const at = s.u[id]?.at;
  return !faceDown(s) && at !== 'pool' && at !== 'drawn';
}

/** Renames units in a command (every string that is a unit id, in any field). */
function rename(cmd: Command, to: (id: string) => string): Command {
  const walk = (x: unknown): unknown => {
    if (typeof x === 'string') return to(x);
    if (Array.isArray(x)) return x.map(walk);
    if (x && typeof x === 'object') return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, walk(v)]));
    return x;
  };
  return walk(cmd) as Command;
}

function shuffle<T>(xs: T[], rnd: SeededDice): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd.next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Set-up twin: a bijection between Soviet set-up counters of one command and one stacking value. */
export function setupTwin(s: State, rnd: SeededDice): TwinPlan<State, Command, Event> | null {
  const groups = new Map<string, string[]>();
  for (const id of Object.keys(s.u)) {
    const d = unitDef(id);
    if (d.side !== 'soviet' || s.u[id].at !== 'setup') continue;
    const key = `${d.cmd}|${stackValue(d)}`;
    groups.set(key, [...(groups.get(key) ?? []), id]);
  }
  const to = new Map<string, string>();
  for (const g of groups.values()) {
    if (g.length < 2) continue;
    const dealt = shuffle(g, rnd);
    if (dealt.every((x, i) => x === g[i])) dealt.push(dealt.shift() as string);
    g.forEach((id, i) => {
      to.set(id, dealt[i]);
    });
  }
  const moved = [...to].filter(([a, b]) => a !== b).length;
  if (!moved) return null;
  return {
    describe: `${moved} face-down Soviet counters set up in other hexes`,
    command: (cmd) => {
      // one unit a command (legal() offers set-up placements unit by unit): the twin places its own counter there
      return rename(cmd, (x) => to.get(x) ?? x);
    },
  };
}

/** Draw twin: each blind draw brings other pool units; the Soviet places them where A placed its own. */
function drawPlan(rnd: SeededDice): TwinPlan<State, Command, Event> {
  const to = new Map<string, string>(); // A's drawn unit -> B's
  let lastA: string[] = [];
  return {
    describe: 'other units from each blind draw',
    events(events, before) {
      return events.map((e) => {
        if (e.type !== 'drawn' || e.die === 0) return e; // 3.5.2's whole pool is no draw
        const pool = Object.keys(before.u).filter((id) => before.u[id].at === 'pool');
        const other = shuffle(pool, rnd).slice(0, e.units.length);
        return { ...e, units: other };
      });
    },
    command(cmd, actor, a, b) {
      if (actor.side !== 'soviet' || cmd.type !== 'place') return cmd;
      const drawnA = Object.keys(a.u).filter((id) => a.u[id].at === 'drawn');
      const drawnB = Object.keys(b.u).filter((id) => b.u[id].at === 'drawn');
      if (drawnA.join() !== lastA.join()) {
        lastA = drawnA;
        to.clear();
        drawnA.forEach((id, i) => {
          if (drawnB[i]) to.set(id, drawnB[i]);
        });
      }
      return rename(cmd, (x) => to.get(x) ?? x);
    },
  };
}

export function operationUnthinkableTwins(): TwinAdapter<State, Command, Event, View> {
  return {
    viewers: [{ kind: 'side', side: 'allied' }, { kind: 'side', side: 'allied', commands: ['us-12ag'] }, { kind: 'spectator' }],
    actors: [
      { side: 'allied', commands: ALLIED_COMMANDS },
      { side: 'soviet', commands: SOVIET_COMMANDS },
    ],
    seat: (viewer: Viewer): Actor | null =>
      viewer.kind === 'side' ? { side: viewer.side, commands: viewer.commands ? [...viewer.commands] : ALLIED_COMMANDS } : null,
    plan(_viewer, rnd, _setupA, afterSetupA) {
      // set-up twins need the hidden set-up; draws happen in every game without 3.5.2
      if (afterSetupA.opt.hidden && rnd.next() < 0.6) return setupTwin(afterSetupA, rnd);
      return drawPlan(rnd);
    },
    diverged(a, b, viewer) {
      for (const id of Object.keys(a.u)) {
        const ua = a.u[id];
        const ub = b.u[id];
        if (ua.at === ub.at && ua.s === ub.s) continue;
        if (shown(a, id, viewer) || shown(b, id, viewer)) return `${id} is shown and differs (${ua.at} / ${ub.at})`;
      }
      return null;
    },
    probes(view, actor, rnd) {
      // an Allied seat probing with the Soviet counters it can name (the manifest is public) and hexes it sees
      const hexes = view.hidden.map((h) => h.hex);
      const mine = view.units.filter((u) => unitDef(u.id).side === actor.side).map((u) => u.id);
      if (!hexes.length || !mine.length) return [];
      const hex = hexes[Math.floor(rnd.next() * hexes.length)];
      const unit = mine[Math.floor(rnd.next() * mine.length)];
      return [
        { type: 'attack', target: hex, units: [unit] },
        { type: 'move', units: [unit], path: [hex] },
        { type: 'place', unit, hex },
        { type: 'airdrop', drops: [[unit, hex]] },
      ];
    },
    choose(actions: LegalAction<Command>[], _s: State, rnd: SeededDice) {
      // towards the hidden moments: set-ups and placements first, phases ended often. The Allies set up at once
      // ('place-all'); the Soviet places unit by unit, since 'place-all' would place the twin's other counters by
      // the engine's rule of thumb, which is not the same public choice.
      const one = actions.find((a) => a.command.type === 'place');
      const unit = one?.choices?.[0]?.options[0]?.value;
      const sovietSetup = typeof unit === 'string' && unitDef(unit).side === 'soviet';
      const all = actions.find((a) => a.command.type === 'place-all');
      const done = actions.find((a) => a.command.type === 'end-setup');
      if (done) return done; // offered once every unit of the seat is placed
      if (all && !sovietSetup) return all;
      if (one) return one;
      const end = actions.find((a) => ENDS.has(a.command.type));
      if (end && rnd.next() < 0.5) return end;
      return actions[Math.floor(rnd.next() * actions.length)];
    },
  };
}
