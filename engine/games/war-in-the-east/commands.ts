/** War in the East commands as zod schemas; the types are inferred (written once). */
import { z } from 'zod';
import { RuleError } from '../../core/errors';

const unit = z.string().min(1).max(60);
const hex = z.string().regex(/^[NS][EW]\d{4}$/);

export const commandSchema = z.discriminatedUnion('type', [
  /** 5.0: one unit to one hex; the server finds the cheapest legal path. `forced`: infantry forced march (5.6). */
  z.strictObject({ type: z.literal('move'), unit, to: hex, forced: z.literal(true).optional() }),
  /** 10.0: units attacking one adjacent enemy-occupied hex. */
  /** `support`: spend one air-ground support point for +1 on the die (12.31); present exactly when the side has one. */
  z.strictObject({ type: z.literal('attack'), hex, attackers: z.array(unit).min(1).max(24), support: z.boolean().optional() }),
  /** 12.12: the side's sealed air commitment (OKH / Stavka). */
  z.strictObject({
    type: z.literal('commitAir'),
    superiority: z.number().int().min(0).max(500),
    groundSupport: z.number().int().min(0).max(500),
  }),
  /** The phasing side ends the phase in force. */
  z.strictObject({ type: z.literal('endPhase') }),
  // Known but not yet supported: refused with NOT_SUPPORTED and the rule (table.unsupported).
  z.strictObject({ type: z.literal('rail'), unit, to: hex }),
  z.strictObject({ type: z.literal('sea'), unit, to: hex }),
  z.strictObject({ type: z.literal('overrun'), hex, units: z.array(unit).min(1).max(3) }),
  z.strictObject({ type: z.literal('interdict'), hex }),
]);

export type Command = z.infer<typeof commandSchema>;

export function parseCommand(input: unknown): Command {
  const r = commandSchema.safeParse(input);
  if (!r.success) throw new RuleError('BAD_COMMAND', null, `not a War in the East command: ${z.prettifyError(r.error)}`);
  return r.data;
}
