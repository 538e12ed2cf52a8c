'use client';
/**
 * The attacks of the current decision, in the prompt: a target (picked here or by clicking its orange hex on
 * the map), then each way the engine offers to attack it (plain, with artillery at range, with heavy bombers),
 * with the odds from the server's hints and the rule number. The commands are legal()'s, completed with every
 * attacker it allows; the server checks them again.
 */
import type { OuHints } from '../../../engine/games/operation-unthinkable/hints';
import type { LegalActionData } from '../boards';
import { TargetOdds } from './CombatPanel';
import { unitName } from './describe';
import { ouPlace } from './model';

type AttackCmd = { target: string; units: string[]; artillery?: string[]; bomber?: string };

export function AttackPicker({
  attacks,
  hints,
  target,
  onTarget,
  send,
  busy,
}: {
  attacks: LegalActionData[];
  hints: OuHints | null;
  target: string | null;
  onTarget(hex: string | null): void;
  send(c: unknown): Promise<void>;
  busy: boolean;
}) {
  const targets = [...new Set(attacks.map((a) => String(a.command.target)))].sort((a, b) => ouPlace(a).localeCompare(ouPlace(b)));
  const shown = target && targets.includes(target) ? target : null;
  const ways = shown ? attacks.filter((a) => a.command.target === shown) : [];
  return (
    <fieldset className="ef-inline ou-attacks" data-testid="ou-attack-picker" aria-label="Attack">
      <legend>
        Attack <span className="ou-rule">(11.2)</span>
      </legend>
      <select aria-label="Target" value={shown ?? ''} onChange={(e) => onTarget(e.target.value || null)} data-testid="ou-attack-target">
        <option value="">
          {targets.length} target{targets.length === 1 ? '' : 's'} (orange on the map)…
        </option>
        {targets.map((t) => (
          <option key={t} value={t}>
            {ouPlace(t)}
          </option>
        ))}
      </select>
      {ways.map((a) => {
        const cmd = a.command as unknown as AttackCmd;
        return (
          <span key={a.label + cmd.units.join()} className="ou-attack-way" data-testid="ou-attack-way">
            {cmd.units.map(unitName).join(', ')}
            {cmd.artillery?.length ? ` + artillery ${cmd.artillery.map(unitName).join(', ')}` : ''}
            {cmd.bomber ? ` + ${cmd.bomber} bombers` : ''}:{' '}
            <TargetOdds hint={hints?.targets.find((t) => t.target === cmd.target)} units={cmd.units} />{' '}
            <button
              type="button"
              disabled={busy}
              onClick={() =>
                send(a.command).then(
                  () => onTarget(null),
                  () => {},
                )
              }
              title={a.rule ? `rule ${a.rule}` : undefined}
            >
              Declare{a.rule ? <span className="ou-rule"> ({a.rule})</span> : null}
            </button>
          </span>
        );
      })}
    </fieldset>
  );
}
