import type { Actor, LegalAction } from '../../../core';
import { decideByTable } from '../../../core/steps';
import { isHq } from '../data';
import { friendly, liveUnits, onMap, overstacks } from '../rules';
import type { Command, State } from '../state';
import {
  activeWaiting,
  commandOfHq,
  enemiesAt,
  holdsHq,
  ownAt,
  req,
  requireHolds,
  requireSupreme,
  supremeCommand,
  tryOk,
  type EfStep,
  type Game,
} from './game';
import { pursuit } from './movement';
import { paradropReady } from './paradrop';
import { checkLandPath } from './paths';
import { NO_DICE, checkCarriedOverstacks, stackSafe } from './stacking';
import { TABLE } from './table';
import { phaseEvent } from './turn';

/**
 * The Command Phase (5.x, 4.41): activate HQs (to command, to Blitz 5.7, to command a paradrop 14.2), deploy
 * an HQ one hex as it activates (5.2.1), then end the phase.
 */
export const commandStep: EfStep = {
  name: 'Command Phase',
  rule: '4.4',
  waiting: activeWaiting('command'),
  legal: (s, g, actor) => commandLegal(s, g, actor),
  on: {
    activate: (em, g, c, actor, dice) => {
      const s = em.s;
      const h = s.units[c.hq];
      req(h && h.side === s.active && isHq(h.type) && h.at, '5.2', `${c.hq} is not an HQ of the active side in play`);
      requireHolds(g, actor, h.side, commandOfHq(g, h.side, c.hq), `Activating ${h.name}`, '5.2');
      req(!h.hq, '5.2', 'already active');
      if (c.blitz) req(h.type !== 'shq', '5.7', 'Supreme HQs cannot Blitz');
      if (c.paradrop) {
        req(!c.blitz && !c.deploy, '14.2', 'a paradrop HQ may neither deploy nor Blitz');
        req(
          onMap(h) && ownAt(s, h.at!, h.side).some((x) => x.type === 'para' && !x.dispersed),
          '14.2',
          'a paradrop HQ must be in the hex of a paratroop unit',
        );
        req(!enemiesAt(s, h.at!, h.side), '14.2', 'the para is in a battle: it cannot drop out of it (ruling R-14.3), so no paradrop HQ');
        // 14.2: the whole command (supreme moves and airpower included) goes to the paradrop
        em.emit({
          type: 'activated',
          hq: h.id,
          token: h.token,
          cv: h.cv,
          unitType: h.type,
          blitz: false,
          ...(h.type === 'shq' ? { supreme: 0 } : {}),
          paradrop: true,
        });
        return;
      }
      let deploy: string | undefined;
      if (c.deploy) {
        req(s.weather !== 'mud', '5.2.1', 'HQs cannot deploy in Mud');
        req(onMap(h), '5.2.1', 'off-board HQs cannot deploy');
        checkLandPath(s, g, h, [c.deploy], { deploy: true, noEngage: true, retreat: true });
        req(friendly(s, g.board, c.deploy, h.side) && !s.battles[c.deploy], '5.2.1', 'HQs deploy only into friendly, unembattled hexes');
        deploy = c.deploy;
      }
      const from = h.at!;
      const retreat = !!deploy && enemiesAt(s, from, h.side) && ownAt(s, from, h.side, h.id).length === 0;
      if (retreat) {
        // 5.2.1: a deploy that empties a battle is a retreat with immediate pursuit fire; the HQ is
        // revealed by its activation first, then fired on, then completes the deploy
        em.emit({
          type: 'activated',
          hq: h.id,
          token: h.token,
          cv: h.cv,
          unitType: h.type,
          blitz: !!c.blitz,
          ...(h.type === 'shq' ? { supreme: 2 * h.cv } : {}),
        });
        pursuit(em, g, h.id, from, dice);
        if (em.s.units[h.id].at === from)
          em.emit({ type: 'moved', unit: h.id, path: [deploy!], mode: 'land', by: h.id, cost: 0, side: [], disengage: true });
        return;
      }
      em.emit({
        type: 'activated',
        hq: h.id,
        token: h.token,
        cv: em.s.units[h.id].cv,
        unitType: h.type,
        blitz: !!c.blitz,
        ...(h.type === 'shq' ? { supreme: 2 * em.s.units[h.id].cv } : {}),
        ...(deploy ? { deploy } : {}),
      });
    },
    endCommand: (em, g, _c, actor) => {
      requireSupreme(g, actor, em.s.active, 'Ending the command phase');
      phaseEvent(em, g, 'movement', em.s.active);
      checkCarriedOverstacks(em, g, em.s.active);
    },
  },
};

export function commandLegal(s: State, g: Game, actor: Actor): LegalAction<Command>[] {
  const out: LegalAction<Command>[] = [];
  const side = s.active;
  for (const h of liveUnits(s, side)) {
    if (!isHq(h.type) || h.hq || !holdsHq(g, actor, side, h.id)) continue;
    out.push({ command: { type: 'activate', hq: h.id }, label: `Activate ${h.name}`, rule: '5.2' });
    if (h.type === 'hq')
      out.push({ command: { type: 'activate', hq: h.id, blitz: true }, label: `Activate ${h.name} for Blitz`, rule: '5.7' });
    if (onMap(h) && paradropReady(s, h))
      out.push({
        command: { type: 'activate', hq: h.id, paradrop: true },
        label: `Activate ${h.name} to command a paradrop`,
        rule: '14.2',
      });
    if (onMap(h) && s.weather !== 'mud')
      for (const n of g.board.neighbours(h.at!)) {
        if (!friendly(s, g.board, n, side) || s.battles[n] || enemiesAt(s, n, side)) continue;
        const command: Command = { type: 'activate', hq: h.id, deploy: n };
        if (!stackSafe(s, g, actor, command, n)) continue;
        out.push({ command, label: `Activate ${h.name}, deploy to ${g.board.label(n)}`, rule: '5.2.1' });
      }
  }
  const end: Command = { type: 'endCommand' };
  if (
    actor.commands.includes(supremeCommand(g, side)) &&
    (!overstacks(s, g.board, side, true).length || tryOk(() => decideByTable(TABLE, g, s, end, actor, NO_DICE)))
  )
    out.push({ command: end, label: 'End the Command Phase', rule: '4.41' });
  return out;
}
