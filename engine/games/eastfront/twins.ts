/**
 * EastFront's twin adapter for the non-interference harness (engine/testing/twins.ts, issue 12).
 *
 * The scenario card is public: which lettered blocks start in which hex. What a viewer may not know is which
 * face-down block of a hex is which letter (and so its type and strength). A twin deals the opponent's face-down
 * blocks of each hex to other tokens, as the set-up's token shuffle could have with other dice, and then makes the
 * same public choices: a command naming a block in history A names, in the twin, the block with the same token.
 * Half of the seeds deal only among blocks of one type and strength (the twins then stay alike for long), the others
 * among all blocks of a hex (strengths and types differ, so the twins part sooner).
 */
import { complete, randomPicker } from '../../core/actions';
import { SeededDice } from '../../core/dice';
import type { Actor, Viewer } from '../../core/ruleset';
import type { TwinAdapter, TwinPlan } from '../../testing/twins';
import type { Side } from './data';
import type { EastfrontRuleset } from './ruleset';
import type { Command, Event, State, Unit } from './state';
import { sees, type View } from './view';

const SIDES: Side[] = ['german', 'soviet'];

/** Command fields that name units (ids in history A, the same tokens' ids in the twin). */
const UNIT_KEYS = new Set(['unit', 'by', 'hq', 'order', 'prefs', 'units', 'replace']);

function hiddenSides(viewer: Viewer): Side[] {
  if (viewer.kind === 'omniscient') return [];
  if (viewer.kind === 'spectator') return SIDES;
  return SIDES.filter((s) => s !== viewer.side);
}

function byToken(s: State): Map<string, Unit> {
  return new Map(Object.values(s.units).map((u) => [u.token, u]));
}

/** The same public choice in state `b`: every unit named by its id in `a` is named by the id of its token's block in `b`. */
export function translateCommand(cmd: Command, a: State, b: State): Command {
  const tb = byToken(b);
  const id = (x: string) => {
    const u = a.units[x];
    return u ? (tb.get(u.token)?.id ?? x) : x;
  };
  const walk = (x: unknown, key: string | null): unknown => {
    if (typeof x === 'string') return key && UNIT_KEYS.has(key) ? id(x) : x;
    if (Array.isArray(x)) return x.map((y) => walk(y, key));
    if (x && typeof x === 'object') return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, walk(v, k)]));
    return x;
  };
  return walk(cmd, null) as Command;
}

const identity = (u: Unit) => JSON.stringify([u.id, u.type, u.name, u.cv, u.max, !!u.guards, u.hq?.supreme]);
const publicFacts = (u: Unit) =>
  JSON.stringify([u.side, u.at, !!u.face, !!u.unsupplied, !!u.dispersed, u.hq ? [u.hq.mode !== 'normal', !!u.hq.para] : null]);

/** The adapter for a ruleset and scenario; the card's letters (public) come from the scenario's set-up. */
export function eastfrontTwins(rs: EastfrontRuleset, scenario: string): TwinAdapter<State, Command, Event, View> {
  const roles = rs.roles(scenario);
  const commandsOf = (side: string) => roles.sides.find((s) => s.id === side)?.commands.map((c) => c.id) ?? [];
  const first = rs.setup(scenario, {}, new SeededDice(1))[0];
  const cardIds = first?.type === 'setup' ? first.units.map((u) => u.id) : [];
  return {
    viewers: [
      { kind: 'side', side: 'soviet' },
      { kind: 'side', side: 'german' },
      { kind: 'spectator' },
      // a commander seat holding one field command: the narrowest seat of its side
      { kind: 'side', side: 'german', commands: commandsOf('german').slice(1, 2) },
    ],
    seat: (viewer: Viewer): Actor | null =>
      viewer.kind === 'side' ? { side: viewer.side, commands: viewer.commands ? [...viewer.commands] : commandsOf(viewer.side) } : null,
    plan(viewer, rnd, setupA): TwinPlan<State, Command, Event> | null {
      const setup = setupA[0];
      if (setup?.type !== 'setup') return null;
      const hide = hiddenSides(viewer);
      if (rnd.next() < 0.25) return productionTwin(rs, hide, rnd);
      const sameKind = rnd.next() < 0.5;
      // face-down blocks of a hidden side, grouped by hex (and by type and strength when `sameKind`)
      const groups = new Map<string, Unit[]>();
      for (const u of setup.units) {
        if (!hide.includes(u.side) || u.at === null || u.face) continue;
        const key = sameKind ? `${u.side}|${u.at}|${u.type}|${u.cv}|${u.max}|${!!u.guards}` : `${u.side}|${u.at}`;
        groups.set(key, [...(groups.get(key) ?? []), u]);
      }
      const token = new Map<string, string>(); // id -> its token in the twin
      // each hex's deal is varied or not at random, so that some twins differ in one hex only and stay alike longer
      const vary = rnd.next() < 0.5 ? () => true : () => rnd.next() < 0.4;
      for (const g of groups.values()) {
        if (g.length < 2 || !vary()) continue;
        const tokens = g.map((u) => u.token);
        for (let i = tokens.length - 1; i > 0; i--) {
          const j = Math.floor(rnd.next() * (i + 1));
          [tokens[i], tokens[j]] = [tokens[j], tokens[i]];
        }
        // a derangement is not needed, but at least one block must change hands
        if (tokens.every((t, i) => t === g[i].token)) tokens.push(tokens.shift() as string);
        g.forEach((u, i) => {
          token.set(u.id, tokens[i]);
        });
      }
      if (!token.size) return null;
      const moved = [...token].filter(([id, t]) => setup.units.find((u) => u.id === id)?.token !== t).length;
      return {
        describe: `${moved} face-down blocks dealt to other tokens${sameKind ? ' (same type and strength)' : ''}`,
        events: (events, _before, isSetup) =>
          isSetup
            ? events.map((e) =>
                e.type === 'setup' ? { ...e, units: e.units.map((u) => ({ ...u, token: token.get(u.id) ?? u.token })) } : e,
              )
            : events,
        command: (cmd, _actor, a, b) => translateCommand(cmd, a, b),
      };
    },
    diverged(a, b, viewer) {
      const tb = byToken(b);
      for (const ua of Object.values(a.units)) {
        const ub = tb.get(ua.token);
        if (!ub) return `token ${ua.token} exists in one twin only`;
        if (publicFacts(ua) !== publicFacts(ub)) return `block ${ua.token} differs in public (${publicFacts(ua)} / ${publicFacts(ub)})`;
        if (identity(ua) !== identity(ub) && (sees(viewer, ua, a, ua.id) || sees(viewer, ub, b, ub.id)))
          return `block ${ua.token} is shown to the viewer (${ua.id} / ${ub.id})`;
      }
      return null;
    },
    choose(actions, _s, rnd) {
      // phases are ended more often than at random, so that supply checks and production come round
      const end = actions.find((a) => ['endCommand', 'endMovement', 'endCombat'].includes(a.command.type));
      if (end && rnd.next() < 0.3) return end;
      return actions[Math.floor(rnd.next() * actions.length)];
    },
    probes(view, actor, rnd) {
      // what the seat might try with what it knows: the card's letters and the tokens it sees
      const foreign = view.units.filter((u) => u.side !== actor.side);
      const names = [...cardIds, ...foreign.map((u) => u.token)];
      const hexes = [...new Set(view.units.map((u) => u.at).filter((h): h is string => !!h))];
      const pick = <T>(xs: T[]) => xs[Math.floor(rnd.next() * xs.length)];
      if (!names.length || !hexes.length) return [];
      const unit = pick(names);
      const hex = pick(hexes);
      return [
        { type: 'move', unit, path: [hex], by: pick(names) },
        ...[0, 1, 2, 3].map(() => ({ type: 'move', unit: pick(cardIds), path: [], by: pick(names), to: pick(hexes) })),
        { type: 'rail', unit, path: [], by: pick(names), to: hex },
        { type: 'retreat', unit, path: [], by: pick(names), to: hex },
        { type: 'activate', hq: unit },
        { type: 'allocate', hex, unit },
        { type: 'unsupply', units: [unit] },
        { type: 'fight', hex, order: [unit] },
        { type: 'defend', hex, order: [unit] },
        { type: 'produce', replace: [unit], cadres: [{ unit, hex }] },
        { type: 'paradrop', unit, by: pick(names), to: hex },
      ];
    },
  };
}

/**
 * Production twin: the same deal, but each hidden side's sealed order buys other replacements (none where history A
 * bought some, the offered greedy order where A bought none). Cadres, which arrive in public, stay the same.
 */
function productionTwin(rs: EastfrontRuleset, hide: Side[], rnd: SeededDice): TwinPlan<State, Command, Event> {
  return {
    describe: 'other replacements in sealed production orders',
    command(cmd, actor, a, b) {
      if (cmd.type !== 'produce' || !hide.includes(actor.side as Side)) return translateCommand(cmd, a, b);
      if (cmd.replace.length) return { ...cmd, replace: [] };
      // some replacements the twin's own offers allow (a flat order or a pick among choices, whichever legal() gives)
      for (let k = 0; k < 8; k++)
        for (const offer of rs.legal(b, actor)) {
          if (offer.command.type !== 'produce') continue;
          const c = complete(
            offer,
            randomPicker(() => rnd.next()),
          );
          if (c.type === 'produce' && c.replace.length) return { ...cmd, replace: c.replace };
        }
      return cmd;
    },
  };
}
