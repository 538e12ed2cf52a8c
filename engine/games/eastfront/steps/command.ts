import type { Actor, ChoiceOption, LegalAction } from '../../../core';
import { decideByTable } from '../../../core/steps';
import { isHq } from '../data';
import { endPositions, friendly, liveUnits, onMap, overstacks, stackLimit, supremeMoves } from '../rules';
import type { Command, State, Unit } from '../state';
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
import { NO_ROLL, checkCarriedOverstacks, shortfalls } from './stacking';
import { evolve } from '../evolve';
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
          ...(h.type === 'shq' ? { supreme: supremeMoves(em.s, h) } : {}),
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
        ...(h.type === 'shq' ? { supreme: supremeMoves(em.s, em.s.units[h.id]) } : {}),
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

/**
 * for an activation: judged on the position it leaves (the activation with its deploy, as if the HQ
 * survived any pursuit fire, the worst case for stacking), only when some hex is overstacked or the deploy hex
 * is full.
 */
function activationOk(s: State, g: Game, h: Unit, c: { blitz?: boolean; paradrop?: boolean; deploy?: string }): boolean {
  const side = s.active;
  const full = !!c.deploy && (endPositions(s, side).get(c.deploy)?.length ?? 0) >= stackLimit(g.board, c.deploy);
  if (!full && !overstacks(s, g.board, side, true).length) return true;
  const after = evolve(s, {
    type: 'activated',
    hq: h.id,
    token: h.token,
    cv: h.cv,
    unitType: h.type,
    blitz: !!c.blitz,
    ...(h.type === 'shq' ? { supreme: c.paradrop ? 0 : supremeMoves(s, h) } : {}),
    ...(c.paradrop ? { paradrop: true } : {}),
    ...(c.deploy ? { deploy: c.deploy } : {}),
  });
  return !shortfalls(after, g, side).length;
}

/** 5.2.1: the hexes an HQ may deploy to as it activates (friendly, unembattled, one hex, not in Mud). */
function deployOptions(s: State, g: Game, h: Unit, blitz: boolean): ChoiceOption[] {
  if (!onMap(h) || s.weather === 'mud') return [];
  const out: ChoiceOption[] = [];
  for (const n of g.board.neighbours(h.at!)) {
    if (!friendly(s, g.board, n, h.side) || s.battles[n] || enemiesAt(s, n, h.side)) continue;
    if (!tryOk(() => checkLandPath(s, g, h, [n], { deploy: true, noEngage: true, retreat: true }))) continue;
    if (!activationOk(s, g, h, { blitz, deploy: n })) continue;
    out.push({ value: n, label: g.board.label(n), hex: n });
  }
  return out;
}

/** Activations (plain, Blitz, paradrop; each with or without a deploy hex as a choice) and the end of the phase. */
export function commandLegal(s: State, g: Game, actor: Actor): LegalAction<Command>[] {
  const out: LegalAction<Command>[] = [];
  const side = s.active;
  for (const h of liveUnits(s, side)) {
    if (!isHq(h.type) || h.hq || !holdsHq(g, actor, side, h.id)) continue;
    for (const blitz of h.type === 'hq' ? [false, true] : [false]) {
      const base: Command = blitz ? { type: 'activate', hq: h.id, blitz: true } : { type: 'activate', hq: h.id };
      const what = blitz ? `Activate ${h.name} for Blitz` : `Activate ${h.name}`;
      const rule = blitz ? '5.7' : '5.2';
      if (activationOk(s, g, h, { blitz })) out.push({ command: base, label: what, rule });
      const deploy = deployOptions(s, g, h, blitz);
      if (deploy.length)
        out.push({
          command: base,
          label: `${what} and deploy it`,
          rule: '5.2.1',
          choices: [{ field: 'deploy', label: 'Deploy to', pick: 'one', options: deploy }],
        });
    }
    if (onMap(h) && paradropReady(s, h) && activationOk(s, g, h, { paradrop: true }))
      out.push({
        command: { type: 'activate', hq: h.id, paradrop: true },
        label: `Activate ${h.name} to command a paradrop`,
        rule: '14.2',
      });
  }
  const end: Command = { type: 'endCommand' };
  if (
    actor.commands.includes(supremeCommand(g, side)) &&
    (!overstacks(s, g.board, side, true).length || tryOk(() => decideByTable(TABLE, g, s, end, actor, NO_ROLL)))
  )
    out.push({ command: end, label: 'End the Command Phase', rule: '4.41' });
  return out;
}
