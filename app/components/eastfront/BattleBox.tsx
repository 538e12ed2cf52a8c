'use client';
/**
 * The battle box: a panel pinned to the battle hex on the map (BoardMapPane's callout), in the manner of Rally
 * the Troops' battle boxes. It lists both sides' blocks as the viewer may see them (the other side's standing
 * blocks as bare blocks), each own block's fire, the latest round's dice as dice faces with hits and repulses,
 * the losses and throw-backs, and the choices the viewer must make there (fight, airstrike, defensive fire,
 * which block takes a hit or is thrown back). It reads only the redacted view, events and legal actions.
 */
import type { FireHint } from '../../../engine/games/eastfront/hints';
import type { ClientEvent } from '../../../server/games';
import type { LegalActionData } from '../boards';
import { DiceRow } from '../map/Dice';
import { pieceUrl } from '../map/unitSymbol';
import { describeEastfront, unitName } from './describe';
import { FP_HITS_ON, hexLabel, SIDE_NAME } from './labels';
import { blockLook } from './layers';
import type { View, ViewUnit } from './model';

const ROUND_EVENTS = new Set(['roundStarted', 'revealed', 'fire', 'loss', 'repulseMarked', 'repulsed', 'roundEnded', 'pursuit']);

/** The events of the latest round fought at `hex` in this phase (empty if none yet). */
export function latestRound(events: ClientEvent[], hex: string): ClientEvent[] {
  const phase = events.findLastIndex((e) => e.type === 'phase');
  const start = events.findLastIndex((e, i) => i > phase && e.type === 'roundStarted' && (e.data as { hex?: string }).hex === hex);
  if (start < 0) return [];
  const out: ClientEvent[] = [];
  for (let i = start; i < events.length; i++) {
    const e = events[i];
    const h = (e.data as { hex?: string }).hex;
    if (i > start && e.type === 'roundStarted' && h !== hex) break;
    if (ROUND_EVENTS.has(e.type)) out.push(e);
    if (e.type === 'roundEnded' && h === hex) break;
  }
  return out;
}

/** Which battle the box shows: the one asking the viewer's side, else a selected battle hex, else the last one fought. */
export function boxHexOf(view: View, events: ClientEvent[], selected: string | null): string | null {
  const p = view.prompt;
  if (p && (p.kind === 'defend' || p.kind === 'allocate')) return p.hex;
  if (selected && view.battles.some((b) => b.hex === selected)) return selected;
  const phase = events.findLastIndex((e) => e.type === 'phase');
  for (let i = events.length - 1; i > phase; i--) {
    const e = events[i];
    if (e.type === 'roundStarted' || e.type === 'fire') return (e.data as { hex: string }).hex;
  }
  return null;
}

function UnitRow({ u, me, fire, role }: { u: ViewUnit; me?: string; fire: Map<string, FireHint>; role: 'off' | 'def' }) {
  const look = blockLook({ unit: u, own: u.side === me, selected: false, movable: false }, 36);
  const f = u.id ? fire.get(u.id) : undefined;
  const fp = f?.[role];
  return (
    <li className="bb-unit">
      <img src={pieceUrl(look)} width={36} height={36} alt="" />
      <span>
        {u.id ? (
          <>
            <b>{u.name ?? u.id}</b>
            {u.cv !== undefined ? ` ${u.cv}cv` : ''}
            {f && (
              <span className="muted">
                {' '}
                · {fp ? `${u.cv ?? 0} ${u.cv === 1 ? 'die' : 'dice'}, hit on ${FP_HITS_ON[fp]}+` : 'does not fire'}
              </span>
            )}
          </>
        ) : (
          <span className="muted">hidden {SIDE_NAME[u.side]} block</span>
        )}
      </span>
    </li>
  );
}

function RoundLine({ e, repulseOn }: { e: ClientEvent; repulseOn: number }) {
  const d = e.data as { unit?: string; kind?: string; dice?: number[]; fp?: string; hits?: number; repulses?: number };
  if (e.type === 'fire') {
    const who = d.kind === 'air' ? 'Airstrike' : unitName(d.unit ?? '');
    return (
      <li className="bb-fire" data-testid="bb-fire">
        <span className="bb-who">
          {who.charAt(0).toUpperCase() + who.slice(1)}
          <span className="muted"> {d.kind === 'def' ? 'defends' : d.kind === 'off' ? 'attacks' : ''}</span>
        </span>
        <DiceRow faces={d.dice ?? []} hitOn={FP_HITS_ON[d.fp ?? 'SF'] ?? 6} lowTo={d.kind === 'def' ? repulseOn : 0} />
        <span className="bb-score">
          {d.hits ? <b>{`${d.hits} hit${d.hits === 1 ? '' : 's'}`}</b> : 'no hit'}
          {d.repulses ? <b className="bb-repulse">{`, ${d.repulses} repulse${d.repulses === 1 ? '' : 's'}`}</b> : ''}
        </span>
      </li>
    );
  }
  if (e.type === 'roundStarted' || e.type === 'revealed') return null;
  const text = describeEastfront(e);
  return text ? <li className={`bb-note bb-${e.type}`}>{text}</li> : null;
}

export function BattleBox({
  view,
  hex,
  side,
  fire,
  actions,
  events,
  send,
  busy,
  onClose,
}: {
  view: View;
  hex: string;
  side?: string;
  fire: Map<string, FireHint>;
  actions: LegalActionData[];
  events: ClientEvent[];
  send(c: unknown): Promise<void>;
  busy: boolean;
  onClose(): void;
}) {
  const b = view.battles.find((x) => x.hex === hex);
  const here = view.units.filter((u) => u.at === hex);
  const round = latestRound(events, hex);
  const started = round[0]?.data as { repulseOn?: number } | undefined;
  const oa = b?.oa ?? (side === 'soviet' ? 'german' : 'soviet');
  const od = oa === 'german' ? 'soviet' : 'german';
  const p = view.prompt;
  const here0 = (a: LegalActionData) => a.command.hex === hex;
  const all = actions.filter((a) => ['airstrike', 'fight', 'defend'].includes(a.command.type) && here0(a));
  const allocate = actions.filter((a) => a.command.type === 'allocate' && here0(a));
  const ask =
    p?.kind === 'allocate' && p.hex === hex
      ? p.side === side
        ? p.what === 'loss'
          ? 'Choose which block takes the hit (7.33):'
          : p.what === 'fire'
            ? 'Choose which of your blocks fires next (7.31):'
            : 'Choose which attacker is thrown back (7.51):'
        : `Waiting for the ${SIDE_NAME[p.side]} choice.`
      : p?.kind === 'defend' && p.hex === hex
        ? p.side === side
          ? 'You are attacked: fire back.'
          : `Waiting for ${SIDE_NAME[p.side]} defensive fire.`
        : null;
  return (
    <section className="battle-box" data-testid="battle-box" data-hex={hex} aria-label={`Battle at ${hexLabel(hex)}`}>
      <header>
        <b>Battle at {hexLabel(hex)}</b>
        <button type="button" className="bb-close" aria-label="Close the battle box" onClick={onClose}>
          ×
        </button>
      </header>
      <p className="bb-sub muted">
        {b
          ? `${SIDE_NAME[b.oa]} attacking${b.river ? (b.para ? ', air assault' : ', across a river') : ''}${b.air ? `, airstrike ${b.air}` : ''}${b.fought ? ', fought this phase' : ''}`
          : 'The battle is over.'}
      </p>
      <div className="bb-sides">
        {[oa, od].map((s) => (
          <div key={s} className="bb-side">
            <div className="bb-side-head">
              {SIDE_NAME[s]} {b ? (s === oa ? '(attacker)' : '(defender)') : ''}
            </div>
            <ul>
              {here
                .filter((u) => u.side === s)
                .map((u) => (
                  <UnitRow key={u.token} u={u} me={side} fire={fire} role={s === oa ? 'off' : 'def'} />
                ))}
            </ul>
          </div>
        ))}
      </div>
      {round.length > 0 && (
        <ol className="bb-round" data-testid="bb-round">
          {round.map((e) => (
            <RoundLine key={e.seq} e={e} repulseOn={started?.repulseOn ?? 0} />
          ))}
        </ol>
      )}
      {ask && <p className="bb-ask">{ask}</p>}
      {(all.length > 0 || allocate.length > 0) && (
        <div className="bb-actions" data-testid="bb-actions">
          {allocate.map((a) => (
            <button
              key={a.label}
              type="button"
              disabled={busy}
              aria-label={`Battle box: ${a.label}`}
              onClick={() => send(a.command).catch(() => {})}
            >
              {a.label}
            </button>
          ))}
          {all.map((a) => (
            <button
              key={a.label}
              type="button"
              className={a.command.type === 'airstrike' ? 'secondary' : undefined}
              disabled={busy}
              aria-label={`Battle box: ${a.label}`}
              title={a.rule ? `rule ${a.rule}` : undefined}
              onClick={() => send(a.command).catch(() => {})}
            >
              {a.label}
            </button>
          ))}
        </div>
      )}
      {round.some((e) => e.type === 'fire') && (
        <p className="bb-key muted">Yellow dice hit{started?.repulseOn ? '; blue dice throw an attacker back' : ''}.</p>
      )}
    </section>
  );
}
