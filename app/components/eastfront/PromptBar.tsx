'use client';
/**
 * What this seat must do now, or whom the game waits for, with the engine's legal actions as buttons (moves
 * are made on the map). Undo appears when the timeline says the last command may still be taken back.
 */
import { useState } from 'react';
import type { BoardProps, LegalActionData } from '../boards';
import { ChoiceForm } from '../ChoiceForm';
import { UndoControls } from '../UndoControls';
import { hexLabel, SIDE_NAME } from './labels';
import { overstackedHexes } from './hints';
import type { View } from './model';

const HINT: Record<string, string> = {
  command: 'Pick the HQs that give orders this turn: only blocks within reach of an active HQ can move. Then end the command phase.',
  movement:
    'Click one of your blocks (on the map or in the list), then a green hex to send it there. Orange hexes hold enemy blocks: going there starts or joins a battle. End movement when you are done.',
  blitzMovement: 'Blitz: blocks near the blitzing HQ may move again. Click a block, then a green hex. End movement when done.',
  combat:
    'Fight the marked battles. Battles you opened this turn must be fought. Airstrikes, if you want them, are called before the first fight.',
  blitzCombat: 'Blitz combat: fight another round where you can, then end combat.',
  production: 'Spend production points on replacement steps, then send your order. The other side orders at the same time.',
};

function Btn({ a, send, busy, primary }: { a: LegalActionData; send(c: unknown): Promise<void>; busy: boolean; primary?: boolean }) {
  return (
    <button
      type="button"
      className={primary ? undefined : 'secondary'}
      disabled={busy}
      onClick={() => send(a.command).catch(() => {})}
      title={a.rule ? `rule ${a.rule}` : undefined}
    >
      {a.label}
      {/* the rule is seen and in the title; the accessible name stays the action's own words */}
      {a.rule ? (
        <span className="ou-rule" aria-hidden="true">
          {' '}
          ({a.rule})
        </span>
      ) : null}
    </button>
  );
}

export function PromptBar({
  props,
  view,
  actions,
  myTurn,
}: {
  props: BoardProps;
  view: View;
  actions: LegalActionData[];
  myTurn: boolean;
}) {
  const { status, side, send, busy, seq, latestSeq, gameId, seek } = props;
  const [deploy, setDeploy] = useState('');
  const past = seq < latestSeq;
  const p = view.prompt;

  let headline: string;
  let hint = '';
  if (status.finished) headline = `The game is over${status.result ? `: ${status.result}` : ''}.`;
  else if (past)
    headline = `You are looking at an earlier moment (event ${seq} of ${latestSeq}).${side && !props.readOnly ? ' Press “Back to now” to play.' : ''}`;
  else if (!side) headline = `You are watching. Waiting for ${status.waitingFor.map((w) => SIDE_NAME[w.side] ?? w.side).join(' and ')}.`;
  else if (myTurn) {
    if (p?.kind === 'defend') {
      headline = `You are attacked at ${hexLabel(p.hex)}: fire back.`;
      hint = 'Your blocks there roll their dice first (strongest first), then the attacker fires.';
    } else if (p?.kind === 'allocate') {
      headline =
        p.what === 'loss'
          ? `A hit at ${hexLabel(p.hex)}: choose which of your blocks takes it.`
          : p.what === 'fire'
            ? `Combat at ${hexLabel(p.hex)}: choose which of your blocks fires next.`
            : `A repulse at ${hexLabel(p.hex)}: choose which attacker is thrown back.`;
      hint =
        p.what === 'loss'
          ? 'A hit always falls on the strongest block; between equally strong blocks you decide (rule 7.33). The remaining dice are rolled after your choice.'
          : p.what === 'fire'
            ? 'Each block fires once, in the order you choose as the round goes (rule 7.31); its dice are rolled when you pick it.'
            : 'A repulse falls on the weakest attacker; between equally weak ones you decide (rule 7.51). A thrown-back para also loses a step.';
    } else if (p?.kind === 'unsupply') {
      headline = `Too many of your blocks in ${p.hexes.map((h) => hexLabel(h.hex)).join(', ')} after a repulse: choose which go out of supply.`;
      hint = `Blocks beyond the stacking limit count as unsupplied and lose a step (rule 6.22): ${p.hexes.map((h) => `${h.excess} in ${hexLabel(h.hex)}`).join(', ')}. The first button is the default (strongest blocks, HQs last).`;
    } else if (p?.kind === 'production') {
      headline = 'Your turn: production orders.';
      hint = HINT.production;
    } else {
      headline = `Your turn (${SIDE_NAME[side]}): ${status.phase} phase.`;
      hint = HINT[view.phase] ?? '';
      const open = view.battles.filter((b) => !b.fought && b.oa === side);
      if ((view.phase === 'combat' || view.phase === 'blitzCombat') && open.length)
        headline = `Your turn (${SIDE_NAME[side]}): combat. Battles to fight: ${open.map((b) => hexLabel(b.hex)).join(', ')}.`;
      const over = view.phase === 'movement' || view.phase === 'blitzMovement' ? overstackedHexes(view, side) : [];
      if (over.length) hint = `Beyond the stacking limit: ${over.join(', ')}. Move blocks out before movement can end (rule 6.2). ${hint}`;
    }
  } else {
    const w = status.waitingFor.filter((x) => x.side !== side);
    headline = w.length
      ? `Waiting for ${w.map((x) => `${SIDE_NAME[x.side] ?? x.side} (${x.what})`).join(', ')}.`
      : status.waitingFor.length
        ? 'Your order is in; waiting for the other side.'
        : 'Waiting.';
    if (p?.kind === 'production' && !p.sides.includes(side as 'german'))
      headline = `Your production order is sealed. Waiting for ${p.sides.map((s) => SIDE_NAME[s]).join(' and ')}.`;
    if ((p?.kind === 'allocate' || p?.kind === 'defend') && p.side === side)
      headline = `Your side must answer at ${hexLabel(p.hex)}; a seat holding one of its HQ commands makes combat choices.`;
  }

  // structured variants (a fire order, loss preferences: 7.31, 7.33) are forms, folded away under the plain buttons
  const structured = actions.filter((a) => a.choices?.length && (a.command.type === 'fight' || a.command.type === 'defend'));
  const byType = (t: string) => actions.filter((a) => a.command.type === t && !structured.includes(a));
  const activates = byType('activate').filter((a) => !a.command.deploy);
  const deploys = byType('activate').filter((a) => a.command.deploy);
  const ends = actions.filter((a) => a.command.type.startsWith('end'));
  const choices = byType('allocate');
  const strikes = byType('airstrike');
  const fights = byType('fight');
  const others = actions.filter(
    (a) =>
      !['activate', 'produce', 'fight', 'airstrike', 'allocate'].includes(a.command.type) &&
      !a.command.type.startsWith('end') &&
      !structured.includes(a),
  );

  return (
    <section className={`ef-prompt ${myTurn && !past ? 'mine' : ''}`} aria-label="What to do now" data-testid="ef-prompt">
      <div className="ef-prompt-head">
        <b data-testid="ef-prompt-text">{headline}</b>
        {busy && (
          <span className="muted">
            <span className="spinner" /> sending…
          </span>
        )}
      </div>
      {hint && !past && <p className="ef-hint">{hint}</p>}
      {!past && (
        <div className="ef-actions">
          {activates.map((a) => (
            <Btn key={a.label} a={a} send={send} busy={busy} />
          ))}
          {deploys.length > 0 && (
            <span className="ef-inline">
              <select aria-label="Activate with a deploy step" value={deploy} onChange={(e) => setDeploy(e.target.value)}>
                <option value="">Activate and step one hex…</option>
                {deploys.map((a, i) => (
                  <option key={a.label} value={String(i)}>
                    {a.label}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="secondary"
                disabled={busy || deploy === ''}
                onClick={() =>
                  send(deploys[Number(deploy)].command)
                    .then(() => setDeploy(''))
                    .catch(() => {})
                }
              >
                Go
              </button>
            </span>
          )}
          {choices.length > 0 && (
            // biome-ignore lint/a11y/useSemanticElements: an inline row of buttons inside the prompt, not a form
            <span className="ef-inline" role="group" aria-label="Choose the unit" data-testid="ef-allocate">
              {choices.map((a) => (
                <Btn key={a.label} a={a} send={send} busy={busy} primary />
              ))}
            </span>
          )}
          {strikes.map((a) => (
            <Btn key={a.label} a={a} send={send} busy={busy} />
          ))}
          {fights.map((a) => (
            <Btn key={a.label} a={a} send={send} busy={busy} primary />
          ))}
          {others.map((a) => (
            <Btn key={a.label} a={a} send={send} busy={busy} primary={a.command.type === 'defend'} />
          ))}
          {ends.map((a) => (
            <Btn key={a.label} a={a} send={send} busy={busy} primary />
          ))}
          {structured.length > 0 && (
            <details className="ef-more" data-testid="ef-fire-options">
              <summary>Fire order or loss preferences (7.31, 7.33)</summary>
              {structured.map((a) => (
                <ChoiceForm key={a.label} action={a} send={send} busy={busy} />
              ))}
            </details>
          )}
          <UndoControls gameId={gameId} side={side} />
        </div>
      )}
      {past && (
        <button type="button" onClick={() => seek(null)}>
          Back to now
        </button>
      )}
    </section>
  );
}
