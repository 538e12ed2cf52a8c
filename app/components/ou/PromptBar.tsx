'use client';
/**
 * What this seat must do now (from status.waitingFor), or whom the game waits for, with the engine's legal
 * actions other than moves and attacks as buttons; moves are made on the map, attacks in the combat panel.
 */
import type { OuHints } from '../../../engine/games/operation-unthinkable/hints';
import type { BoardProps, LegalActionData } from '../boards';
import { ChoiceForm } from '../ChoiceForm';
import { UndoControls } from '../UndoControls';
import { AttackPicker } from './AttackPicker';
import { ouPlace, type View } from './model';

export const SIDE_NAME: Record<string, string> = { allied: 'Allies', soviet: 'Soviets' };
export const COMMAND_NAME: Record<string, string> = {
  supreme: 'Allied supreme commander',
  'us-12ag': 'US 12th Army Group',
  'uk-21ag': 'British 21st Army Group',
  stavka: 'Stavka',
  '1bf': '1st Belorussian Front',
  '2bf': '2nd Belorussian Front',
  '1uf': '1st Ukrainian Front',
};

const MOVE_HINT =
  'Move: click one of your counters, then a green hex (hover shows the cost). Attack: click an orange hex or pick it below, check the odds, declare. End the phase when done.';
/** What the side being asked must decide at each stage of a combat (11.1-11.4), and why. */
const COMBAT_ASK: Record<string, string> = {
  support: 'add Soviet artillery in range to the defence, or fight without it',
  loss: 'choose which unit takes the step loss',
  'bb-att': 'bloodbath: press on by losing another step, or stop',
  'bb-def': 'bloodbath: hold by losing a step, or retreat one hex',
  retreat: 'the defenders retreat one hex: choose where each goes',
  advance: 'the defenders are gone: advance attackers into the hex, or stay',
};
const COMBAT_HINT: Record<string, string> = {
  support: 'The odds below already count what you see; artillery you add raises the defence before the die is rolled.',
  loss: 'Each step loss of the result falls on a unit you choose among those the rules allow.',
  'bb-att': 'In a bloodbath both sides lose steps in turns until one stops or gives way.',
  'bb-def': 'Holding costs a step; retreating gives up the hex.',
  retreat: 'Pick a unit, then the hex it retreats into.',
  advance: 'Advancing units enter the emptied hex one at a time.',
};

const HINT: Partial<Record<View['step'], string>> = {
  boundary0: 'Pick where the line between the US and British army groups runs. US units stay on or south of it, British units north of it.',
  boundary: 'Keep the army group line or move it; units left on the wrong side must head back (3.4).',
  'setup-soviet': 'Place the Soviet units east of the frontline, or let the engine place them all, then declare set-up done.',
  'setup-allied': 'Place the Allied units west of the frontline, each army group on its side of the line, then declare set-up done.',
  maskirovka: 'Stavka may redeploy as many Soviet units as the roll allows, then ends maskirovka.',
  airborne: 'The supreme commander may drop the airborne corps on an empty clear or autobahn hex.',
  'order-allied': 'Declare whether the Allies move first and then fight, or fight first and then move.',
  'order-soviet': 'Declare whether the Soviets move first and then fight, or fight first and then move.',
  'allied-1': MOVE_HINT,
  'allied-2': MOVE_HINT,
  'soviet-1': MOVE_HINT,
  'soviet-2': MOVE_HINT,
  reinforce: 'Place the drawn reinforcements on the east edge.',
  recycle: 'Place the recycled units on the west edge.',
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
      {a.rule ? <span className="ou-rule"> ({a.rule})</span> : null}
    </button>
  );
}

const who = (w: { side: string; command?: string }) => (w.command ? (COMMAND_NAME[w.command] ?? w.command) : (SIDE_NAME[w.side] ?? w.side));
/** Team play: is the game waiting for this seat (its side, and a command it holds if one is named)? */
export const waitsFor = (w: { side: string; command?: string }, side: string | undefined, commands: string[]) =>
  w.side === side && (!w.command || commands.includes(w.command));

/** A waiting line of the status in words ("combat at 2520: support" names the place and the question). */
function whatWords(what: string, view: View): string {
  const c = view.combat;
  return c && what.startsWith('combat at') ? `combat at ${ouPlace(c.target)}: ${COMBAT_ASK[c.stage] ?? c.stage}` : what;
}

export function PromptBar({
  props,
  view,
  actions,
  attacks,
  hints,
  target,
  onTarget,
  myTurn,
}: {
  props: BoardProps;
  view: View;
  actions: LegalActionData[];
  /** Attacks the engine offers now (completed with every unit it allows), chosen by target in the prompt. */
  attacks: LegalActionData[];
  hints: OuHints | null;
  target: string | null;
  onTarget(hex: string | null): void;
  myTurn: boolean;
}) {
  const { status, side, send, busy, seq, latestSeq, gameId, seek } = props;
  const past = seq < latestSeq;
  const mineWaiting = status.waitingFor.filter((w) => waitsFor(w, side, props.commands));

  let headline: string;
  let hint = myTurn && !past ? HINT[view.step] : undefined;
  const c = view.combat;
  if (status.finished) headline = `The game is over${status.result ? `: ${status.result}` : ''}.`;
  else if (past)
    headline = `You are looking at an earlier moment (event ${seq} of ${latestSeq}).${side && !props.readOnly ? ' Press “Back to now” to play.' : ''}`;
  else if (!side) headline = `You are watching. Waiting for ${status.waitingFor.map(who).join(', ')}.`;
  else if (myTurn && c) {
    const rule = actions[0]?.rule;
    headline = `Your turn (${SIDE_NAME[side] ?? side}), combat at ${ouPlace(c.target)}${c.result ? ` (${c.result})` : ''}: ${COMBAT_ASK[c.stage] ?? c.stage}${rule ? ` (${rule})` : ''}.`;
    hint = COMBAT_HINT[c.stage];
  } else if (myTurn)
    headline = `Your turn (${SIDE_NAME[side] ?? side}): ${status.phase}${mineWaiting.some((w) => w.command) ? ` — for ${mineWaiting.map(who).join(', ')}` : ''}.`;
  else headline = `Waiting for ${status.waitingFor.map((w) => `${who(w)} (${whatWords(w.what, view)})`).join(', ') || 'nobody'}.`;

  const forms = actions.filter((a) => a.choices?.length);
  const ends = actions.filter((a) => !a.choices?.length && (a.command.type.startsWith('end') || a.command.type === 'keep-boundary'));
  const rest = actions.filter((a) => !forms.includes(a) && !ends.includes(a));

  return (
    <section className={`ef-prompt ${myTurn && !past ? 'mine' : ''}`} aria-label="What to do now" data-testid="ou-prompt">
      <div className="ef-prompt-head">
        <b data-testid="ou-prompt-text">{headline}</b>
        {busy && (
          <span className="muted">
            <span className="spinner" /> sending…
          </span>
        )}
      </div>
      {hint && !past && <p className="ef-hint">{hint}</p>}
      {!past && (
        <div className="ef-actions">
          {forms.map((a) => (
            <ChoiceForm key={a.label} action={a} send={send} busy={busy} placeOf={ouPlace} />
          ))}
          {myTurn && attacks.length > 0 && (
            <AttackPicker attacks={attacks} hints={hints} target={target} onTarget={onTarget} send={send} busy={busy} />
          )}
          {rest.map((a) => (
            <Btn key={a.label} a={a} send={send} busy={busy} primary={a.command.type === 'place-all' || a.command.type === 'order'} />
          ))}
          {ends.map((a) => (
            <Btn key={a.label} a={a} send={send} busy={busy} primary />
          ))}
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
