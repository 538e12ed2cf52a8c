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
      return `Attack on ${d.hex}: ${d.attack} to ${d.defence}, odds ${d.odds}, CRT #${d.table}, die ${d.die}: ${d.result} (substitute CRT and 11.0)`;
    case 'lost':
      return `${d.unit} ${d.how === 'reduced' ? 'reduced to its KG/BG' : 'eliminated'} (${d.rule})`;
    case 'retreated': {
      const path = (d.path as string[]) ?? [];
      return `${d.unit} retreated to ${path[path.length - 1]} (S11.4, substitute)`;
    }
    case 'ended':
      return `Game over: the Axis holds ${d.personnelCentres} Personnel Centres — ${d.result}`;
    default:
      return '';
  }
}
