/**
 * The legal-action properties every game keeps, checked over seeded random play (one harness for all games):
 *  (a) every offered action is accepted: random completions of each offered action pass decide();
 *  (b) legal() is complete: commands drawn from the parser's space that decide() accepts are all offered;
 *  (c) the fold is deterministic: folding the log from the start gives the running state, twice the same.
 * Where the game has its own cheap check (`Ruleset.offered`, used by the server), it must agree with legal() on every
 * sampled and every offered command. Lazy choices are completed and matched through `Ruleset.choiceOptions`.
 * A game supplies a sampler of raw commands near the current state (unit ids, hexes, sizes of its own choosing);
 * the harness does the rest. Used by each game's tests/properties.test.ts.
 */
import { type Expand, findOffer, type LegalAction, randomPicker, tryComplete } from '../core/actions';
import { SeededDice } from '../core/dice';
import { RuleError } from '../core/errors';
import { type Actor, fold, lazyExpander, type RuleCommand, type RuleEvent, type Ruleset } from '../core/ruleset';

export interface PropertyRun<S, C extends RuleCommand> {
  ruleset: Ruleset<S, C, RuleEvent, unknown>;
  scenario: string;
  options?: Record<string, boolean>;
  seed: number;
  /** Stop after this many commands (the game need not finish). */
  maxCommands: number;
  /** Raw inputs for parseCommand near this state, for property (b): plausible ids, hexes, sizes. */
  sample(s: S, actor: Actor, rnd: SeededDice): unknown[];
  /** Completions of each offered action tried for property (a) (default 2). */
  completionsPerAction?: number;
  /** Seats that play: defaults to one seat per side holding all the side's commands. */
  actors?: Actor[];
  /** Chooses the action to play among the offered ones (default: uniform); lets a test steer play. */
  choose?(actions: LegalAction<C>[], s: S, rnd: SeededDice): LegalAction<C>;
}

export interface PropertyReport {
  commands: number;
  offeredActions: number;
  completionsTried: number;
  sampled: number;
  sampledAccepted: number;
  /** Sampled commands legal() offers (accepted or not by the dice-free check of (a)). */
  sampledOffered: number;
  finished: boolean;
  /** Violations, as readable lines; empty when every property held. */
  failures: string[];
}

function refusal(f: () => unknown): RuleError | null {
  try {
    f();
    return null;
  } catch (e) {
    if (e instanceof RuleError) return e;
    throw e;
  }
}

export function checkProperties<S, C extends RuleCommand>(run: PropertyRun<S, C>): PropertyReport {
  const rs = run.ruleset;
  const dice = new SeededDice(run.seed);
  const rnd = new SeededDice(run.seed * 7919 + 13);
  const roles = rs.roles(run.scenario);
  const actors = run.actors ?? roles.sides.map((sd) => ({ side: sd.id, commands: sd.commands.map((c) => c.id) }));
  const log: RuleEvent[] = rs.setup(run.scenario, run.options ?? {}, dice);
  let s = fold(rs, log);
  const rep: PropertyReport = {
    commands: 0,
    offeredActions: 0,
    completionsTried: 0,
    sampled: 0,
    sampledAccepted: 0,
    sampledOffered: 0,
    finished: false,
    failures: [],
  };
  const fail = (msg: string) => {
    if (rep.failures.length < 20) rep.failures.push(`seed ${run.seed}, command ${rep.commands}: ${msg}`);
  };
  const probeDice = () => new SeededDice(Math.floor(rnd.next() * 2 ** 31));
  while (rep.commands < run.maxCommands && !rep.failures.length) {
    if (rs.status(s).finished) {
      rep.finished = true;
      break;
    }
    const playable: { actor: Actor; actions: LegalAction<C>[] }[] = [];
    for (const actor of actors) {
      const actions = rs.legal(s, actor);
      const expand: Expand | undefined = rs.choiceOptions ? lazyExpander(rs, s, actor) : undefined;
      /** The game's own check (server side) must say the same as matching against legal(). */
      const agree = (cmd: C, offered: boolean, what: string) => {
        if (!rs.offered) return;
        const no = rs.offered(s, actor, cmd);
        if (!no !== offered)
          fail(
            `${what} ${JSON.stringify(cmd)}: legal() ${offered ? 'offers' : 'does not offer'} it, offered() ${no ? `refuses (${no.rule} ${no.message})` : 'accepts'}`,
          );
      };
      rep.offeredActions += actions.length;
      // (a) every offered action accepts its completions
      for (const a of actions) {
        for (let k = 0; k < (run.completionsPerAction ?? 2); k++) {
          const cmd = tryComplete(
            a,
            randomPicker(() => rnd.next()),
            expand,
          );
          if (!cmd) continue;
          rep.completionsTried++;
          agree(cmd, true, 'offered');
          const err = refusal(() => rs.decide(s, rs.parseCommand(cmd), actor, probeDice()));
          if (err) fail(`offered ${JSON.stringify(cmd)} to ${actor.side} was refused: ${err.code} ${err.rule ?? ''} ${err.message}`);
        }
      }
      // (b) whatever decide accepts from the parser's space is offered
      for (const raw of run.sample(s, actor, rnd)) {
        let cmd: C;
        try {
          cmd = rs.parseCommand(raw);
        } catch {
          continue;
        }
        rep.sampled++;
        const offered = !!findOffer(actions, cmd, expand);
        if (offered) rep.sampledOffered++;
        agree(cmd, offered, 'sampled');
        if (refusal(() => rs.decide(s, cmd, actor, probeDice()))) continue;
        rep.sampledAccepted++;
        if (!offered) fail(`${actor.side} may ${JSON.stringify(cmd)} (decide accepts it) but legal() does not offer it`);
      }
      if (actions.length) playable.push({ actor, actions });
    }
    if (!playable.length) {
      fail(`nobody has a legal action, yet the game is not over (${rs.status(s).phase})`);
      break;
    }
    const turn = playable[Math.floor(rnd.next() * playable.length)];
    const action = run.choose ? run.choose(turn.actions, s, rnd) : turn.actions[Math.floor(rnd.next() * turn.actions.length)];
    const expand: Expand | undefined = rs.choiceOptions ? lazyExpander(rs, s, turn.actor) : undefined;
    const cmd = tryComplete(
      action,
      randomPicker(() => rnd.next()),
      expand,
    );
    if (!cmd) {
      rep.commands++;
      continue;
    }
    let events: RuleEvent[];
    try {
      events = rs.decide(s, rs.parseCommand(cmd), turn.actor, dice);
    } catch (e) {
      fail(`playing the offered ${JSON.stringify(cmd)} failed: ${(e as Error).message}`);
      break;
    }
    log.push(...events);
    s = fold(rs, events, s);
    rep.commands++;
  }
  // (c) the fold is deterministic and equals the running state
  const again = JSON.stringify(fold(rs, log));
  if (again !== JSON.stringify(s)) fail('folding the whole log does not give the running state');
  if (again !== JSON.stringify(fold(rs, log))) fail('folding the same log twice gives different states');
  return rep;
}
