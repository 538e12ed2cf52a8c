/**
 * War in the East's twin adapter for the non-interference harness (engine/testing/twins.ts). The one hidden thing
 * is the sealed air commitment of the Joint Air War Turn (12.12): a twin makes the same game with the other side
 * (the one the viewer does not play; the Axis for a spectator) committing another split or total of its air
 * points. Every payload must stay the same until both commitments are revealed (12.2).
 */
import type { LegalAction } from '../../core/actions';
import type { SeededDice } from '../../core/dice';
import type { Actor, Viewer } from '../../core/ruleset';
import type { TwinAdapter } from '../../testing/twins';
import type { Command } from './commands';
import type { Side } from './data';
import { commitCap, commitFloor } from './steps/air';
import type { Event, State } from './state';
import type { View } from './view';

const ALL: Record<Side, Actor> = {
  axis: { side: 'axis', commands: ['okh', 'finland', 'ag-north', 'ag-center', 'ag-south', 'rumania'] },
  soviet: { side: 'soviet', commands: ['stavka', 'finnish-border', 'baltic', 'west', 'kiev', 'rumanian-border'] },
};

/** Another legal commitment than (sup, ags) for `side` in `s`, or the same when there is no other. */
export function otherCommitment(s: State, side: Side, sup: number, ags: number): { superiority: number; groundSupport: number } {
  const cap = commitCap(s, side);
  const floor = commitFloor(s, side);
  if (sup + ags < cap) return { superiority: sup + 1, groundSupport: ags };
  if (sup > 0) return { superiority: sup - 1, groundSupport: ags + (sup + ags - 1 < floor ? 1 : 0) };
  if (ags > 0) return { superiority: 1, groundSupport: ags - 1 };
  return { superiority: sup, groundSupport: ags };
}

export function warInTheEastTwins(): TwinAdapter<State, Command, Event, View> {
  return {
    viewers: [{ kind: 'side', side: 'axis' }, { kind: 'side', side: 'soviet' }, { kind: 'spectator' }],
    actors: [ALL.axis, ALL.soviet],
    seat: (viewer: Viewer): Actor | null => (viewer.kind === 'side' ? ALL[viewer.side as Side] : null),
    plan(viewer) {
      const hidden: Side = viewer.kind === 'side' && viewer.side === 'axis' ? 'soviet' : 'axis';
      return {
        describe: `the ${hidden} side commits its air points otherwise (12.12)`,
        command(cmd, actor, _a, b) {
          if (cmd.type !== 'commitAir' || actor.side !== hidden) return cmd;
          return { type: 'commitAir', ...otherCommitment(b, hidden, cmd.superiority, cmd.groundSupport) };
        },
      };
    },
    diverged(a, b) {
      if (JSON.stringify(a.air) !== JSON.stringify(b.air)) return 'the air commitments were revealed (12.2)';
      if (JSON.stringify(a.units) !== JSON.stringify(b.units)) return 'air-ground support changed a combat (12.32)';
      return null;
    },
    probes(_view, actor) {
      return [
        { type: 'commitAir', superiority: 1, groundSupport: 0 },
        { type: 'commitAir', superiority: 0, groundSupport: 0 },
        { type: 'endPhase' },
        ...(actor.side === 'soviet' ? [{ type: 'commitAir', superiority: 3, groundSupport: 1 }] : []),
      ];
    },
    choose(actions: LegalAction<Command>[], _s: State, rnd: SeededDice) {
      // towards the Joint Air War Turn: commit when asked, end phases often
      const air = actions.find((a) => a.command.type === 'commitAir');
      if (air) return air;
      const end = actions.find((a) => a.command.type === 'endPhase');
      if (end && rnd.next() < 0.8) return end;
      return actions[Math.floor(rnd.next() * actions.length)];
    },
  };
}
