'use client';
/** Always-visible facts: turn, phase, whose player-turn, weather, production levels and victory points. */
import { MONTHS } from '../../../engine/games/eastfront/data';
import { SIDE_COLOUR, SIDE_NAME } from './labels';
import type { View } from './model';

const PHASE: Record<string, string> = {
  command: 'Command',
  movement: 'Movement',
  combat: 'Combat',
  blitzMovement: 'Blitz movement',
  blitzCombat: 'Blitz combat',
  supply: 'Supply',
  production: 'Production',
  over: 'Game over',
};
const WEATHER: Record<string, string> = { dry: '☀ Dry', mud: '☂ Mud', snow: '❄ Snow' };

export function StatusStrip({ view }: { view: View }) {
  const t = view.turn;
  return (
    <section className="ef-status" data-testid="ef-status" aria-label="Game state">
      <span>
        <b>
          {MONTHS[t.month]} {t.fortnight === 1 ? 'I' : 'II'} {t.year}
        </b>
      </span>
      <span>
        Phase: <b data-testid="ef-phase">{PHASE[view.phase] ?? view.phase}</b>
      </span>
      <span>
        Player-turn: <b style={{ color: SIDE_COLOUR[view.active] }}>{SIDE_NAME[view.active]}</b>
      </span>
      <span>
        Weather: <b data-testid="ef-weather">{WEATHER[view.weather] ?? view.weather}</b>
      </span>
      <span title="Production level: points to spend each month, and the base of the victory points">
        PL: <b style={{ color: SIDE_COLOUR.german }}>G {view.productionLevel.german}</b> ·{' '}
        <b style={{ color: SIDE_COLOUR.soviet }}>S {view.productionLevel.soviet}</b>
      </span>
      <span title="Victory points are counted when the scenario ends (after September II 1942)">
        VP:{' '}
        {view.result ? (
          <b>
            G {view.result.vp.german} · S {view.result.vp.soviet}
          </b>
        ) : (
          <span className="muted">counted at the end (Sep II 1942)</span>
        )}
      </span>
    </section>
  );
}
