/**
 * The EastFront event log in words. Each entry uses only what the (redacted) event holds: a hidden block is
 * "a Soviet block", never its id. Hex names come from the map's named index. Where a move started is not in
 * the event; the board feeds the log it has (indexEvents) so that entries can say "from ..." when known.
 */
import type { ClientEvent } from '../../../server/games';
import { EDELWEISS, EDELWEISS_UNITS, MONTHS } from '../../../engine/games/eastfront/data';
import { FP_HITS_ON, hexLabel, riverBetween, SIDE_NAME } from './labels';

const unitById = new Map(EDELWEISS_UNITS.map((u) => [u.id, u]));
const commandByHq = new Map([...EDELWEISS.commands.german, ...EDELWEISS.commands.soviet].map((c) => [c.hq, c.name]));
const tokenSide = new Map<string, string>();
const fromBySeq = new Map<number, string>();

const isToken = (k: string) => /^b\d+$/.test(k);

/** A unit as the event names it: its name when the event carries the id, else the side's hidden block. */
export function unitName(key: string): string {
  if (!key || key === '?') return 'a block';
  const u = unitById.get(key);
  if (u) return u.name;
  const side = tokenSide.get(key);
  return side ? `a ${SIDE_NAME[side] ?? side} block` : 'a hidden block';
}
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const hqName = (id: string) => commandByHq.get(id) ?? unitById.get(id)?.name ?? 'an HQ';

/** Remember where blocks were, so move entries can say where they came from. Cheap; call on every render. */
export function indexEvents(events: ClientEvent[], units?: { token: string; side: string; id?: string }[]) {
  for (const u of units ?? []) tokenSide.set(u.token, u.side);
  if (!events.length) return;
  const pos = new Map<string, string | null>();
  const alias = new Map<string, string>();
  const k = (id: string) => alias.get(id) ?? id;
  for (const e of events) {
    // biome-ignore lint/suspicious/noExplicitAny: payloads of every event type, read field by field
    const d = e.data as Record<string, any>;
    switch (e.type) {
      case 'setup':
        for (const u of d.units ?? []) {
          tokenSide.set(u.token, u.side);
          if (u.id) alias.set(u.id, u.token);
          pos.set(u.token, u.at);
        }
        break;
      case 'revealed':
        for (const u of d.units ?? []) alias.set(u.id, u.token);
        break;
      case 'moved':
      case 'retreat': {
        const from = pos.get(k(d.unit));
        if (from) fromBySeq.set(e.seq, from);
        if (d.path?.length) pos.set(k(d.unit), d.path[d.path.length - 1]);
        break;
      }
      case 'mobilized': {
        const from = pos.get(k(d.hq));
        if (from) fromBySeq.set(e.seq, from);
        if (d.path?.length) pos.set(k(d.hq), d.path[d.path.length - 1]);
        break;
      }
      case 'activated':
        if (d.token) alias.set(d.hq, d.token);
        if (d.deploy) pos.set(k(d.hq), d.deploy);
        break;
      case 'repulsed':
        pos.set(k(d.unit), d.eliminated ? null : d.to);
        break;
      case 'linkup':
        if (!d.ok) pos.set(k(d.unit), null);
        break;
      case 'cadre':
        if (d.token) alias.set(d.unit, d.token);
        pos.set(k(d.unit), d.hex);
        break;
      case 'loss':
      case 'attrition':
      case 'hqStep':
        if (d.eliminated) pos.set(k(d.unit ?? d.hq), null);
        break;
    }
  }
}

const dice = (xs: number[]) => `[${xs.join(' ')}]`;
const turnWords = (t?: { year: number; month: number; fortnight: number }) =>
  t ? `${MONTHS[t.month]} ${t.fortnight === 1 ? 'I' : 'II'} ${t.year}` : '';
const PHASE_WORD: Record<string, string> = {
  command: 'Command phase',
  movement: 'Movement phase',
  combat: 'Combat phase',
  blitzMovement: 'Blitz movement phase',
  blitzCombat: 'Blitz combat phase',
  supply: 'Supply phase',
  production: 'Production',
  over: 'End of the game',
};

export function describeEastfront(e: ClientEvent): string | null {
  // biome-ignore lint/suspicious/noExplicitAny: payloads of every event type, read field by field
  const d = e.data as Record<string, any>;
  switch (e.type) {
    case 'setup':
      return `Operation Edelweiss is set up: ${d.units?.length ?? 0} blocks on the board or in reserve, ${turnWords(d.turn)}, ${d.weather} weather.`;
    case 'phase': {
      const head = `${PHASE_WORD[d.phase] ?? d.phase}${d.phase === 'production' ? '' : ` of the ${SIDE_NAME[d.active] ?? d.active} player-turn`}`;
      const extra = [
        d.turn ? turnWords(d.turn) : '',
        d.weather ? `weather ${d.weather}${d.weatherDice ? ` (dice ${dice(d.weatherDice)})` : ''}` : '',
      ]
        .filter(Boolean)
        .join(', ');
      return `${head} begins${extra ? ` — ${extra}` : ''}.`;
    }
    case 'activated':
      if (d.paradrop) return `${hqName(d.hq)} takes command (strength ${d.cv}) to lead a paradrop and gives no other orders.`;
      return `${hqName(d.hq)} takes command (strength ${d.cv})${d.blitz ? ' and prepares a blitz' : ''}${d.deploy ? `, stepping to ${hexLabel(d.deploy)}` : ''}.`;
    case 'moved': {
      const who = unitById.has(d.unit) ? `${d.by ? `${hqName(d.by)}'s ` : ''}${unitName(d.unit)}` : cap(unitName(d.unit));
      const dest = hexLabel(d.path?.[d.path.length - 1]);
      const from = fromBySeq.get(e.seq) ?? null;
      const prev = d.path?.length > 1 ? d.path[d.path.length - 2] : from;
      const river = prev && d.path?.length ? riverBetween(prev, d.path[d.path.length - 1]) : null;
      const fromTxt = from ? ` from ${hexLabel(from)}` : '';
      if (d.mode === 'rail') return `${who} travels by rail${fromTxt} to ${dest}.`;
      if (d.mode === 'air')
        return `${who} parachutes${fromTxt} into ${dest}${d.attack ? ', attacking from the air' : d.engage ? ', joining the battle' : ''}; it lies dispersed until it links up.`;
      const origin = from ?? prev;
      const via = d.path?.length > 1 && prev ? ` via ${hexLabel(prev)}` : '';
      if (d.attack)
        return `${who} attacks ${dest}${origin ? ` from ${hexLabel(origin)}` : ''}${via}${river ? ` across the ${river.name}` : ''}.`;
      if (d.engage) return `${who} joins the battle at ${dest}${river ? ` across the ${river.name}` : ''}.`;
      if (d.disengage) return `${who} pulls out${fromTxt} to ${dest}.`;
      return `${who} moves${fromTxt} to ${dest}.`;
    }
    case 'rearguard':
      return `${cap(unitName(d.unit))} stays behind as rearguard at ${hexLabel(d.hex)}${d.path?.length ? `, to fall back to ${hexLabel(d.path[d.path.length - 1])}` : ''}.`;
    case 'pursuit': {
      const shots = (d.fire ?? []) as { unit: string; dice: number[]; fp: string; hits: number }[];
      if (!shots.length) return `No pursuit fire at ${hexLabel(d.hex)}.`;
      return `Pursuit fire at ${hexLabel(d.hex)} on ${unitName(d.unit)}: ${shots.map((s) => `${unitName(s.unit)} rolls ${dice(s.dice)} (${s.hits} hit${s.hits === 1 ? '' : 's'})`).join('; ')}.`;
    }
    case 'mobilized':
      return `${hqName(d.hq)} ${d.path?.length ? `moves${fromBySeq.get(e.seq) ? ` from ${hexLabel(fromBySeq.get(e.seq))}` : ''} to ${hexLabel(d.path[d.path.length - 1])}${d.mode === 'rail' ? ' by rail' : ''}` : 'stays in place'} and stands down.`;
    case 'hqStep':
      if (d.cv === -1) return `A hidden HQ stands down${d.eliminated ? ' and is lost' : ''}.`;
      return d.eliminated
        ? `${hqName(d.hq)} is worn out and removed.`
        : `${hqName(d.hq)} drops to strength ${d.cv}${d.active ? ' and stays in command (blitz)' : ' and stands down'}.`;
    case 'airstrikeAssigned':
      return `${hqName(d.hq)} calls an airstrike of ${d.cv} on ${hexLabel(d.hex)}.`;
    case 'revealed':
      return `The blocks at ${hexLabel(d.hex)} are revealed: ${(d.units ?? []).map((u: { id: string; cv: number }) => `${unitName(u.id)} ${u.cv}`).join(', ')}.`;
    case 'fire': {
      const who = d.kind === 'air' ? `The airstrike by ${hqName(d.unit)}` : cap(unitName(d.unit));
      const role = d.kind === 'def' ? ' (defending)' : d.kind === 'off' ? ' (attacking)' : '';
      return `${who}${role} fires at ${hexLabel(d.hex)}: ${dice(d.dice ?? [])}, hits on ${FP_HITS_ON[d.fp] ?? '?'}+ → ${d.hits} hit${d.hits === 1 ? '' : 's'}${d.repulses ? `, ${d.repulses} repulse${d.repulses === 1 ? '' : 's'}` : ''}.`;
    }
    case 'loss':
      if (d.eliminated) return `${cap(unitName(d.unit))} is eliminated.`;
      if (d.part) return `${cap(unitName(d.unit))} takes a partial hit.`;
      return d.cv === -1 ? `${cap(unitName(d.unit))} is hit.` : `${cap(unitName(d.unit))} loses a step (now ${d.cv}).`;
    case 'repulsed': {
      const river = riverBetween(d.hex, d.to);
      const loss = d.eliminated ? ', losing its last step' : d.cv !== undefined ? `, losing a step (now ${d.cv})` : '';
      return `${cap(unitName(d.unit))} is thrown back${river ? ` across the ${river.name}` : ''} from ${hexLabel(d.hex)} to ${hexLabel(d.to)}${loss}.`;
    }
    case 'roundStarted':
      return `A combat round at ${hexLabel(d.hex)} begins${d.repulseOn ? ` (an assault: each defending ${d.repulseOn === 1 ? '1' : '1 or 2'} throws an attacker back)` : ''}.`;
    case 'repulseMarked':
      return `${cap(unitName(d.unit))} is to be thrown back.`;
    case 'overstackExcused':
      return `${(d.units ?? []).length} block(s) no HQ can move stay over the stacking limit this turn (they go unsupplied again).`;
    case 'linkup':
      return d.ok
        ? `${cap(unitName(d.unit))} links up with friendly forces and regroups.`
        : `${cap(unitName(d.unit))} fails to link up and is lost.`;
    case 'awaiting':
      if (!d.prompt) return null; // the answer itself has its own line
      if (d.prompt.kind === 'defend')
        return `Waiting for ${SIDE_NAME[d.prompt.side] ?? d.prompt.side} defensive fire at ${hexLabel(d.prompt.hex)}.`;
      if (d.prompt.kind === 'allocate') {
        const who = (d.prompt.units ?? []).map((u: string) => unitName(u)).join(' or ');
        return `Waiting for the ${SIDE_NAME[d.prompt.side] ?? d.prompt.side} choice at ${hexLabel(d.prompt.hex)}: ${who} ${d.prompt.what === 'loss' ? 'takes the hit' : d.prompt.what === 'fire' ? 'fires next' : 'is thrown back'}.`;
      }
      if (d.prompt.kind === 'unsupply') {
        const where = (d.prompt.hexes ?? []).map((h: { hex: string; excess: number }) => `${h.excess} at ${hexLabel(h.hex)}`).join(', ');
        return `Waiting for ${SIDE_NAME[d.prompt.side] ?? d.prompt.side} to choose which overstacked blocks go unsupplied (${where}).`;
      }
      return `Waiting for production orders from ${(d.prompt.sides ?? []).map((s: string) => SIDE_NAME[s] ?? s).join(' and ')}.`;
    case 'roundEnded':
      return d.ended ? `The battle at ${hexLabel(d.hex)} is over.` : `The combat round at ${hexLabel(d.hex)} ends; the battle goes on.`;
    case 'supplyChecked':
      return `${SIDE_NAME[d.side] ?? d.side} supply check: ${d.unsupplied?.length ?? 0} block(s) cut off, ${d.supplied?.length ?? 0} supplied.`;
    case 'attrition':
      return `${cap(unitName(d.unit))} ${d.eliminated ? 'is lost for lack of supply' : 'loses a step for lack of supply'}.`;
    case 'productionLevel':
      return `Production levels now: German ${d.pl?.german}, Soviet ${d.pl?.soviet}.`;
    case 'ordersSealed':
      return `${SIDE_NAME[d.side] ?? d.side} production order sealed: ${d.order?.replace?.length ?? 0} replacement(s), ${d.order?.cadres?.length ?? 0} new cadre(s), ${d.spent} PP.`;
    case 'replaced':
      return `${cap(unitName(d.unit))} gets a replacement step (now ${d.cv}).`;
    case 'replacements':
      return d.units?.length
        ? `Replacement steps for ${d.units.map((r: { unit: string; cv: number }) => `${unitName(r.unit)} (now ${r.cv})`).join(', ')}.`
        : 'No replacement steps this month.';
    case 'cadre':
      return d.cv === -1
        ? `A new block appears at ${hexLabel(d.hex)}.`
        : `${cap(unitName(d.unit))} is rebuilt as a cadre at ${hexLabel(d.hex)}.`;
    case 'battleRenewed':
      return `The fight at ${hexLabel(d.hex)} starts afresh with the ${SIDE_NAME[d.oa] ?? d.oa} side attacking.`;
    case 'gameEnded':
      return `Game over: ${d.winner ? `${SIDE_NAME[d.winner]} ${String(d.level).toLowerCase()} victory` : 'a draw'} (VP German ${d.vp?.german}, Soviet ${d.vp?.soviet}).`;
    default:
      return '';
  }
}

export const isHiddenKey = isToken;

/** Where the block of a move event (by seq) started, when the log's index knows it (for map arrows). */
export const movedFrom = (seq: number): string | undefined => fromBySeq.get(seq);
