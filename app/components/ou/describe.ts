/**
 * The Operation Unthinkable log in words, from the (redacted) events only: a face-down Soviet unit is "a
 * face-down Soviet unit", a blind draw names no units. Results are spelled out (DE, BB, AL1, DR); the CRT
 * and the counter factors are substitutes, and entries that depend on them say so.
 */
import type { ClientEvent } from '../../../server/games';
import { crt, UNIT } from '../../../engine/games/operation-unthinkable/data';
import { ouPlace as at } from './model';
import { COMMAND_NAME } from './PromptBar';

const SIDE: Record<string, string> = { allied: 'Allies', soviet: 'Soviets' };
const SIDE_ADJ: Record<string, string> = { allied: 'Allied', soviet: 'Soviet' };
const STEP: Record<string, string> = {
  boundary0: 'Set-up: the Allied supreme commander draws the army group line',
  'setup-soviet': 'Set-up: the Soviets deploy',
  'setup-allied': 'Set-up: the Allies deploy',
  maskirovka: 'Set-up: Soviet maskirovka',
  boundary: 'Start of turn: army group line',
  airborne: 'Allied airborne entry phase',
  'order-allied': 'Allied move/fight declaration',
  'allied-1': 'Allied first phase',
  'allied-2': 'Allied second phase',
  prepared: 'Soviet preparedness arrivals',
  'order-soviet': 'Soviet move/fight declaration',
  'soviet-1': 'Soviet first phase',
  'soviet-2': 'Soviet second phase',
  reinforce: 'Soviet reinforcement phase',
  recycle: 'Allied recycling phase',
  over: 'Game over',
};
export const RESULT_WORDS: Record<string, string> = {
  DE: 'defender eliminated',
  BB: 'bloodbath: both sides lose a step, then more may follow',
  AL1: 'attacker loses one step',
  DR: 'defender retreats',
};
const STAGE_WORD: Record<string, string> = {
  support: 'the defender may add artillery',
  loss: 'losses to take',
  'bb-att': 'bloodbath, the attacker may press on',
  'bb-def': 'bloodbath, the defender holds or retreats',
  retreat: 'the defender retreats',
  advance: 'the attacker may advance',
};
const BOUNDARY: Record<string, string> = {
  row: 'along a hex row',
  'sw-ne': 'running south-west to north-east',
  'nw-se': 'running north-west to south-east',
};

export const unitName = (id: string): string => (!id || id === '?' ? 'a face-down Soviet unit' : (UNIT.get(id)?.name ?? id));
const list = (ids: string[], max = 4) => {
  const names = ids.map(unitName);
  return names.length > max ? `${names.slice(0, max).join(', ')} and ${names.length - max} more` : names.join(', ');
};
export const resultWords = (r: string) =>
  r
    .split(/[+,/ ]+/)
    .filter(Boolean)
    .map((x) => `${x} (${RESULT_WORDS[x] ?? x})`)
    .join(', ');
const shiftWords = (s: Record<string, number>) =>
  Object.entries(s)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k} ${v > 0 ? '+' : ''}${v}`)
    .join(', ');

export function describeOu(e: ClientEvent): string {
  // biome-ignore lint/suspicious/noExplicitAny: event payloads are read field by field per event type below
  const d = e.data as Record<string, any>;
  switch (e.type) {
    case 'created': {
      const opts = Object.entries(d.options ?? {})
        .filter(([, v]) => v)
        .map(([k]) => k);
      return `Operation Unthinkable begins${opts.length ? ` with the optional rules ${opts.join(', ')}` : ''}`;
    }
    case 'frontline':
      return `Frontline roll ${d.die}: the front runs along the ${d.line === 'elbe' ? 'Elbe' : 'Mulde'} (3.3)`;
    case 'boundary': {
      const wrong = Object.keys(d.wrong ?? {});
      return `Army group line drawn through ${at(d.hex)}, ${BOUNDARY[d.kind] ?? d.kind}${wrong.length ? `; ${wrong.length} units are on the wrong side` : ''}`;
    }
    case 'step':
      return `${STEP[d.step] ?? d.step}${d.turn ? ` (game turn ${d.turn})` : ''}`;
    case 'placed': {
      const units = d.units as [string, string][];
      const why =
        {
          setup: 'set up',
          mask: 'redeployed (maskirovka)',
          reinf: 'enter as reinforcements',
          recycle: 'return from recycling',
          drop: 'drop',
        }[d.why as string] ?? d.why;
      if (units.every(([id]) => id === '?')) return `${units.length} face-down Soviet unit${units.length > 1 ? 's' : ''} ${why} on the map`;
      if (units.length === 1) return `${unitName(units[0][0])} ${why} in ${at(units[0][1])}`;
      return `${units.length} ${SIDE_ADJ[d.side] ?? d.side} units ${why}`;
    }
    case 'revealed':
      return `The Soviet counters are turned face up (${(d.units ?? []).length} units)`;
    case 'mask-rolled':
      return `Maskirovka roll ${(d.dice ?? []).join(' + ')}: Stavka may redeploy ${d.n} units`;
    case 'order':
      return `${d.group ? `${d.group} army group` : (SIDE[d.side] ?? d.side)} will ${d.order === 'move-fight' ? 'move first, then fight' : 'fight first, then move'}`;
    case 'moved': {
      const path = d.path as string[];
      if (!path.length) return `${list(d.units)} stay put`;
      return `${list(d.units)} move to ${at(path[path.length - 1])}${path.length > 1 ? ` by ${path.slice(0, -1).map(at).join(', ')}` : ''}${d.stop ? ' and stop' : ''}`;
    }
    case 'exited':
      return `${list(d.units)} leave the map at ${at(d.hex)}${d.side === 'allied' ? (d.sup ? ' (in supply)' : ' (out of supply)') : ''}`;
    case 'combat':
      return d.combat ? `Combat at ${at(d.combat.target)}: ${STAGE_WORD[d.combat.stage] ?? d.combat.stage}` : 'The combat is over';
    case 'declared':
      return `${list(d.attackers)} attack ${list(d.defenders)}`;
    case 'bomber':
      return `${d.marker} heavy bombers roll ${d.die}: ${d.effect === 'AL1' ? 'the attacker loses a step' : `${d.effect > 0 ? '+' : ''}${d.effect} column${Math.abs(d.effect) === 1 ? '' : 's'}`}`;
    case 'resolved': {
      const col = crt[d.row as 'upper' | 'lower']?.[d.final];
      const sh = shiftWords(d.shifts ?? {});
      return `Odds ${d.attack}:${d.defense} → ${d.odds}${sh ? `, shifts ${sh}` : ''}, column ${col ?? d.final} of the ${d.row} row${d.die !== null ? `, die ${d.die}` : ''}: ${resultWords(d.result)} [substitute CRT]`;
    }
    case 'loss':
      return `${unitName(d.unit)} loses a step${d.oos ? ' (out of supply)' : ''}`;
    case 'eliminated':
      return `${unitName(d.unit)} is eliminated${d.oos ? ' (out of supply)' : ''}`;
    case 'retreated':
      return (d.moves as [string, string][]).map(([id, h]) => `${unitName(id)} retreats to ${at(h)}`).join('; ') || 'Nobody retreats';
    case 'advanced':
      return `${list(d.units)} advance into ${at(d.hex)}`;
    case 'drawn':
      return `Stavka rolls ${d.die} and draws ${d.count} reinforcement${d.count === 1 ? '' : 's'} blind from the R pool`;
    case 'recycle-roll':
      return `${unitName(d.unit)} recycling roll ${d.die}${d.mod ? ` (${d.mod > 0 ? '+' : ''}${d.mod})` : ''}: ${d.box === null ? 'gone for good' : `returns on turn ${d.box}`}`;
    case 'support-used':
      return (d.artillery ?? []).length ? `${list(d.artillery)} fire in defence` : 'No defensive artillery fires';
    case 'ready':
      return `Done: ${(d.commands ?? []).map((c: string) => COMMAND_NAME[c] ?? c).join(', ')}`;
    case 'ended':
      return `${SIDE[d.winner] ?? d.winner} win: ${d.reason}`;
    default:
      return '';
  }
}
