'use client';
/**
 * Combat: the attacks the engine offers and the pending combat's odds, from the server's hints for this viewer
 * (engine/games/operation-unthinkable/hints.ts): the pending combat exactly as resolve() will count it, and for
 * each target the defense and each attacker's counted factor, added up here for the attackers of an offer. The
 * heavy bomber's die and any Soviet artillery the defender adds are not known before the roll: the preview says
 * what they can do. Face-down defenders stay unknown. Nothing here rebuilds a game state.
 */
import { memo } from 'react';
import type { ClientEvent } from '../../../server/games';
import { type AttackPreview, BOMBER_EFFECTS } from '../../../engine/games/operation-unthinkable/combat';
import type { OuHints, TargetHint } from '../../../engine/games/operation-unthinkable/hints';
import type { Combat } from '../../../engine/games/operation-unthinkable/types';
import { columnOf, netShift, oddsLabel, oddsRatio, shiftOnLadder } from '../../../engine/mechanics/odds';
import type { LegalActionData } from '../boards';
import { describeOu, resultWords, unitName } from './describe';
import { crt, crtTable } from '../../../engine/games/operation-unthinkable/data';
import { ouPlace, type View } from './model';
import { SubstituteTag } from './Substitute';

const STAGE: Record<string, string> = {
  support: 'the defender may add artillery',
  loss: 'step losses to take',
  'bb-att': 'bloodbath: the attacker may press on',
  'bb-def': 'bloodbath: the defender holds or retreats',
  retreat: 'the defender retreats',
  advance: 'the attacker may advance',
};
const SHIFT_WORD: Record<string, string> = {
  city: 'city',
  forest: 'forest',
  concentric: 'concentric',
  airborne: '1AAA and armour',
  bomber: 'bombers',
};
const signed = (n: number) => (n > 0 ? `${n} right` : `${-n} left`);

/** The bomber die in words, from the table: which faces give AL1, nothing, or shifts. */
const BOMBER_WORDS = (() => {
  const byEffect = new Map<string, number[]>();
  for (let die = 1; die <= 6; die++) {
    const e = BOMBER_EFFECTS[String(Math.floor(die / 2))];
    const w = e === 'AL1' ? 'AL1' : e === 0 ? 'no shift' : `${e} right`;
    byEffect.set(w, [...(byEffect.get(w) ?? []), die]);
  }
  return [...byEffect].map(([w, d]) => `${d.length > 1 ? `${d[0]}-${d[d.length - 1]}` : d[0]} ${w}`).join(', ');
})();

/** The attackers of an offer against a target, from the target's hint: totals, ratio, row, shifts known now. */
export function TargetOdds({ hint, units }: { hint: TargetHint | undefined; units: string[] }) {
  if (!hint) return null;
  const attack = hint.attackers.filter((a) => units.includes(a.id)).reduce((t, a) => t + a.attack, 0);
  if (hint.defense === null)
    return (
      <span className="ou-odds" data-testid="ou-odds">
        <b>{attack}</b> against face-down units: odds unknown until revealed
      </span>
    );
  const ladder = crtTable.rows[hint.row];
  const all = units.length === hint.attackers.length;
  const sh = all ? hint.all : hint.terrain;
  const f = shiftOnLadder(ladder, columnOf(ladder, attack, hint.defense), netShift(sh));
  const final = f.kind === 'column' ? crt[hint.row][f.index] : f.kind === 'above' ? 'automatic DE' : 'automatic AL1';
  return (
    <span className="ou-odds" data-testid="ou-odds" data-final={final}>
      <b>
        {attack}:{hint.defense}
      </b>{' '}
      → <b>{oddsLabel(oddsRatio(attack, hint.defense))}</b> ({hint.row} row)
      {Object.keys(sh).length
        ? `, ${Object.entries(sh)
            .map(([k, v]) => `${SHIFT_WORD[k] ?? k} ${signed(v)}`)
            .join(', ')}`
        : ''}{' '}
      → <b>{final}</b>
      {all ? '' : ' (before concentric and airborne shifts, which depend on the attackers)'}
    </span>
  );
}

export function Odds({ p, combat }: { p: AttackPreview | null; combat: Combat }) {
  if (!p) return null;
  const o = p.odds;
  if (!o)
    return (
      <span className="ou-odds" data-testid="ou-odds">
        <b>{p.attack}</b> against {p.hiddenDefenders} face-down unit{p.hiddenDefenders > 1 ? 's' : ''} of unknown strength: odds unknown
        until revealed
      </span>
    );
  const labels = crt[o.row];
  const final = o.final.kind === 'column' ? labels[o.final.index] : o.final.kind === 'above' ? 'automatic DE' : 'automatic AL1';
  const sh = Object.entries(o.shifts);
  const changed = o.parts.filter((x) => x.counted !== x.printed || x.role === 'art' || x.role === 'dart');
  return (
    <span className="ou-odds" data-testid="ou-odds" data-final={final}>
      <b>
        {o.attack}:{o.defense}
      </b>{' '}
      → <b>{o.odds}</b> ({o.row} row){sh.length ? `, ${sh.map(([k, v]) => `${SHIFT_WORD[k] ?? k} ${signed(v)}`).join(', ')}` : ''} →{' '}
      <b>{final}</b>
      {combat.bomber && combat.stage === 'support' && (
        <>
          {' '}
          · {combat.bomber} bombers roll first: {BOMBER_WORDS}
        </>
      )}
      {p.support.length > 0 && (
        <>
          {' '}
          · {p.support.length} Soviet artillery unit{p.support.length > 1 ? 's' : ''} in range may still join the defence
        </>
      )}
      {changed.length > 0 && (
        <ul className="ou-odds-detail">
          {changed.map((x) => (
            <li key={x.role + x.id}>
              {unitName(x.id)}: {x.printed} → {x.counted} ({x.why.join('; ')})
            </li>
          ))}
        </ul>
      )}
    </span>
  );
}

export const CombatPanel = memo(function CombatPanel({
  view,
  hints,
  attacks,
  events,
  send,
  busy,
  canAct,
  onFocus,
}: {
  view: View;
  /** the server's hints for this viewer (odds) */
  hints: OuHints | null;
  attacks: LegalActionData[];
  events: ClientEvent[];
  send(c: unknown): Promise<void>;
  busy: boolean;
  canAct: boolean;
  onFocus(hex: string): void;
}) {
  const c = view.combat;
  const recent = events
    .filter((e) => ['declared', 'bomber', 'resolved', 'loss', 'eliminated', 'retreated', 'advanced'].includes(e.type))
    .slice(-6)
    .reverse();
  const last = [...events].reverse().find((e) => e.type === 'resolved');
  return (
    <section className="ef-card ef-small" data-testid="ou-combat" aria-label="Combat">
      <h3>
        Combat <SubstituteTag what="CRT and counter factors" />
      </h3>
      <p className="muted">
        Odds are worked out as the engine will resolve them, from what you can see: halving for supply and rivers, rounding, the CRT row and
        the shifts. The counters’ factors and the CRT are our stand-ins.
      </p>
      {c && (
        <div data-testid="ou-combat-now">
          <h4>
            At {ouPlace(c.target)}: {STAGE[c.stage] ?? c.stage}
          </h4>
          <p>
            {c.att.map(unitName).join(', ')}
            {c.art.length ? ` with artillery ${c.art.map(unitName).join(', ')}` : ''} against {c.def.map(unitName).join(', ') || 'nobody'}
            {c.bomber ? `, ${c.bomber} heavy bombers overhead` : ''}.
          </p>
          {c.stage === 'support' && (
            <p>
              Odds: <Odds p={hints?.combat ?? null} combat={c} />
            </p>
          )}
          {c.result && (
            <p>
              Result: <b>{resultWords(c.result)}</b>
            </p>
          )}
        </div>
      )}
      {last && <p data-testid="ou-last-result">Last result: {describeOu(last)}</p>}
      {recent.length > 0 && (
        <ol className="ef-feed">
          {recent.map((e) => (
            <li key={e.seq}>{describeOu(e)}</li>
          ))}
        </ol>
      )}
      {canAct && attacks.length > 0 && (
        <>
          <h4>Attacks you may declare</h4>
          <ul className="ef-list">
            {attacks.map((a) => {
              const cmd = a.command as unknown as { target: string; units: string[]; artillery?: string[]; bomber?: string };
              return (
                <li key={a.label + JSON.stringify(cmd.units)} data-testid="ou-attack">
                  <button type="button" className="linklike" onClick={() => onFocus(cmd.target)}>
                    {ouPlace(cmd.target)}
                  </button>
                  : {cmd.units.map(unitName).join(', ')}
                  {cmd.artillery?.length ? ` + artillery ${cmd.artillery.map(unitName).join(', ')}` : ''}
                  {cmd.bomber ? ` + ${cmd.bomber} bombers` : ''}
                  <br />
                  <TargetOdds hint={hints?.targets.find((t) => t.target === cmd.target)} units={cmd.units} />{' '}
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => send(a.command).catch(() => {})}
                    title={a.rule ? `rule ${a.rule}` : undefined}
                  >
                    Declare
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
      {!c && !attacks.length && !last && <p className="muted">No combat yet.</p>}
    </section>
  );
});
