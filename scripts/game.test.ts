import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { randomPlay } from '../engine/testing/skirmish';
import { UsageError, exitCode, parseActorMap, parseCommandsJsonl, parseDiceText, runGame, type CommandEntry } from './game';

const root = join(import.meta.dirname, '..');
const setupDice = [1, 2, 3, 4, 4, 3, 2, 1, 8, 7, 6, 5, 4, 3, 2]; // strengths r1..b4, then tokens t1..t8 in order

const move = (piece: string, q: number, r: number) => ({ type: 'move', piece, to: { q, r } });
const line = (actor: unknown, command: unknown): CommandEntry => ({ actor, command });

describe('runGame', () => {
  it('replays a random skirmish exactly: same seed, same commands, same events', () => {
    const g = randomPlay(5, 150);
    const r = runGame({ game: 'skirmish', scenario: 'duel', seed: 5, commands: g.commands.map((c) => line(c.actor, c.command)) });
    expect(r.error).toBeUndefined();
    expect(r.events.map(({ seq, ...e }) => e)).toEqual(g.events);
    expect(r.events.map((e) => e.seq)).toEqual(g.events.map((_, i) => i + 1));
    expect(r.status.finished).toBe(g.state.finished);
    expect(Object.keys(r.views)).toEqual(['red', 'blue', 'spectator']);
    expect(exitCode(r)).toBe(0);
  });

  it('uses fixed dice in order, set-up first, and reports what it used', () => {
    const r = runGame({
      game: 'skirmish',
      scenario: 'duel',
      dice: [...setupDice, 6, 1],
      commands: [line('red', move('r4', -2, 2)), line('red', { type: 'endTurn' }), line('blue', { type: 'endTurn' })],
    });
    expect(r.dice).toEqual({ source: 'fixed', used: 15, remaining: 2 });
    const setup = r.events[0] as unknown as { pieces: { id: string; strength: number; token: string }[] };
    expect(setup.pieces.map((p) => [p.token, p.id, p.strength])).toEqual([
      ['t1', 'r1', 1],
      ['t2', 'r2', 2],
      ['t3', 'r3', 3],
      ['t4', 'r4', 4],
      ['t5', 'b1', 4],
      ['t6', 'b2', 3],
      ['t7', 'b3', 2],
      ['t8', 'b4', 1],
    ]);
    expect(r.events.map((e) => e.type)).toEqual(['setup', 'moved', 'turnEnded', 'turnEnded']);
    expect(r.status.turn).toMatch(/^Turn 2 of 20, red/);
  });

  it('stops at the first refused command with its index, code and rule; --keep-going skips it', () => {
    const commands = [
      line({ side: 'red', commands: ['red-north'] }, move('r1', -2, -1)),
      line({ side: 'red', commands: ['red-north'] }, move('r3', -2, 1)), // FORBIDDEN: r3 is red-south's
      line('red', move('r1', -1, -1)), // ILLEGAL S3.2: r1 already moved
      line('blue', { type: 'endTurn' }), // NOT_YOUR_TURN
      line('red', { type: 'teleport' }), // BAD_COMMAND
      line('nobody', { type: 'endTurn' }), // unknown actor
      line('red', { type: 'endTurn' }),
    ];
    const r = runGame({ game: 'skirmish', scenario: 'duel', dice: setupDice, commands });
    expect(r.error).toMatchObject({ index: 1, code: 'FORBIDDEN', rule: 'S2.2' });
    expect(r.error!.message).toContain('red-south');
    expect(r.events).toHaveLength(2);
    expect(exitCode(r)).toBe(1);

    const k = runGame({ game: 'skirmish', scenario: 'duel', dice: setupDice, commands, keepGoing: true });
    expect(k.errors!.map((e) => [e.index, e.code, e.rule])).toEqual([
      [1, 'FORBIDDEN', 'S2.2'],
      [2, 'ILLEGAL', 'S3.2'],
      [3, 'NOT_YOUR_TURN', 'S2.1'],
      [4, 'BAD_COMMAND', null],
      [5, 'BAD_COMMAND', null],
    ]);
    expect(k.events.map((e) => e.type)).toEqual(['setup', 'moved', 'turnEnded']);
    expect(exitCode(k, true)).toBe(0);
  });

  it('reports fixed dice running out as an internal error (exit 2), in set-up as a usage error', () => {
    const walk = [
      [-2, 2],
      [-1, 2],
      [0, 1],
      [1, 1],
      [2, 1],
    ].flatMap(([q, r]) => [line('red', move('r4', q, r)), line('red', { type: 'endTurn' }), line('blue', { type: 'endTurn' })]);
    const attack = line('red', { type: 'attack', piece: 'r4', target: 't8' });
    const r = runGame({ game: 'skirmish', scenario: 'duel', dice: setupDice, commands: [...walk, attack], keepGoing: true });
    expect(r.error).toMatchObject({ index: 15, code: 'INTERNAL' });
    expect(r.error!.message).toMatch(/exhausted/);
    expect(r.internal).toBe(true);
    expect(exitCode(r, true)).toBe(2);
    const ok = runGame({ game: 'skirmish', scenario: 'duel', dice: [...setupDice, 3, 5], commands: [...walk, attack] });
    expect(ok.events.slice(-2).map((e) => e.type)).toEqual(['revealed', 'battle']);
    expect(ok.events.at(-1)).toMatchObject({ attackerRoll: 3, defenderRoll: 5, winner: 't4', eliminated: true });
    expect(() => runGame({ game: 'skirmish', scenario: 'duel', dice: setupDice.slice(0, 5) })).toThrow(/exhausted/);
  });

  it('resolves actors by side, by command and through an actor map', () => {
    const actorMap = parseActorMap('alice=red:red-north,bob=blue');
    expect(actorMap).toEqual({ alice: { side: 'red', commands: ['red-north'] }, bob: { side: 'blue' } });
    expect(parseActorMap('{"carol": {"side": "red", "commands": ["red-south"]}}')).toEqual({
      carol: { side: 'red', commands: ['red-south'] },
    });
    expect(parseActorMap('m.json', () => '{"dan": {"side": "blue"}}')).toEqual({ dan: { side: 'blue' } });
    const r = runGame({
      game: 'skirmish',
      scenario: 'duel',
      dice: setupDice,
      actorMap,
      commands: [
        line('alice', move('r1', -2, -1)),
        line('red-south', move('r3', -2, 1)),
        line('alice', move('r4', -2, 2)), // alice does not hold red-south
      ],
    });
    expect(r.events).toHaveLength(3);
    expect(r.error).toMatchObject({ index: 2, code: 'FORBIDDEN' });
    const b = runGame({
      game: 'skirmish',
      scenario: 'duel',
      dice: setupDice,
      actorMap,
      commands: [line('red', { type: 'endTurn' }), line('bob', move('b4', 2, 1))],
    });
    expect(b.error).toBeUndefined();
  });

  it('applies options and rejects unknown games, scenarios and options', () => {
    expect(runGame({ game: 'skirmish', scenario: 'duel', options: ['long'] }).status.turn).toMatch(/of 40/);
    expect(runGame({ game: 'skirmish', scenario: 'duel' }).options).toEqual({ long: false });
    expect(() => runGame({ game: 'nosuch', scenario: 'duel' })).toThrow(UsageError);
    expect(() => runGame({ game: 'skirmish', scenario: 'campaign' })).toThrow(/no scenario/);
    expect(() => runGame({ game: 'skirmish', scenario: 'duel', options: ['fog'] })).toThrow(/no option "fog"/);
  });

  it('gives each side and the spectator only what they may see', () => {
    const g = randomPlay(8, 60);
    const r = runGame({ game: 'skirmish', scenario: 'duel', seed: 8, commands: g.commands.map((c) => line(c.actor, c.command)) });
    const spectator = JSON.stringify(r.views.spectator);
    const red = JSON.stringify(r.views.red);
    for (const id of ['r1', 'r2', 'r3', 'r4', 'b1', 'b2', 'b3', 'b4']) expect(spectator).not.toContain(`"${id}"`);
    for (const id of ['b1', 'b2', 'b3', 'b4']) expect(red).not.toContain(`"${id}"`);
    expect(red).toContain('"r1"');
  });
});

describe('file formats', () => {
  it('reads dice as whitespace, commas or a JSON array', () => {
    expect(parseDiceText('1 2\n3\t4')).toEqual([1, 2, 3, 4]);
    expect(parseDiceText('1,2, 3 ,4\n')).toEqual([1, 2, 3, 4]);
    expect(parseDiceText('[1, 2, 3, 4]')).toEqual([1, 2, 3, 4]);
    expect(parseDiceText('  ')).toEqual([]);
    expect(() => parseDiceText('1 two 3')).toThrow(/value 2/);
    expect(() => parseDiceText('1 0')).toThrow(UsageError);
  });

  it('reads JSON Lines, skipping blanks and comments, and names a bad line', () => {
    const cmds = parseCommandsJsonl(
      '# a comment\n\n{"actor": "red", "command": {"type": "endTurn"}}\n// another\n{"actor": "blue", "command": {"type": "endTurn"}}\n',
    );
    expect(cmds).toEqual([
      { actor: 'red', command: { type: 'endTurn' }, line: 3 },
      { actor: 'blue', command: { type: 'endTurn' }, line: 5 },
    ]);
    expect(() => parseCommandsJsonl('{"actor": "red"}\n{oops')).toThrow(/line 2/);
  });
});

describe('CLI', () => {
  it('runs through npx tsx, prints one JSON object and exits 1 on a refused command', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hexfront-game-'));
    try {
      writeFileSync(join(dir, 'dice.txt'), `${setupDice.join(' ')}\n`);
      writeFileSync(
        join(dir, 'cmds.jsonl'),
        [
          JSON.stringify({ actor: { side: 'red', commands: ['red-north'] }, command: move('r1', -2, -1) }),
          JSON.stringify({ actor: 'red', command: { type: 'endTurn' } }),
          JSON.stringify({ actor: 'red', command: { type: 'endTurn' } }),
        ].join('\n'),
      );
      const p = spawnSync(
        'npx',
        [
          'tsx',
          'scripts/game.ts',
          'skirmish',
          'duel',
          '--commands',
          join(dir, 'cmds.jsonl'),
          '--dice',
          join(dir, 'dice.txt'),
          '--options',
          'long',
          '--compact',
        ],
        { cwd: root, encoding: 'utf8' },
      );
      expect(p.status, p.stderr).toBe(1);
      const out = JSON.parse(p.stdout);
      expect(out.game).toBe('skirmish');
      expect(out.options).toEqual({ long: true });
      expect(out.events.map((e: { seq: number; type: string }) => `${e.seq}:${e.type}`)).toEqual(['1:setup', '2:moved', '3:turnEnded']);
      expect(out.error).toMatchObject({ index: 2, line: 3, code: 'NOT_YOUR_TURN', rule: 'S2.1' });
      expect(out.status.turn).toBe('Turn 1 of 40, blue player-turn');
      expect(Object.keys(out.views)).toEqual(['red', 'blue', 'spectator']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
