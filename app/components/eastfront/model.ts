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

type Flat = LegalActionData & { path?: string[] };

/** Subsets of `n` indexes of size `k` (small: the units of one hex). */
function subsets(n: number, k: number): number[][] {
  const out: number[][] = [];
  const walk = (from: number, acc: number[]) => {
    if (acc.length === k) return void out.push(acc);
    for (let i = from; i < n; i++) walk(i + 1, [...acc, i]);
  };
  walk(0, []);
  return out;
}

/**
 * The engine offers choices (a block, then its commander and destination; a deploy hex; a drop hex; the units that
 * go unsupplied). The board works with complete commands: one per destination (the first commander offering it,
 * field HQs first) and per entry hexside, each with the engine's route for drawing and pricing. Fire orders and
 * loss preferences are left to the defaults here; production keeps its choices for the production form.
 */
export function flattenLegal(legal: LegalActionData[]): Flat[] {
  const out: Flat[] = [];
  for (const a of legal) {
    const c = a.command;
    const ch = a.choices;
    if (!ch?.length || c.type === 'produce') {
      out.push(a);
      continue;
    }
    if (c.type === 'fight' || c.type === 'defend') continue;
    const [first, ...rest] = ch;
    if (first.field === 'by') {
      const seen = new Set<string>();
      for (const by of first.options)
        for (const to of by.next?.find((x) => x.field === 'to')?.options ?? []) {
          const vias = to.next?.find((x) => x.field === 'via')?.options;
          for (const via of vias ?? [null]) {
            const key = `${String(to.value)}|${JSON.stringify(via?.value ?? null)}`;
            if (seen.has(key)) continue;
            seen.add(key);
            const path = ((via ?? to).hint?.path as string[] | undefined) ?? [];
            out.push({
              command: { ...c, by: by.value, to: to.value, ...(via ? { via: via.value } : {}) },
              label: `${a.label.replace(/ into battle across a chosen hexside$/, '')} to ${to.label}${via ? ` ${via.label}` : ''}`,
              rule: a.rule,
              path,
            });
          }
        }
    } else if (first.pick === 'one' && !rest.length) {
      for (const o of first.options)
        out.push({
          command: { ...c, [first.field]: o.value },
          label: `${a.label}: ${o.label}`,
          rule: a.rule,
          ...(typeof o.hint?.path === 'object' ? { path: o.hint.path as string[] } : {}),
        });
    } else if (first.pick === 'some' && !rest.length && first.min === first.max) {
      for (const pick of subsets(first.options.length, first.min ?? 1))
        out.push({
          command: { ...c, [first.field]: pick.map((i) => first.options[i].value) },
          label: `${a.label}: ${pick.map((i) => first.options[i].label).join(', ')}`,
          rule: a.rule,
        });
    }
  }
  return out;
}

export function indexLegal(legal0: LegalActionData[], view: View | null): LegalIndex {
  const legal = flattenLegal(legal0);
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
      const path = a.path ?? (c.path as string[]) ?? [];
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
