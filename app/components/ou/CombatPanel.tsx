'use client';
/**
 * Combat: the attacks the engine offers, each with an odds preview (attack:defence from the counters' factors,
 * the ratio and the CRT row), the combat in progress, and the latest results in words. The preview uses only
 * what the view shows; halving for supply and rivers, terrain and concentric shifts, bombers and defensive
 * artillery come from the engine when it resolves, and the log shows them.
 */
import type { ClientEvent } from '../../../server/games';
import type { LegalActionData } from '../boards';
import { describeOu, resultWords, unitName } from './describe';
import { oddsPreview, type View } from './model';
import { SubstituteTag } from './Substitute';

const STAGE: Record<string, string> = {
  support: 'the defender may add artillery', loss: 'step losses to take', 'bb-att': 'bloodbath: the attacker may press on',
  'bb-def': 'bloodbath: the defender holds or retreats', retreat: 'the defender retreats', advance: 'the attacker may advance',
};

function Odds({ view, units, artillery, target }: { view: View; units: string[]; artillery: string[]; target: string }) {
  const o = oddsPreview(view, units, artillery, target);
  return (
    <span className="ou-odds" data-testid="ou-odds">
      <b>{o.attack}:{o.defence}</b> → <b>{o.ratio}</b> ({o.row} row){o.hiddenDefenders ? `, plus ${o.hiddenDefenders} face-down defenders of unknown strength` : ''}
    </span>
  );
}

export function CombatPanel({ view, attacks, events, send, busy, canAct, onFocus }: {
  view: View;
  attacks: LegalActionData[];
  events: ClientEvent[];
  send(c: unknown): Promise<void>;
  busy: boolean;
  canAct: boolean;
  onFocus(hex: string): void;
}) {
  const c = view.combat;
  const recent = events.filter((e) => ['declared', 'bomber', 'resolved', 'loss', 'eliminated', 'retreated', 'advanced'].includes(e.type)).slice(-6).reverse();
  const last = [...events].reverse().find((e) => e.type === 'resolved');
  return (
    <section className="ef-card ef-small" data-testid="ou-combat" aria-label="Combat">
      <h3>Combat <SubstituteTag what="CRT and counter factors" /></h3>
      <p className="muted">Odds here count the counters’ printed-style factors only (ours, not the game’s). Supply and river halving, terrain, concentric attacks, bombers and defensive artillery are applied when the engine resolves the attack.</p>
      {c && (
        <div data-testid="ou-combat-now">
          <h4>At {c.target}: {STAGE[c.stage] ?? c.stage}</h4>
          <p>{c.att.map(unitName).join(', ')}{c.art.length ? ` with artillery ${c.art.map(unitName).join(', ')}` : ''} against {c.def.map(unitName).join(', ') || 'nobody'}{c.bomber ? `, ${c.bomber} heavy bombers overhead` : ''}.</p>
          <p>Preview: <Odds view={view} units={c.att} artillery={c.art} target={c.target} /></p>
          {c.result && <p>Result: <b>{resultWords(c.result)}</b></p>}
        </div>
      )}
      {last && <p data-testid="ou-last-result">Last result: {describeOu(last)}</p>}
      {recent.length > 0 && <ol className="ef-feed">{recent.map((e) => <li key={e.seq}>{describeOu(e)}</li>)}</ol>}
      {canAct && attacks.length > 0 && (
        <>
          <h4>Attacks you may declare</h4>
          <ul className="ef-list">
            {attacks.map((a) => {
              const cmd = a.command as unknown as { target: string; units: string[]; artillery?: string[]; bomber?: string };
              return (
                <li key={a.label + JSON.stringify(cmd.units)} data-testid="ou-attack">
                  <button className="linklike" onClick={() => onFocus(cmd.target)}>{cmd.target}</button>: {cmd.units.map(unitName).join(', ')}
                  {cmd.artillery?.length ? ` + artillery ${cmd.artillery.map(unitName).join(', ')}` : ''}{cmd.bomber ? ` + ${cmd.bomber} bombers` : ''}
                  <br />
                  <Odds view={view} units={cmd.units} artillery={cmd.artillery ?? []} target={cmd.target} />{' '}
                  <button disabled={busy} onClick={() => send(a.command).catch(() => {})} title={a.rule ? `rule ${a.rule}` : undefined}>Declare</button>
                </li>
              );
            })}
          </ul>
        </>
      )}
      {!c && !attacks.length && !last && <p className="muted">No combat yet.</p>}
    </section>
  );
}
