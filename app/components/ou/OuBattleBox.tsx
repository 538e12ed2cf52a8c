'use client';
/**
 * The Operation Unthinkable battle box, pinned to the attacked hex on the map: attackers and defenders as
 * counters, the odds column before the roll (the server's hints, as the combat panel shows them), then the
 * bomber and CRT dice as dice faces, the result, losses, retreats and advances, and the answers the game waits
 * for (artillery support, step losses, bloodbath, retreat, advance) as buttons. Reads only the redacted view,
 * events, hints and legal actions; face-down defenders stay face-down counters.
 */
import { countCompletions, enumerate, type LegalAction } from '../../../engine/core/actions';
import type { OuHints } from '../../../engine/games/operation-unthinkable/hints';
import type { Combat } from '../../../engine/games/operation-unthinkable/types';
import type { ClientEvent } from '../../../server/games';
import type { LegalActionData } from '../boards';
import { Die } from '../map/Dice';
import { pieceUrl } from '../map/unitSymbol';
import { crt } from '../../../engine/games/operation-unthinkable/data';
import { Odds } from './CombatPanel';
import { SubstituteTag } from './Substitute';
import { describeOu, resultWords, unitName } from './describe';
import { counterLook } from './layers';
import { defOf, expand, type View } from './model';

const COMBAT_ANSWERS = new Set(['support', 'loss', 'bb-extra', 'bb-defend', 'retreat', 'advance', 'stay']);
const AFTER = new Set(['bomber', 'resolved', 'loss', 'eliminated', 'retreated', 'advanced', 'support-used']);

/** The combat the box shows: the pending one, else the last one of this step (after it ended). */
export function boxCombat(view: View, events: ClientEvent[]): { combat: Combat; since: number } | null {
  const step = events.findLastIndex((e) => e.type === 'step');
  for (let i = events.length - 1; i > step; i--) {
    const e = events[i];
    const c = (e.data as { combat?: Combat | null }).combat;
    if (e.type === 'combat' && c) {
      // the declaration that opened this combat
      let since = i;
      while (since > step && events[since].type !== 'declared') since--;
      return { combat: view.combat ?? c, since: Math.max(since, 0) };
    }
  }
  return view.combat ? { combat: view.combat, since: events.length } : null;
}

function CounterRow({ id, view }: { id: string; view: View }) {
  const u = view.units.find((x) => x.id === id);
  const def = defOf(id);
  const hidden = !u || !def;
  const look = counterLook({ counter: { id, at: u?.at ?? '', steps: u?.s ?? 0, def, hidden }, selected: false, movable: false }, 36);
  return (
    <li className="bb-unit">
      <img src={pieceUrl(look)} width={36} height={36} alt="" />
      <span>{hidden ? <span className="muted">face-down Soviet unit</span> : <b>{unitName(id)}</b>}</span>
    </li>
  );
}

/** Buttons for an answer: one per complete command when there are few, with words for the picked values. */
function answers(a: LegalActionData): { label: string; command: unknown }[] {
  const full = expand(a) as LegalAction;
  if (!a.choices?.length) return [{ label: a.label, command: a.command }];
  if (countCompletions(full) > 8) return [];
  return enumerate(full).map((c) => {
    const x = c as unknown as Record<string, unknown>;
    const unit = typeof x.unit === 'string' ? unitName(x.unit) : null;
    if (x.type === 'retreat') return { label: `${unit} retreats to ${x.hex}`, command: c };
    if (x.type === 'loss') return { label: `${unit} loses a step`, command: c };
    if (x.type === 'advance') return { label: `${unit} advances`, command: c };
    const extra = Object.entries(x)
      .filter(([k]) => k !== 'type' && !(k in a.command))
      .map(([, v]) => (Array.isArray(v) ? v.map((y) => unitName(String(y))).join(', ') || 'none' : unitName(String(v))))
      .join(', ');
    return { label: `${a.label}${extra ? `: ${extra}` : ''}`, command: c };
  });
}

export function OuBattleBox({
  view,
  found,
  hints,
  actions,
  events,
  send,
  busy,
  onClose,
}: {
  view: View;
  found: { combat: Combat; since: number };
  hints: OuHints | null;
  actions: LegalActionData[];
  events: ClientEvent[];
  send(c: unknown): Promise<void>;
  busy: boolean;
  onClose(): void;
}) {
  const c = found.combat;
  const live = !!view.combat && view.combat.target === c.target;
  const after = events.slice(found.since).filter((e) => AFTER.has(e.type));
  const resolved = after.find((e) => e.type === 'resolved')?.data as
    | { die: number | null; result: string; attack: number; defense: number; odds: string; row: 'upper' | 'lower'; final: number }
    | undefined;
  const bomber = after.find((e) => e.type === 'bomber')?.data as { die: number; marker: string } | undefined;
  const buttons = live ? actions.filter((a) => COMBAT_ANSWERS.has(a.command.type)).flatMap(answers) : [];
  return (
    <section className="battle-box" data-testid="battle-box" data-hex={c.target} aria-label={`Battle at ${c.target}`}>
      <header>
        <b>Battle at {c.target}</b>
        <button type="button" className="bb-close" aria-label="Close the battle box" onClick={onClose}>
          ×
        </button>
      </header>
      <p className="bb-sub muted">
        {c.side === 'allied' ? 'Allies' : 'Soviets'} attacking{c.bomber ? `, ${c.bomber} heavy bombers` : ''}
        {live ? '' : ' · over'}
      </p>
      <div className="bb-sides">
        <div className="bb-side">
          <div className="bb-side-head">Attackers</div>
          <ul>
            {[...c.att, ...c.art].map((id) => (
              <CounterRow key={id} id={id} view={view} />
            ))}
          </ul>
        </div>
        <div className="bb-side">
          <div className="bb-side-head">Defenders</div>
          <ul>
            {[...c.def, ...c.dart].map((id, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: face-down defenders share the placeholder id
              <CounterRow key={`${id}-${i}`} id={id} view={view} />
            ))}
          </ul>
        </div>
      </div>
      {live && c.stage === 'support' && (
        <p className="bb-odds">
          Odds: <Odds p={hints?.combat ?? null} combat={c} />
        </p>
      )}
      {(bomber || resolved) && (
        <div className="bb-round" data-testid="bb-round">
          {bomber && (
            <p className="bb-fire">
              <span className="bb-who">{bomber.marker} bombers</span> <Die face={bomber.die} />
            </p>
          )}
          {resolved && (
            <p className="bb-odds" data-testid="bb-odds">
              Odds{' '}
              <b>
                {resolved.attack}:{resolved.defense}
              </b>{' '}
              → <b>{resolved.odds}</b>, column <b>{crt[resolved.row]?.[resolved.final] ?? resolved.final}</b> of the {resolved.row} row{' '}
              <SubstituteTag what="CRT" />
            </p>
          )}
          {resolved && (
            <p className="bb-fire bb-result">
              <span className="bb-who">CRT die</span>
              {resolved.die !== null ? <Die face={resolved.die} hit size={26} /> : <span className="muted">no roll</span>}
              <b>{resultWords(resolved.result)}</b>
            </p>
          )}
          <ol>
            {after
              .filter((e) => e.type !== 'bomber')
              .map((e) => (
                <li key={e.seq} className={`bb-note bb-${e.type}`}>
                  {describeOu(e)}
                </li>
              ))}
          </ol>
        </div>
      )}
      {buttons.length > 0 && (
        <div className="bb-actions" data-testid="bb-actions">
          {buttons.map((b) => (
            <button
              key={b.label}
              type="button"
              disabled={busy}
              aria-label={`Battle box: ${b.label}`}
              onClick={() => send(b.command).catch(() => {})}
            >
              {b.label}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
