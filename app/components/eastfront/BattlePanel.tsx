'use client';
/**
 * Battles: each battle hex with what is known of both sides, a firepower preview for your own blocks (their
 * effective firepower from the engine's hints: terrain, weather, mountain troops, major cities), the fight and
 * airstrike buttons the engine offers, and the dice of the combat so far this phase.
 */
import { TYPES } from '../../../engine/games/eastfront/data';
import type { FireHint } from '../../../engine/games/eastfront/hints';
import type { ClientEvent } from '../../../server/games';
import type { LegalActionData } from '../boards';
import { describeEastfront } from './describe';
import { FP_HITS_ON, hexLabel, SIDE_NAME, TYPE_WORD } from './labels';
import type { View, ViewUnit } from './model';

function Preview({ units, role, fire }: { units: ViewUnit[]; role: 'off' | 'def'; fire: Map<string, FireHint> }) {
  const known = units.filter((u) => u.type && u.cv !== undefined);
  if (!known.length)
    return (
      <span className="muted">
        {units.length} hidden block{units.length === 1 ? '' : 's'}
      </span>
    );
  let dice = 0;
  let expect = 0;
  const parts = known.map((u) => {
    const fp = fire.get(u.id!)?.[role];
    const cv = u.cv ?? 0;
    if (!fp) return `${u.name ?? u.id} (does not fire)`;
    dice += cv;
    expect += (cv * (7 - FP_HITS_ON[fp])) / 6;
    return `${u.name ?? u.id}: ${cv} ${cv === 1 ? 'die' : 'dice'}, hit on ${FP_HITS_ON[fp]}+`;
  });
  const hidden = units.length - known.length;
  return (
    <span>
      {parts.join('; ')}
      {hidden ? `; ${hidden} hidden` : ''} —{' '}
      <b>
        {dice} dice, about {expect.toFixed(1)} hits
      </b>
    </span>
  );
}

function Dice({ faces, hitOn }: { faces: number[]; hitOn: number }) {
  return (
    <span className="ef-dice" role="img" aria-label={`dice ${faces.join(', ')}`}>
      {faces.map((f, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: the dice of one roll, in the order rolled; the list never changes
          key={i}
          className={`ef-die ${f >= hitOn ? 'hit' : ''} ${f <= 2 ? 'low' : ''}`}
        >
          {f}
        </span>
      ))}
    </span>
  );
}

export function BattlePanel({
  view,
  side,
  fire,
  actions,
  events,
  send,
  busy,
  onFocus,
}: {
  view: View;
  /** Effective firepower of the viewer's own blocks (engine hints). */
  fire: Map<string, FireHint>;
  side?: string;
  actions: LegalActionData[];
  events: ClientEvent[];
  send(c: unknown): Promise<void>;
  busy: boolean;
  onFocus(hex: string): void;
}) {
  const lastPhase = events.findLastIndex((e) => e.type === 'phase');
  const feed = events
    .slice(Math.max(0, lastPhase))
    .filter((e) =>
      ['revealed', 'fire', 'loss', 'repulseMarked', 'repulsed', 'roundEnded', 'airstrikeAssigned', 'pursuit'].includes(e.type),
    );
  if (!view.battles.length && !feed.length) return null;
  return (
    <section className="ef-card" aria-label="Battles" data-testid="ef-battles">
      <h3>Battles</h3>
      {view.battles.length === 0 && <p className="muted">No battle on the map now.</p>}
      <ul className="ef-list">
        {view.battles.map((b) => {
          const here = view.units.filter((u) => u.at === b.hex);
          const attacker = here.filter((u) => u.side === b.oa);
          const defender = here.filter((u) => u.side !== b.oa);
          const fight = actions.find((a) => a.command.type === 'fight' && a.command.hex === b.hex);
          const strikes = actions.filter((a) => a.command.type === 'airstrike' && a.command.hex === b.hex);
          const mineActive = side === view.active;
          const myUnits = here.filter((u) => u.side === side);
          return (
            <li key={b.hex} data-testid={`ef-battle-${hexLabel(b.hex)}`}>
              <button type="button" className="linklike" onClick={() => onFocus(b.hex)}>
                <b>{hexLabel(b.hex)}</b>{' '}
                <span className="muted">
                  {SIDE_NAME[b.oa]} attacking
                  {b.river
                    ? b.para
                      ? ', an air assault (defenders throw attackers back on a 1)'
                      : ', across a river (defenders may throw attackers back on a 1 or 2)'
                    : ''}
                  {b.air ? `, airstrike ${b.air}` : ''}
                  {b.fought ? ', fought this phase' : ''}
                </span>
              </button>
              <div className="ef-small">
                {SIDE_NAME[b.oa]}: {attacker.length} block{attacker.length === 1 ? '' : 's'} ·{' '}
                {SIDE_NAME[b.oa === 'german' ? 'soviet' : 'german']}: {defender.length} block{defender.length === 1 ? '' : 's'}
              </div>
              {side && myUnits.length > 0 && (!b.fought || (view.prompt?.kind === 'defend' && view.prompt.hex === b.hex)) && (
                <div className="ef-small">
                  Your effective fire if fought now ({mineActive ? 'attacking' : 'defending'}):{' '}
                  <Preview units={myUnits} role={mineActive ? 'off' : 'def'} fire={fire} />
                </div>
              )}
              {(fight || strikes.length > 0) && (
                <div className="ef-actions">
                  {strikes.map((a) => (
                    <button
                      type="button"
                      key={a.label}
                      className="secondary"
                      disabled={busy}
                      onClick={() => send(a.command).catch(() => {})}
                    >
                      {a.label}
                    </button>
                  ))}
                  {fight && (
                    <button type="button" disabled={busy} onClick={() => send(fight.command).catch(() => {})}>
                      {fight.label}
                    </button>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {feed.length > 0 && (
        <>
          <h4>Combat this phase</h4>
          <ol className="ef-feed" data-testid="ef-combat-feed">
            {feed.map((e) => {
              const d = e.data as { dice?: number[]; fp?: string; kind?: string; unit?: string };
              return (
                <li key={e.seq}>
                  {describeEastfront(e)} {e.type === 'fire' && d.dice && <Dice faces={d.dice} hitOn={FP_HITS_ON[d.fp ?? 'SF'] ?? 6} />}
                </li>
              );
            })}
          </ol>
        </>
      )}
      {feed.some((e) => e.type === 'fire') && (
        <p className="ef-small muted">
          Yellow dice scored hits; a 1 or 2 against a river attack (a 1 against an air assault) throws an attacker back.
        </p>
      )}
      <p className="ef-small muted">
        Fire:{' '}
        {Object.entries(FP_HITS_ON)
          .map(([k, v]) => `${k} hits on ${v}+`)
          .join(', ')}
        . Printed (before terrain and weather):{' '}
        {Object.entries(TYPE_WORD)
          .slice(0, 4)
          .map(([k, v]) => `${v} ${TYPES[k as keyof typeof TYPES].off ?? '-'}/${TYPES[k as keyof typeof TYPES].def ?? '-'}`)
          .join(', ')}
        .
      </p>
    </section>
  );
}
