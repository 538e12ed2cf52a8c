/**
 * Operation Unthinkable commands, defined once: zod schemas, the TypeScript types inferred from them.
 * Large choices are made one unit at a time (a set-up placement, a redeployment, a retreat, an advance), so that
 * legal() can offer each as structured choices and decide() judges each on its own.
 */
import { z } from 'zod';
import { RuleError } from '../../core/errors';

const hex = z.string().regex(/^\d{4}$/);
const unit = z.string().min(1).max(40);
const group = z.enum(['US', 'UK']);

export const commandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('boundary'), kind: z.enum(['row', 'sw-ne', 'nw-se']), hex }),
  z.object({ type: z.literal('keep-boundary') }),
  /** one unit at set-up (3.5, 3.6) or arriving on its map edge (6.1, 6.3) */
  z.object({ type: z.literal('place'), unit, hex }),
  /** every unit of the seat still waiting, placed by the engine's own rule of thumb (a convenience) */
  z.object({ type: z.literal('place-all') }),
  z.object({ type: z.literal('end-setup') }),
  z.object({ type: z.literal('redeploy'), unit, hex }),
  z.object({ type: z.literal('end-maskirovka') }),
  z.object({ type: z.literal('airdrop'), unit, hex }),
  z.object({ type: z.literal('order'), order: z.enum(['move-fight', 'fight-move']), group: group.optional() }),
  /** a stack (or part of one) to a hex, or off the map ('exit'), along the cheapest path (see rulings) */
  z.object({ type: z.literal('move'), units: z.array(unit).min(1).max(10), to: z.union([hex, z.literal('exit')]) }),
  z.object({
    type: z.literal('attack'),
    target: hex,
    units: z.array(unit).min(1).max(20),
    artillery: z.array(unit).min(1).max(20).optional(),
    bomber: group.optional(),
  }),
  z.object({ type: z.literal('support'), artillery: z.array(unit).max(20) }),
  z.object({ type: z.literal('loss'), unit }),
  z.object({ type: z.literal('bb-extra'), unit: unit.nullable() }),
  /** the defender's bloodbath choice: lose a step of a unit, or retreat (then one retreat command per unit) */
  z.object({ type: z.literal('bb-defend'), unit: unit.optional(), retreat: z.literal(true).optional() }),
  z.object({ type: z.literal('retreat'), unit, hex }),
  z.object({ type: z.literal('advance'), unit }),
  z.object({ type: z.literal('stay') }),
  /** 7.0: the owner removes a unit from an overstacked hex at the end of a phase */
  z.object({ type: z.literal('remove'), unit }),
  z.object({ type: z.literal('end-phase') }),
]);

export type Command = z.infer<typeof commandSchema>;
export type CommandType = Command['type'];
export type CommandOf<K extends CommandType> = Extract<Command, { type: K }>;

export function parseCommand(input: unknown): Command {
  const r = commandSchema.safeParse(input);
  if (!r.success)
    throw new RuleError('BAD_COMMAND', null, `bad command: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return r.data;
}
