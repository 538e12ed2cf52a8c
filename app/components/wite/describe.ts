/**
 * The War in the East log in words. Everything on the map is public in this game, so entries may name units.
 * Combat entries carry the substitute mark: the CRT grids and the 11.0 resolution are ours.
 */
import type { ClientEvent } from '../../../server/games';

const SIDE: Record<string, string> = { axis: 'Axis', soviet: 'Russian' };
const PHASE: Record<string, string> = {
  'air-commitment': 'Air Commitment Phase',
  'air-combat': 'Air Combat Phase',
  reinforcement: 'Reinforcement Phase',
  'initial-movement': 'Initial Movement Phase',
  'rail-sea': 'Rail and Sea Movement Phase',
  combat: 'Combat Phase',
  'mech-movement': 'Mechanized Movement Phase',
  interdiction: 'Air Interdiction Phase',
  production: 'Production Phase',
};

export function describeWite(e: ClientEvent): string | null {
  const d = (e.data ?? {}) as Record<string, unknown>;
  switch (e.type) {
    case 'setUp':
      return `Barbarossa set up: ${(d.units as unknown[] | undefined)?.length ?? 0} counters (placement by sector, substitute)`;
    case 'phase': {
      const who = d.player ? `${SIDE[String(d.player)]} ` : '';
      const name = `GT ${d.gt}: ${who}${PHASE[String(d.phase)] ?? d.phase}`;
      return d.skipped ? `${name} passes (${d.skipped})` : name;
    }
    case 'moved': {
      const path = (d.path as string[]) ?? [];
      const f = d.forced as { die: number; result: string } | undefined;
      const forced = f ? ` by forced march (die ${f.die}${f.result === 'none' ? '' : `, ${f.result}`})` : '';
      return `${d.unit} moved to ${path[path.length - 1]} (${d.cost} MP${d.minimum ? ', minimum move' : ''})${forced}`;
    }
    case 'attacked':
      return `Attack on ${d.hex}: ${d.attack} to ${d.defence}, odds ${d.odds}, CRT #${d.table}, die ${d.die}${d.support ? ' +1 air-ground support' : ''}: ${d.result} (substitute CRT and 11.0)`;
    case 'lost':
      return `${d.unit} ${d.how === 'reduced' ? 'reduced to its KG/BG' : 'eliminated'} (${d.rule})`;
    case 'retreated': {
      const path = (d.path as string[]) ?? [];
      return `${d.unit} retreated to ${path[path.length - 1]} (S11.4, substitute)`;
    }
    case 'airCommitted':
      return d.superiority === undefined
        ? `${SIDE[String(d.side)]} air commitment is in (sealed, 12.12)`
        : `${SIDE[String(d.side)]} commits ${d.superiority} to air superiority and ${d.groundSupport} to ground support (sealed, 12.12)`;
    case 'airRevealed': {
      const c = (x: unknown) => x as { superiority: number; groundSupport: number };
      return `Air commitments revealed: Axis ${c(d.axis).superiority} superiority / ${c(d.axis).groundSupport} support, Russian ${c(d.soviet).superiority} / ${c(d.soviet).groundSupport}`;
    }
    case 'airCombat': {
      const l = d.superiorityLost as Record<string, number>;
      const g = d.groundSupportLost as Record<string, number>;
      const who = d.attacker ? `${SIDE[String(d.attacker)]} attacks` : 'even commitments';
      return `Air combat (${who}): Axis loses ${l.axis} superiority and ${g.axis} support points, Russian ${l.soviet} and ${g.soviet} (substitute Air Combat Table)`;
    }
    case 'airReplaced':
      return `${SIDE[String(d.side)]} air replacements: ${d.points} point${d.points === 1 ? '' : 's'} (12.51)`;
    case 'ended':
      return `Game over: the Axis holds ${d.personnelCentres} Personnel Centres — ${d.result}`;
    default:
      return '';
  }
}
