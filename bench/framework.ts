/**
 * The game framework's figures (issue 13): lines per source file in engine/games (the largest, and how many pass
 * ~400), and the server's offer check (`Ruleset.offered`) for an Operation Unthinkable move in the first Allied
 * Movement Phase, p50/p95 in ms (legal() per position is in bench/ou-reach.ts and bench/eastfront.ts).
 * Run alone: `npx tsx bench/framework.ts`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { firstPicker, tryComplete } from '../engine/core/actions';
import { operationUnthinkable } from '../engine/games/operation-unthinkable';
import { playUntil } from '../engine/games/operation-unthinkable/fuzz';
import { ALLIED_COMMANDS } from '../engine/games/operation-unthinkable/sequence';

const pct = (xs: number[], p: number) =>
  Math.round([...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] * 100) / 100;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(f) && !f.endsWith('.test.ts') ? [p] : [];
  });
}

export async function benchFramework() {
  const root = resolve(import.meta.dirname, '..');
  const files = sources(join(root, 'engine/games')).map((p) => ({ p: relative(root, p), n: readFileSync(p, 'utf8').split('\n').length }));
  files.sort((a, b) => b.n - a.n);
  const rs = operationUnthinkable;
  const s = playUntil(rs, 7, (x) => x.step === 'allied-1' && x.order.allied === 'move-fight');
  const allied = { side: 'allied', commands: ALLIED_COMMANDS };
  const move = rs.legal(s, allied).find((a) => a.command.type === 'move');
  const times: number[] = [];
  for (const o of move?.choices?.[0].options ?? []) {
    const fresh = { ...s };
    const cmd = tryComplete({ ...move!, choices: [{ ...move!.choices![0], options: [o] }] }, firstPicker, (ch, p) =>
      rs.choiceOptions?.(fresh, allied, ch.lazy ?? '', { ...p }),
    );
    if (!cmd) continue;
    const check = { ...s };
    const t0 = performance.now();
    rs.offered?.(check, allied, cmd);
    times.push(performance.now() - t0);
  }
  return {
    engine_games_files: files.length,
    engine_games_max_lines: files[0]?.n ?? 0,
    engine_games_max_lines_file: files[0]?.p ?? '',
    engine_games_files_over_400: files.filter((f) => f.n > 400).map((f) => `${f.p} (${f.n})`),
    ou_offered_move_checks: times.length,
    ou_offered_move_p50_ms: pct(times, 0.5),
    ou_offered_move_p95_ms: pct(times, 0.95),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename))
  benchFramework().then((r) => console.log(JSON.stringify(r)));
