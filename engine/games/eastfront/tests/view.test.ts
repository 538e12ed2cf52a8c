import { describe, expect, it } from 'vitest';
import { FixedDice, fold } from '../../../core';
import { eastfront } from '../index';

describe('views of the Edelweiss set-up (digest 4.1)', () => {
  const s = fold(eastfront, eastfront.setup('edelweiss', {}, new FixedDice(Array(25).fill(1))));

  it('the owner sees its blocks; the opponent sees tokens with side and location only', () => {
    const sov = eastfront.view(s, { kind: 'side', side: 'soviet' });
    const mine = sov.units.filter((u) => u.side === 'soviet');
    expect(mine.find((u) => u.id === 'A')).toMatchObject({ type: 'infantry', cv: 3, at: eastfront.board.named('Rostov') });
    // L and M start eliminated (cadres): the owner sees them, the opponent does not
    expect(mine.find((u) => u.id === 'L')).toMatchObject({ at: null });
    const theirs = sov.units.filter((u) => u.side === 'german');
    const hidden = theirs.filter((u) => !u.face);
    expect(hidden.length).toBe(11);
    for (const u of hidden) expect(Object.keys(u).sort()).toEqual(['at', 'side', 'token']);
    // the Original Attackers at Stalingrad stand face-up (7.12)
    expect(
      theirs
        .filter((u) => u.face)
        .map((u) => u.id)
        .sort(),
    ).toEqual(['N', 'O']);
    const ger = eastfront.view(s, { kind: 'side', side: 'german' });
    expect(ger.units.some((u) => u.id === 'L')).toBe(false);
  });

  it('spectators see no hidden block; status is public', () => {
    const spec = eastfront.view(s, { kind: 'spectator' });
    expect(
      spec.units
        .filter((u) => u.id)
        .map((u) => u.id)
        .sort(),
    ).toEqual(['N', 'O']);
    expect(eastfront.status(s)).toMatchObject({
      turn: 'July 1942 II, german player-turn',
      phase: 'command',
      waitingFor: [{ side: 'german', command: 'OKH' }],
    });
  });

  it('lists the seats as commands per side', () => {
    expect(eastfront.roles('edelweiss').sides.map((x) => [x.id, x.commands.map((c) => c.id)])).toEqual([
      ['german', ['OKH', 'AG-A', 'production']],
      ['soviet', ['STAVKA', 'FRONT-I', 'production']],
    ]);
  });
});
