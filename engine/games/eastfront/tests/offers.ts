/** Reading structured legal actions in tests: whether a command is offered, and the hexes a choice offers. */
import { type Choice, findOffer, type LegalAction } from '../../../core/actions';
import type { Command } from '../state';

export const offers = (actions: LegalAction<Command>[], cmd: Command): boolean => !!findOffer(actions, cmd);

/** Every option of the choices filling `field` in these actions (following `next`), with its route hint. */
export function optionsFor(actions: LegalAction<Command>[], field: string): { value: unknown; path?: string[]; by?: string }[] {
  const out: { value: unknown; path?: string[]; by?: string }[] = [];
  const walk = (chs: Choice[] | undefined, by?: string) => {
    for (const ch of chs ?? [])
      for (const o of ch.options) {
        if (ch.field === field) out.push({ value: o.value, path: o.hint?.path as string[] | undefined, by });
        walk(o.next, ch.field === 'by' ? String(o.value) : by);
      }
  };
  for (const a of actions) walk(a.choices, (a.command as { by?: string }).by);
  return out;
}
