/**
 * Paradrops (14.2-14.6): the paradrop HQ, the drop itself and what legal() offers for it.
 */
import type { Actor, ChoiceOption, LegalAction } from '../../../core';
import { RuleError } from '../../../core/errors';
import { airRange, liveUnits, stackLimit } from '../rules';
import type { Command, State, Unit } from '../state';
import { enemiesAt, fixedPart, holdsHq, ownAt, req, tryOk, type Game } from './game';
import { FORTRESS, movable } from './paths';

/**
 * 14.2-14.4: a para airdrops from its paradrop HQ's hex, in the Movement Phase, into any non-mountain hex
 * within the HQ's air range (doubled for a Supreme HQ). Into enemy units it engages; a new battle (or one
 * its side opened this phase) makes it part of the attack, an older battle is simply joined.
 */
export function checkParadrop(s: State, g: Game, u: Unit, h: Unit, to: string): { engage: boolean; attack: boolean } {
  const b = g.board;
  movable(s, u);
  req(!h.hq!.dropped, '14.2', `${h.name} has already commanded its paradrop`);
  req(h.at === u.at, '14.2', "the paradrop HQ must be in the para unit's hex");
  req(!enemiesAt(s, u.at!, u.side), '6.32', 'an engaged para leaves its battle only by disengaging on foot'); // ruling
  req(b.has(to) && to !== u.at, '14.3', `${b.label(to)} is not a hex to drop into`);
  req(b.terrain(to) !== 'mountain', '14.3', 'no paradrops into mountains');
  const range = airRange(s, h);
  req(b.dist(h.at!, to) <= range, '14.3', `${b.label(to)} is beyond the air range ${range} of ${h.name}`);
  req(ownAt(s, to, u.side).length + 1 <= stackLimit(b, to), '6.22', `stacking limit ${stackLimit(b, to)} in ${b.label(to)}`);
  const engage = enemiesAt(s, to, u.side);
  if (engage && b.city(to)?.fortress) throw new RuleError('NOT_SUPPORTED', '1.46', FORTRESS);
  const existing = s.battles[to];
  return { engage, attack: engage && (!existing || (!!existing.fresh && existing.oa === u.side && !!existing.from)) };
}

/** 14.2, R-14.3: the HQ stands with a para that could drop: not dispersed, not engaged in a battle. */
export function paradropReady(s: State, h: Unit): boolean {
  return ownAt(s, h.at!, h.side).some((x) => x.type === 'para' && !x.dispersed) && !enemiesAt(s, h.at!, h.side);
}

/** 14.3: per para with its paradrop HQ, one action whose choice is the drop hex. */
export function paradropLegal(s: State, g: Game, actor: Actor): LegalAction<Command>[] {
  const out: LegalAction<Command>[] = [];
  if (s.phase !== 'movement') return out;
  for (const h of liveUnits(s, s.active)) {
    if (!h.hq?.para || h.hq.dropped || !holdsHq(g, actor, h.side, h.id)) continue;
    for (const u of ownAt(s, h.at!, h.side)) {
      if (u.type !== 'para') continue;
      const range = Math.max(0, airRange(s, h));
      const to: ChoiceOption[] = [];
      for (const hex of g.board.playable)
        if (g.board.dist(h.at!, hex) <= range && tryOk(() => checkParadrop(s, g, u, h, hex)))
          to.push({ value: hex, label: g.board.label(hex), hex });
      if (to.length)
        out.push({
          command: fixedPart({ type: 'paradrop', unit: u.id, by: h.id }),
          label: `Paradrop ${u.name}`,
          rule: '14.3',
          choices: [{ field: 'to', label: 'Drop into', pick: 'one', options: to }],
        });
    }
  }
  return out;
}
