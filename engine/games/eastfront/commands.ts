/**
 * EastFront commands, defined once as a zod schema; the Command type is inferred from it (README, "Commands").
 * Moves give an explicit `path` (hexes after the start), or `to` (+ optional `via` waypoints) for the engine to
 * choose the shortest legal path. `unsupply` answers the 6.22 prompt, `allocate` a 7.33/7.51 prompt, `paradrop`
 * airdrops a para (14.3). Sea moves, invasions, Exit Zones, disbanding and early reinforcements are recognised
 * but refused as NOT_SUPPORTED with their rule.
 */
import { z } from 'zod';
import { RuleError } from '../../core/errors';

const idList = z.array(z.string().min(1).max(40)).max(64);
const path = z.array(z.string().min(1).max(40)).max(40).default([]);
const hexRef = z.string().min(1).max(40);
const dest = { to: hexRef.optional(), via: z.array(hexRef).max(10).optional() };
export const commandSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('activate'),
      hq: z.string().min(1).max(40),
      deploy: z.string().min(1).max(40).optional(),
      blitz: z.boolean().optional(),
      paradrop: z.boolean().optional(),
    })
    .strict(),
  z.object({ type: z.literal('endCommand') }).strict(),
  z.object({ type: z.literal('move'), unit: z.string().min(1).max(40), path, by: z.string().min(1).max(40), ...dest }).strict(),
  z.object({ type: z.literal('rail'), unit: z.string().min(1).max(40), path, by: z.string().min(1).max(40), ...dest }).strict(),
  z.object({ type: z.literal('retreat'), unit: z.string().min(1).max(40), path, by: z.string().min(1).max(40), ...dest }).strict(),
  z.object({ type: z.literal('mobilize'), hq: z.string().min(1).max(40), path, rail: z.boolean().optional(), ...dest }).strict(),
  z.object({ type: z.literal('endMovement') }).strict(),
  z.object({ type: z.literal('airstrike'), hq: z.string().min(1).max(40), hex: z.string().min(1).max(40) }).strict(),
  z.object({ type: z.literal('selectBattles'), hexes: z.array(hexRef).max(64) }).strict(),
  z.object({ type: z.literal('fight'), hex: z.string().min(1).max(40), order: idList.optional(), prefs: idList.optional() }).strict(),
  z.object({ type: z.literal('defend'), hex: z.string().min(1).max(40), order: idList.optional(), prefs: idList.optional() }).strict(),
  z.object({ type: z.literal('endCombat') }).strict(),
  z.object({ type: z.literal('unsupply'), units: idList }).strict(),
  z.object({ type: z.literal('allocate'), hex: hexRef, unit: z.string().min(1).max(40) }).strict(),
  z.object({ type: z.literal('paradrop'), unit: z.string().min(1).max(40), by: z.string().min(1).max(40), to: hexRef }).strict(),
  z
    .object({
      type: z.enum(['seaMove', 'invade', 'exitZone', 'disband', 'advanceReinforcement']),
      unit: z.string().min(1).max(40).optional(),
    })
    .passthrough(),
  z
    .object({
      type: z.literal('produce'),
      replace: idList,
      cadres: z.array(z.object({ unit: z.string().min(1).max(40), hex: z.string().min(1).max(40) }).strict()).max(64),
    })
    .strict(),
]);

/** The commands, inferred from the schema (defined once). */
export type Command = z.infer<typeof commandSchema>;

/** Parse untrusted input into a command (hexes still as given: ids or rulebook names), or BAD_COMMAND. */
export function parseEastfrontCommand(input: unknown): Command {
  const r = commandSchema.safeParse(input);
  if (!r.success)
    throw new RuleError(
      'BAD_COMMAND',
      null,
      `malformed command: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return r.data;
}
