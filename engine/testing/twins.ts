/**
 * Non-interference over seeded play ("twin histories"), one harness for every game (issue 12, point 1).
 *
 * History A is played with random offered commands. Its twin B starts from, and goes through, the same public
 * moments but differs in something one viewer may not know: which hidden block carries which identity and
 * strength, a different face-down set-up, a different blind draw. A game says how its twin may differ through a
 * small adapter (its own folder, `twins.ts`); the harness does the rest and requires that every payload this
 * viewer would be sent is byte-identical in A and B:
 *   - every event, redacted for the viewer (null included: a hidden event still takes a seq number);
 *   - the view after every event (every seq), hints() when the game has them, and the public status;
 *   - the actions legal() offers the viewer's own seat, and the refusals (code, rule, message) of commands the
 *     viewer's seat tries, built from what the viewer sees.
 * Comparison ends where the twins may legitimately look different: when a rule shows the viewer something the twins
 * differ in (the adapter's `diverged`), or when the twin cannot make the same public choice (B refuses it).
 * Any difference before that is a channel: the viewer could tell the twins apart, so a payload carries hidden truth.
 */
import { type Expand, type LegalAction, randomPicker, tryComplete } from '../core/actions';
import { SeededDice } from '../core/dice';
import { RuleError } from '../core/errors';
import { type Actor, lazyExpander, type RuleCommand, type RuleEvent, type Ruleset, type Viewer } from '../core/ruleset';

/** How a twin differs from history A (from one plan per seed and viewer). */
export interface TwinPlan<S, C extends RuleCommand, E extends RuleEvent> {
  /**
   * Rewrites events the twin's decider produced: another deal of face-down blocks, another blind draw. The result
   * must be events the decider could have produced itself with other dice or other hidden choices.
   */
  events?(events: E[], before: S, setup: boolean): E[];
  /** The same public choice in the twin: command `cmd`, played by `actor` in A (state `a`), as played in B (state `b`). */
  command?(cmd: C, actor: Actor, a: S, b: S): C;
  /** What this twin varies, for failure messages. */
  describe: string;
}

export interface TwinAdapter<S, C extends RuleCommand, E extends RuleEvent, V = unknown> {
  /** The viewers whose payloads are compared. */
  viewers: Viewer[];
  /** A twin for this viewer and seed, or null when there is nothing this viewer cannot see to vary. */
  plan(viewer: Viewer, rnd: SeededDice, setupA: E[], afterSetupA: S): TwinPlan<S, C, E> | null;
  /**
   * Why the twins may now look different to this viewer (a rule showed a varied block, a public fact differs), or
   * null while every payload must be the same.
   */
  diverged(a: S, b: S, viewer: Viewer): string | null;
  /** The viewer's own seat (for legal() and refusals); none for a spectator. */
  seat?(viewer: Viewer): Actor | null;
  /** Raw commands the viewer's seat might send, built from its own view only (probes of error bodies). */
  probes?(view: V, actor: Actor, rnd: SeededDice): unknown[];
  /** Steers random play (e.g. towards phases where hidden things happen). */
  choose?(actions: LegalAction<C>[], s: S, rnd: SeededDice): LegalAction<C>;
  /** Seats that play in history A (default: one per side holding all its commands). */
  actors?: Actor[];
}

export interface TwinRun<S, C extends RuleCommand, E extends RuleEvent, V> {
  ruleset: Ruleset<S, C, E, V>;
  adapter: TwinAdapter<S, C, E, V>;
  scenario: string;
  options?: Record<string, boolean>;
  seed: number;
  maxCommands: number;
}

export interface TwinReport {
  /** Twin pairs played (one per viewer with a plan). */
  pairs: number;
  commands: number;
  /** Payloads compared byte for byte, by kind. */
  compared: { events: number; views: number; hints: number; status: number; legal: number; refusals: number };
  /** Why each pair stopped being compared. */
  ended: string[];
  /** Channels: the first differences found, as readable lines; empty when the viewers could not tell the twins apart. */
  failures: string[];
}

const json = (x: unknown) => JSON.stringify(x) ?? 'undefined';

function attempt<T>(f: () => T): { ok: true; value: T } | { ok: false; error: RuleError } {
  try {
    return { ok: true, value: f() };
  } catch (e) {
    if (e instanceof RuleError) return { ok: false, error: e };
    throw e;
  }
}

const refusal = (r: { ok: boolean; error?: RuleError }) =>
  r.ok ? 'accepted' : `${r.error?.code} ${r.error?.rule ?? ''} ${r.error?.message}`;

/** The first position where two strings differ, with a little context (for readable failures). */
function diffAt(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 60);
  return `A …${a.slice(from, i + 80)}… / B …${b.slice(from, i + 80)}…`;
}

export function emptyTwinReport(): TwinReport {
  return { pairs: 0, commands: 0, compared: { events: 0, views: 0, hints: 0, status: 0, legal: 0, refusals: 0 }, ended: [], failures: [] };
}

/** Adds `r` into `total` (for tests that run many seeds). */
export function addTwinReport(total: TwinReport, r: TwinReport): TwinReport {
  total.pairs += r.pairs;
  total.commands += r.commands;
  for (const k of Object.keys(total.compared) as (keyof TwinReport['compared'])[]) total.compared[k] += r.compared[k];
  total.ended.push(...r.ended);
  total.failures.push(...r.failures);
  return total;
}

/** Plays one seed for every viewer of the adapter. */
export function checkTwins<S, C extends RuleCommand, E extends RuleEvent, V>(run: TwinRun<S, C, E, V>): TwinReport {
  const rep = emptyTwinReport();
  run.adapter.viewers.forEach((viewer, i) => {
    addTwinReport(rep, checkTwinPair(run, viewer, run.seed * 31 + i));
  });
  return rep;
}

/** Plays history A and its twin for one viewer and compares what that viewer is sent. */
export function checkTwinPair<S, C extends RuleCommand, E extends RuleEvent, V>(
  run: TwinRun<S, C, E, V>,
  viewer: Viewer,
  seed: number,
): TwinReport {
  const { ruleset: rs, adapter } = run;
  const rep = emptyTwinReport();
  const who = json(viewer);
  const fail = (msg: string) => {
    if (rep.failures.length < 10) rep.failures.push(`seed ${run.seed} viewer ${who} command ${rep.commands}: ${msg}`);
  };
  const rnd = new SeededDice(seed * 7919 + 17);
  const diceA = new SeededDice(seed);
  const diceB = new SeededDice(seed);
  const setupA = rs.setup(run.scenario, run.options ?? {}, diceA);
  const afterA = setupA.reduce((s, e) => rs.evolve(s, e), rs.initial());
  const plan = adapter.plan(viewer, rnd, setupA, afterA);
  if (!plan) return rep;
  rep.pairs = 1;
  let sB = rs.initial();
  const setupB0 = rs.setup(run.scenario, run.options ?? {}, diceB);
  const setupB = plan.events ? plan.events(setupB0, sB, true) : setupB0;
  let sA = rs.initial();
  const seat = adapter.seat?.(viewer) ?? null;
  const actors = adapter.actors ?? rs.roles(run.scenario).sides.map((sd) => ({ side: sd.id, commands: sd.commands.map((c) => c.id) }));
  const where = `twin (${plan.describe})`;

  /** Folds two event lists in lock step, comparing the viewer's payloads; returns a reason to stop, if any. */
  const step = (evA: E[], evB: E[]): string | null => {
    if (evA.length !== evB.length) {
      // every event takes a seq number, shown or not: a count that differs is a channel unless the twins parted
      // (folded side by side: a rule may show the viewer something for a moment, as a combat round does)
      let why: string | null = null;
      for (let k = 0; k < Math.max(evA.length, evB.length); k++) {
        if (evA[k]) sA = rs.evolve(sA, evA[k]);
        if (evB[k]) sB = rs.evolve(sB, evB[k]);
        why ??= adapter.diverged(sA, sB, viewer);
      }
      if (why) return `${why} (events of the command: ${evA.length} / ${evB.length})`;
      fail(
        `${where}: the command gives ${evA.length} events in A and ${evB.length} in B (${evA.map((e) => e.type).join(',')} / ${evB.map((e) => e.type).join(',')}): the seq numbers show it`,
      );
      return 'event count differs';
    }
    const n = evA.length;
    for (let k = 0; k < n; k++) {
      const a = evA[k];
      const b = evB[k];
      const nA = rs.evolve(sA, a);
      const nB = rs.evolve(sB, b);
      const why = adapter.diverged(nA, nB, viewer);
      if (why) {
        sA = nA;
        sB = nB;
        return `${why} (event ${k} of the command)`;
      }
      const rA = json(rs.redact(a, viewer, sA));
      const rB = json(rs.redact(b, viewer, sB));
      rep.compared.events++;
      if (rA !== rB) fail(`${where}: redacted event ${a.type}/${b.type} differs: ${diffAt(rA, rB)}`);
      sA = nA;
      sB = nB;
      const vA = json(rs.view(sA, viewer));
      const vB = json(rs.view(sB, viewer));
      rep.compared.views++;
      if (vA !== vB) fail(`${where}: view after ${a.type} differs: ${diffAt(vA, vB)}`);
      if (rs.hints) {
        const hA = json(rs.hints(sA, viewer));
        const hB = json(rs.hints(sB, viewer));
        rep.compared.hints++;
        if (hA !== hB) fail(`${where}: hints after ${a.type} differ: ${diffAt(hA, hB)}`);
      }
      const stA = json(rs.status(sA));
      const stB = json(rs.status(sB));
      rep.compared.status++;
      if (stA !== stB) fail(`${where}: status after ${a.type} differs: ${diffAt(stA, stB)}`);
      if (rep.failures.length) return 'channel found';
    }
    return null;
  };

  /** The viewer's seat: what it is offered, and how its tries are answered. */
  const seatPayloads = () => {
    if (!seat) return;
    const lA = rs.legal(sA, seat);
    const lB = rs.legal(sB, seat);
    rep.compared.legal++;
    const jA = json(lA);
    const jB = json(lB);
    if (jA !== jB) {
      fail(`${where}: actions offered to the viewer's seat differ: ${diffAt(jA, jB)}`);
      return;
    }
    // lazy choices (a unit's destinations) are payloads too: both twins must answer them alike
    const expand: Expand = (ch, picked) => {
      if (!ch.lazy || !rs.choiceOptions) return undefined;
      const oA = rs.choiceOptions(sA, seat, ch.lazy, { ...picked });
      const oB = rs.choiceOptions(sB, seat, ch.lazy, { ...picked });
      if (json(oA) !== json(oB))
        fail(`${where}: the viewer's ${ch.lazy} options for ${json(picked)} differ: ${diffAt(json(oA), json(oB))}`);
      return oA;
    };
    const tries: unknown[] = lA
      .slice(0, 6)
      .map((a) =>
        tryComplete(
          a,
          randomPicker(() => rnd.next()),
          expand,
        ),
      )
      .filter((c) => c !== null);
    if (adapter.probes) tries.push(...adapter.probes(rs.view(sA, viewer), seat, rnd));
    for (const raw of tries) {
      const seedDice = Math.floor(rnd.next() * 2 ** 31);
      const one = (s: S) => attempt(() => rs.decide(s, rs.parseCommand(raw), seat, new SeededDice(seedDice)));
      const rA = one(sA);
      const rB = one(sB);
      rep.compared.refusals++;
      if (refusal(rA) !== refusal(rB)) fail(`${where}: the viewer's ${json(raw)} is answered differently: ${refusal(rA)} / ${refusal(rB)}`);
    }
  };

  let ended = step(setupA, setupB);
  while (!ended && rep.commands < run.maxCommands) {
    seatPayloads();
    if (rep.failures.length) {
      ended = 'channel found';
      break;
    }
    if (rs.status(sA).finished) {
      ended = 'game over';
      break;
    }
    const playable = actors.map((actor) => ({ actor, actions: rs.legal(sA, actor) })).filter((p) => p.actions.length);
    if (!playable.length) {
      ended = 'nobody can act';
      break;
    }
    const turn = playable[Math.floor(rnd.next() * playable.length)];
    const action = adapter.choose ? adapter.choose(turn.actions, sA, rnd) : turn.actions[Math.floor(rnd.next() * turn.actions.length)];
    const expandA: Expand = lazyExpander(rs, sA, turn.actor);
    let raw: C | null = null;
    // a lazy choice may turn out empty (a unit with nowhere to go): draw again
    for (let k = 0; k < 8 && !raw; k++)
      raw = tryComplete(
        action,
        randomPicker(() => rnd.next()),
        expandA,
      );
    if (!raw) {
      ended = 'no completion of the chosen action';
      break;
    }
    const cmd = rs.parseCommand(raw);
    const evA = rs.decide(sA, cmd, turn.actor, diceA);
    const cmdB = plan.command ? plan.command(cmd, turn.actor, sA, sB) : cmd;
    const b = attempt(() => rs.decide(sB, cmdB, turn.actor, diceB));
    rep.commands++;
    if (!b.ok) {
      ended = `the twin cannot make the same public choice (${b.error.code} ${b.error.rule ?? ''}: ${b.error.message})`;
      break;
    }
    const evB = plan.events ? plan.events(b.value, sB, false) : b.value;
    ended = step(evA, evB);
  }
  rep.ended.push(ended ?? `stopped after ${run.maxCommands} commands`);
  return rep;
}
