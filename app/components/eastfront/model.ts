/**
 * The board's reading of the view and of the legal actions. The engine decides what is legal; this file only
 * groups what `legal` returns (moves by unit and destination, the other actions by kind).
 */
import type { View, ViewUnit } from '../../../engine/games/eastfront/view';
import type { LegalActionData } from '../boards';

export type { View, ViewUnit };

export interface MoveOption {
  unit: string;
  dest: string;
  kind: 'move' | 'rail' | 'retreat' | 'mobilize';
  by?: string;
  path: string[];
  label: string;
  command: LegalActionData['command'];
  /** The destination holds enemy blocks: the move starts or joins a battle. */
  engages: boolean;
}

export interface LegalIndex {
  /** unit id -> destination hex -> options (land first). */
  moves: Map<string, Map<string, MoveOption[]>>;
  /** Everything that is not a move: activate, end phase, airstrike, fight, defend, produce... */
  actions: LegalActionData[];
  /** HQ id -> hexes of the units it can give orders to now (from the legal moves). */
  commands: Map<string, Set<string>>;
}

const KIND_ORDER = { move: 0, mobilize: 1, retreat: 2, rail: 3 } as const;

export function indexLegal(legal: LegalActionData[], view: View | null): LegalIndex {
  const moves = new Map<string, Map<string, MoveOption[]>>();
  const actions: LegalActionData[] = [];
  const commands = new Map<string, Set<string>>();
  const enemyAt = new Set<string>();
  const where = new Map<string, string | null>();
  for (const u of view?.units ?? []) {
    if (u.id) where.set(u.id, u.at);
  }
  const own = view?.active;
  for (const u of view?.units ?? []) if (u.at && u.side !== own) enemyAt.add(u.at);
  for (const a of legal) {
    const c = a.command;
    if (c.type === 'move' || c.type === 'rail' || c.type === 'retreat' || c.type === 'mobilize') {
      const unit = String(c.type === 'mobilize' ? c.hq : c.unit);
      const path = (c.path as string[]) ?? [];
      const start = where.get(unit) ?? null;
      const dest = path.length ? path[path.length - 1] : start;
      if (!dest) continue;
      const opt: MoveOption = {
        unit,
        dest,
        kind: c.type,
        by: c.by as string | undefined,
        path,
        label: a.label,
        command: c,
        engages: enemyAt.has(dest) && c.type !== 'retreat',
      };
      const byDest = moves.get(unit) ?? moves.set(unit, new Map()).get(unit)!;
      const list = byDest.get(dest) ?? byDest.set(dest, []).get(dest)!;
      list.push(opt);
      list.sort((x, y) => KIND_ORDER[x.kind] - KIND_ORDER[y.kind]);
      if (opt.by && start) (commands.get(opt.by) ?? commands.set(opt.by, new Set()).get(opt.by)!).add(start);
    } else actions.push(a);
  }
  return { moves, actions, commands };
}

/** Blocks per hex, own blocks first, strongest first (the order they are drawn in a stack). */
export function stacks(units: ViewUnit[], me?: string): Map<string, ViewUnit[]> {
  const out = new Map<string, ViewUnit[]>();
  for (const u of units) {
    if (!u.at) continue;
    (out.get(u.at) ?? out.set(u.at, []).get(u.at)!).push(u);
  }
  for (const list of out.values())
    list.sort(
      (a, b) =>
        Number(b.side === me) - Number(a.side === me) || (b.cv ?? -1) - (a.cv ?? -1) || (a.id ?? a.token).localeCompare(b.id ?? b.token),
    );
  return out;
}

export function unitKey(u: ViewUnit): string {
  return u.id ?? u.token;
}
