/**
 * Legal actions as structured choices.
 *
 * `legal(state, actor)` answers with a list of actions. An action is either a complete command, or the fixed
 * part of a command plus the choices still open ("a unit, then its destinations"; "the units that attack, any
 * non-empty subset of these"). Every field a command carries is either fixed by the action or filled by one of
 * its choices, so whether a command is offered is decided exactly, without running the rules again
 * (`offers`). Large choice spaces are offered whole and never truncated; a client (browser, bot, fuzzer)
 * completes an action by picking values (`complete`, `enumerate`).
 *
 * Contract each game keeps (checked by its property tests):
 *  - every command `decide` accepts is offered by `legal` for that actor in that state;
 *  - every completion of an offered action is accepted by `decide` (dice may change outcomes, never refuse).
 * Where a rule couples several picks (stacking over a whole set-up), the game offers the picks one at a time
 * (one command per unit), so each completion stands on its own.
 */
import { type Route, routeAllows, routeEnds, routeThrough } from './routes';
import type { RuleCommand } from './ruleset';

export type { Route } from './routes';

export type Json = string | number | boolean | null | Json[] | { [k: string]: Json };

/** One value a choice may take. */
export interface ChoiceOption {
  value: Json;
  /** Shown to players: a place name, a unit's name; never an internal id alone. */
  label: string;
  /** The map hex this option stands for, so a client can offer it by clicking the map. */
  hex?: string;
  /** Choices that open once this value is picked (a unit, then its destinations). 'one' choices only. */
  next?: Choice[];
  /** What the viewer may know about this option: movement cost, odds, "reveals the unit". JSON only. */
  hint?: { [k: string]: Json };
  /** What picking this option spends of its 'some' choice's budget (production points, say). */
  cost?: number;
  /** For 'some': the caps this option counts against (`Choice.caps`), e.g. one per unit and so many per hex. */
  groups?: string[];
}

export interface Choice {
  /** The top-level command field this choice fills. */
  field: string;
  label: string;
  /**
   * 'one': exactly one option's value; 'some': an array of distinct option values, in any order;
   * 'route': a list of hexes `route` allows (routes.ts); 'waypoints': a list of hexes some route of `route` to the
   * value of the field `after` passes in order (possibly none). Route choices have no options of their own.
   */
  pick: 'one' | 'some' | 'route' | 'waypoints';
  route?: Route;
  /** For 'waypoints': the field holding the destination (picked before). */
  after?: string;
  /**
   * Options not listed: computed on demand from the fields picked so far (Ruleset.choiceOptions, asked by a client
   * through the server's options query), so that large offers stay cheap. The name says which list.
   */
  lazy?: string;
  /** For 'some': at most this many picked options per group an option names (`ChoiceOption.groups`). */
  caps?: Record<string, number>;
  /** For 'some': the picked costs count against `action.pools[pool]`, shared with the action's other choices. */
  pool?: string;
  /** For 'some': how many values at least and at most (defaults 1 and the number of options). */
  min?: number;
  max?: number;
  /** For 'some': the array must hold at least one of these values (a Soviet attack needs a non-artillery unit). */
  atLeastOne?: Json[];
  /** For 'some': the picked options' costs may add up to at most this (a shared allowance, 11.3 in EastFront). */
  budget?: number;
  options: ChoiceOption[];
  /**
   * Options shared with other choices of the same action: the options are `action.shared[ref]` (then `options`
   * is empty), less the values in `except`. Keeps large answers small (every unit of one kind may set up in the
   * same 600 hexes).
   */
  ref?: string;
  except?: Json[];
}

/** One action the actor may take now. */
export interface LegalAction<C extends RuleCommand = RuleCommand> {
  /**
   * A complete command when `choices` is absent; otherwise only the fields fixed for every completion (the
   * fields the choices fill are absent). Typed as C until every game offers structured choices.
   */
  command: C;
  label: string;
  /** Rule reference shown with the action. */
  rule?: string;
  choices?: Choice[];
  /** Option lists that choices name by `ref`. */
  shared?: Record<string, ChoiceOption[]>;
  /** Budgets shared by the 'some' choices naming them as `pool` (production points over replacements and cadres). */
  pools?: Record<string, number>;
}

/** The options of a lazy choice, given the fields picked so far (undefined: none). */
export type Expand = (choice: Choice, picked: Readonly<Record<string, unknown>>) => ChoiceOption[] | undefined;

/** The choice with its shared options filled in (itself when it has no `ref`). */
export function resolveChoice(
  action: Pick<LegalAction, 'shared'>,
  ch: Choice,
  expand?: Expand,
  picked: Readonly<Record<string, unknown>> = {},
): Choice {
  if (ch.lazy) return { ...ch, lazy: undefined, options: expand?.(ch, picked) ?? [] };
  if (!ch.ref) return ch;
  const all = action.shared?.[ch.ref] ?? [];
  const except = new Set((ch.except ?? []).map(jsonKey));
  return { ...ch, ref: undefined, except: undefined, options: except.size ? all.filter((o) => !except.has(jsonKey(o.value))) : all };
}

/** The action with every `ref` resolved and `shared` dropped (for clients that walk choices directly). */
export function expandAction<C extends RuleCommand>(action: LegalAction<C>): LegalAction<C> {
  if (!action.shared) return action;
  const walk = (chs: readonly Choice[]): Choice[] =>
    chs.map((c) => {
      const r = resolveChoice(action, c);
      return { ...r, options: r.options.map((o) => (o.next ? { ...o, next: walk(o.next) } : o)) };
    });
  const { shared: _, ...rest } = action;
  return { ...rest, choices: action.choices ? walk(action.choices) : undefined };
}

// ---------------------------------------------------------------- equality

/** Structural equality of JSON values; object key order does not matter, `undefined` fields are absent. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => sameJson(x, bb[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const ka = Object.keys(ao).filter((k) => ao[k] !== undefined);
  const kb = Object.keys(bo).filter((k) => bo[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => k in bo && sameJson(ao[k], bo[k]));
}

/** A stable text key of a JSON value (sorted object keys), for sets and maps of options. */
export function jsonKey(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'undefined';
  if (Array.isArray(v)) return `[${v.map(jsonKey).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${jsonKey(o[k])}`)
    .join(',')}}`;
}

// ---------------------------------------------------------------- membership

/** Whether the picked values of a 'some' choice keep its size, caps and budgets (pool budgets: `pools` left). */
function someFits(action: LegalAction, ch: Choice, v: unknown, pools: Record<string, number>): boolean {
  if (!Array.isArray(v)) return false;
  const min = ch.min ?? 1;
  const max = ch.max ?? ch.options.length;
  if (v.length < min || v.length > max) return false;
  const allowed = new Map(ch.options.map((o) => [jsonKey(o.value), o]));
  const seen = new Set<string>();
  const used = new Map<string, number>();
  let spent = 0;
  for (const x of v) {
    const k = jsonKey(x);
    const o = allowed.get(k);
    if (!o || seen.has(k)) return false;
    seen.add(k);
    spent += o.cost ?? 0;
    for (const gr of o.groups ?? []) {
      const n = (used.get(gr) ?? 0) + 1;
      used.set(gr, n);
      if (ch.caps?.[gr] !== undefined && n > ch.caps[gr]) return false;
    }
  }
  if (ch.atLeastOne && !ch.atLeastOne.some((x) => seen.has(jsonKey(x)))) return false;
  if (ch.budget !== undefined && spent > ch.budget) return false;
  if (ch.pool) {
    const left = pools[ch.pool] ?? action.pools?.[ch.pool] ?? 0;
    if (spent > left) return false;
    pools[ch.pool] = left - spent;
  }
  return true;
}

/** Fields a completion of `choices` fills when the command picks the values it carries. */
function matchChoices(
  action: LegalAction,
  choices: readonly Choice[],
  cmd: Record<string, unknown>,
  filled: Set<string>,
  expand: Expand | undefined,
  pools: Record<string, number>,
): boolean {
  for (const c of choices) {
    const ch = resolveChoice(action, c, expand, cmd);
    const v = cmd[ch.field];
    filled.add(ch.field);
    if (ch.pick === 'one') {
      const opt = ch.options.find((o) => sameJson(o.value, v));
      if (!opt) return false;
      if (opt.next && !matchChoices(action, opt.next, cmd, filled, expand, pools)) return false;
    } else if (ch.pick === 'route') {
      if (!ch.route || !Array.isArray(v) || !routeAllows(ch.route, v)) return false;
    } else if (ch.pick === 'waypoints') {
      const to = cmd[ch.after ?? 'to'];
      if (!ch.route || !Array.isArray(v) || typeof to !== 'string' || !routeThrough(ch.route, to, v)) return false;
    } else if (!someFits(action, ch, v, pools)) return false;
  }
  return true;
}

/**
 * True when `cmd` is `action` itself or one of its completions. Lazy choices are matched against the options
 * `expand` gives for the command's own earlier fields (none without it).
 */
export function actionOffers<C extends RuleCommand>(action: LegalAction<C>, cmd: C, expand?: Expand): boolean {
  const c = cmd as unknown as Record<string, unknown>;
  const fixed = action.command as unknown as Record<string, unknown>;
  if (!action.choices?.length) return sameJson(fixed, c);
  const filled = new Set<string>();
  if (!matchChoices(action as LegalAction, action.choices, c, filled, expand, {})) return false;
  for (const [k, v] of Object.entries(fixed)) if (v !== undefined && !filled.has(k) && !sameJson(v, c[k])) return false;
  for (const [k, v] of Object.entries(c)) if (v !== undefined && !filled.has(k) && !(k in fixed && fixed[k] !== undefined)) return false;
  return true;
}

/** The first action offering `cmd`, or undefined when none does. */
export function findOffer<C extends RuleCommand>(actions: readonly LegalAction<C>[], cmd: C, expand?: Expand): LegalAction<C> | undefined {
  return actions.find((a) => actionOffers(a, cmd, expand));
}

/**
 * The action a refused command came closest to (same type, most fixed fields equal), so a refusal can name the
 * rule of the offer the command missed.
 */
export function nearestOffer<C extends RuleCommand>(actions: readonly LegalAction<C>[], cmd: C): LegalAction<C> | undefined {
  const c = cmd as unknown as Record<string, unknown>;
  let best: LegalAction<C> | undefined;
  let score = -1;
  for (const a of actions) {
    const f = a.command as unknown as Record<string, unknown>;
    if (f.type !== c.type) continue;
    const n = Object.entries(f).filter(([k, v]) => v !== undefined && sameJson(v, c[k])).length;
    if (n > score) (best = a), (score = n);
  }
  return best;
}

// ---------------------------------------------------------------- completion

/** Picks values for open choices; `pickOne` returns an index into options, `pickSome` the chosen indexes. */
export interface Picker {
  one(choice: Choice): number;
  some(choice: Choice): number[];
}

/** A route choice's picks as plain options: its ends (route), or no waypoints and one on a route (waypoints). */
export function routeOptions(ch: Choice, picked: Readonly<Record<string, unknown>>): ChoiceOption[] {
  if (!ch.route) return [];
  if (ch.pick === 'route')
    return routeEnds(ch.route).flatMap((h) => {
      const p = routeThrough(ch.route!, h);
      return p ? [{ value: p, label: h, hex: h }] : [];
    });
  const to = picked[ch.after ?? 'to'];
  const p = typeof to === 'string' ? routeThrough(ch.route, to) : null;
  if (!p) return [];
  return [{ value: [], label: 'no waypoints' }, ...p.slice(0, -1).map((h) => ({ value: [h], label: `by way of ${h}`, hex: h }))];
}

/** The picked indexes of a 'some' choice that keep its caps and the action's pool, in order (others dropped). */
function fitting(action: LegalAction, ch: Choice, idx: number[], pools: Record<string, number>): number[] {
  if (!ch.caps && !ch.pool) return idx;
  const used = new Map<string, number>();
  let left = ch.pool ? (pools[ch.pool] ?? action.pools?.[ch.pool] ?? 0) : Infinity;
  const out: number[] = [];
  for (const i of idx) {
    const o = ch.options[i];
    if ((o.cost ?? 0) > left) continue;
    if ((o.groups ?? []).some((g) => ch.caps?.[g] !== undefined && (used.get(g) ?? 0) >= ch.caps[g])) continue;
    for (const g of o.groups ?? []) used.set(g, (used.get(g) ?? 0) + 1);
    left -= o.cost ?? 0;
    out.push(i);
  }
  if (ch.pool) pools[ch.pool] = left;
  return out;
}

function fill(
  action: LegalAction,
  choices: readonly Choice[],
  out: Record<string, unknown>,
  picker: Picker,
  expand: Expand | undefined,
  pools: Record<string, number>,
): void {
  for (const c of choices) {
    const ch = resolveChoice(action, c, expand, out);
    if (ch.pick === 'one') {
      if (!ch.options.length) throw new RangeError(`no options for ${ch.field}`);
      const opt = ch.options[picker.one(ch)];
      out[ch.field] = opt.value;
      if (opt.next) fill(action, opt.next, out, picker, expand, pools);
    } else if (ch.pick === 'route' || ch.pick === 'waypoints') {
      const options = routeOptions(ch, out);
      if (!options.length) throw new RangeError(`no route for ${ch.field}`);
      out[ch.field] = options[picker.one({ ...ch, pick: 'one', options })].value;
    } else {
      out[ch.field] = fitting(action, ch, withRequired(ch, picker.some(ch)), pools).map((i) => ch.options[i].value);
    }
  }
}

/** Indexes picked for a 'some' choice, with one required value swapped in when none was picked. */
function withRequired(ch: Choice, idx: number[]): number[] {
  if (!ch.atLeastOne?.length) return idx;
  const req = new Set(ch.atLeastOne.map(jsonKey));
  if (idx.some((i) => req.has(jsonKey(ch.options[i].value)))) return idx;
  const r = ch.options.findIndex((o) => req.has(jsonKey(o.value)));
  if (r < 0) return idx;
  const max = ch.max ?? ch.options.length;
  const out = idx.length && idx.length >= max ? idx.slice(1) : [...idx];
  return [...out, r].sort((a, b) => a - b);
}

/**
 * A complete command from an action, picking open values with `picker` (lazy choices through `expand`). Throws a
 * RangeError when a lazy choice turns out to have no options (see tryComplete).
 */
export function complete<C extends RuleCommand>(action: LegalAction<C>, picker: Picker, expand?: Expand): C {
  const out: Record<string, unknown> = { ...(action.command as object) };
  if (action.choices) fill(action as LegalAction, action.choices, out, picker, expand, {});
  return out as unknown as C;
}

/** complete(), or null when a lazy choice on the way has no options (a group that cannot move after all). */
export function tryComplete<C extends RuleCommand>(action: LegalAction<C>, picker: Picker, expand?: Expand): C | null {
  try {
    return complete(action, picker, expand);
  } catch (e) {
    if (e instanceof RangeError) return null;
    throw e;
  }
}

/** Picker that takes the first option of each choice and the fewest values a 'some' choice allows. */
export const firstPicker: Picker = {
  one: () => 0,
  some: (ch) => Array.from({ length: ch.min ?? 1 }, (_, i) => i),
};

/** Random picker over a [0,1) source (a bot's or fuzzer's seeded generator). */
export function randomPicker(next: () => number): Picker {
  return {
    one: (ch) => Math.floor(next() * ch.options.length),
    some: (ch) => {
      const min = ch.min ?? 1;
      const max = Math.min(ch.max ?? ch.options.length, ch.options.length);
      const n = min + Math.floor(next() * (max - min + 1));
      const idx = ch.options.map((_, i) => i);
      for (let i = idx.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [idx[i], idx[j]] = [idx[j], idx[i]];
      }
      return withinBudget(ch, idx, n).sort((a, b) => a - b);
    },
  };
}

/** The first `n` of `order` (option indexes) whose costs fit the choice's budget, skipping those that do not. */
function withinBudget(ch: Choice, order: number[], n: number): number[] {
  if (ch.budget === undefined) return order.slice(0, n);
  const out: number[] = [];
  let left = ch.budget;
  for (const i of order) {
    if (out.length >= n) break;
    const c = ch.options[i].cost ?? 0;
    if (c <= left) {
      out.push(i);
      left -= c;
    }
  }
  return out;
}

/**
 * Every completion of 'one' choices (for 'some' choices: the minimal and the full subsets; for route choices: one
 * route per end, and no waypoints), up to `limit`. Lazy choices are skipped unless `expand` is given.
 */
export function enumerate<C extends RuleCommand>(action: LegalAction<C>, limit = 10_000, expand?: Expand): C[] {
  const out: C[] = [];
  // pools: what is left of each shared budget after the choices already walked (as complete() and the matcher count it)
  const walk = (todo: readonly Choice[], acc: Record<string, unknown>, pools: Record<string, number>): void => {
    if (out.length >= limit) return;
    if (!todo.length) {
      out.push({ ...acc } as unknown as C);
      return;
    }
    const [first, ...rest] = todo;
    const ch = resolveChoice(action as LegalAction, first, expand, acc);
    if (ch.pick === 'one') {
      for (const o of ch.options) walk([...(o.next ?? []), ...rest], { ...acc, [ch.field]: o.value }, pools);
    } else if (ch.pick === 'route') {
      for (const o of routeOptions(ch, acc)) walk(rest, { ...acc, [ch.field]: o.value }, pools);
    } else if (ch.pick === 'waypoints') {
      walk(rest, { ...acc, [ch.field]: [] }, pools);
    } else {
      if (ch.caps || ch.pool) {
        // coupled picks: the fewest values, then each value alone
        if ((ch.min ?? 1) === 0) walk(rest, { ...acc, [ch.field]: [] }, pools);
        for (let i = 0; i < ch.options.length; i++) {
          const left = { ...pools };
          const idx = fitting(action as LegalAction, ch, [i], left);
          if (idx.length && (ch.min ?? 1) <= 1) walk(rest, { ...acc, [ch.field]: idx.map((k) => ch.options[k].value) }, left);
        }
        return;
      }
      const min = ch.min ?? 1;
      const max = Math.min(ch.max ?? ch.options.length, ch.options.length);
      const all = ch.options.map((_, i) => i);
      const vals = (idx: number[]) => idx.map((i) => ch.options[i].value);
      const pick = (n: number) => vals(withRequired(ch, withinBudget(ch, all, n)));
      walk(rest, { ...acc, [ch.field]: pick(min) }, pools);
      if (max > min) walk(rest, { ...acc, [ch.field]: pick(max) }, pools);
    }
  };
  walk(action.choices ?? [], { ...(action.command as object) }, {});
  return out;
}

/** How many complete commands an action stands for ('some' choices counted as subsets within their bounds; `atLeastOne`
 *  and a budget are not counted, so this is an upper bound for such choices; a route counts once per end, waypoints
 *  and lazy choices not at all). */
export function countCompletions<C extends RuleCommand>(action: LegalAction<C>): number {
  const binom = (n: number, k: number) => {
    let r = 1;
    for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
    return r;
  };
  const count = (choices: readonly Choice[]): number =>
    choices.reduce((acc, c) => {
      const ch = resolveChoice(action as LegalAction, c);
      if (ch.pick === 'one') return acc * ch.options.reduce((s, o) => s + (o.next ? count(o.next) : 1), 0);
      if (ch.pick === 'route') return acc * (ch.route ? routeEnds(ch.route).length : 0);
      if (ch.pick === 'waypoints') return acc;
      const min = ch.min ?? 1;
      const max = Math.min(ch.max ?? ch.options.length, ch.options.length);
      let n = 0;
      for (let k = min; k <= max; k++) n += binom(ch.options.length, k);
      return acc * n;
    }, 1);
  return action.choices?.length ? count(action.choices) : 1;
}

// ---------------------------------------------------------------- lazy choices for players without the state

/** A lazy choice a player may ask about: in `legal[action]`, under option `option` of its first choice. */
export interface LazyAsk {
  action: number;
  option: number;
  lazy: string;
  picked: Record<string, Json>;
}

/**
 * The lazy choices opened by the options of each action's first choice (a move's units, then where to), at most
 * `limit` of them, in the order `rank` gives (a bot's seeded shuffle, say). A client asks the server for these
 * (game.choices) and folds the answers back with `withAnswers`.
 */
export function lazyAsks(legal: readonly LegalAction[], limit: number, rank: () => number = () => 0): LazyAsk[] {
  const all: (LazyAsk & { k: number })[] = [];
  legal.forEach((a, i) => {
    const ch = a.choices?.[0];
    if (ch?.pick !== 'one') return;
    ch.options.forEach((o, j) => {
      const lazy = o.next?.find((n) => n.lazy)?.lazy;
      if (lazy) all.push({ action: i, option: j, lazy, picked: { [ch.field]: o.value }, k: rank() });
    });
  });
  return all
    .sort((x, y) => x.k - y.k)
    .slice(0, limit)
    .map(({ k: _, ...ask }) => ask);
}

/**
 * The actions with the asked lazy choices filled in (`answers[i]` for `asks[i]`); options whose lazy choice was
 * not asked, or came back empty, are left out, and so are actions left with no option.
 */
export function withAnswers(legal: readonly LegalAction[], asks: readonly LazyAsk[], answers: readonly ChoiceOption[][]): LegalAction[] {
  const got = new Map(asks.map((a, i) => [`${a.action}|${a.option}`, answers[i] ?? []]));
  const out: LegalAction[] = [];
  legal.forEach((a, i) => {
    const ch = a.choices?.[0];
    const lazy = ch?.pick === 'one' && ch.options.some((o) => o.next?.some((n) => n.lazy));
    if (!ch || !lazy) {
      out.push(a);
      return;
    }
    const options = ch.options.flatMap((o, j) => {
      const ans = got.get(`${i}|${j}`);
      if (!ans?.length) return [];
      return [{ ...o, next: o.next?.map((n) => (n.lazy ? { ...n, lazy: undefined, options: ans } : n)) }];
    });
    if (options.length) out.push({ ...a, choices: [{ ...ch, options }, ...(a.choices?.slice(1) ?? [])] });
  });
  return out;
}

/**
 * Answer `asks` with one request per lazy list (`ask` returns the options for each picked set, in order), then fold
 * the answers back into the offers with withAnswers: what a client does with the server's game.choices.
 */
export async function answerLazy(
  legal: readonly LegalAction[],
  asks: readonly LazyAsk[],
  ask: (lazy: string, picked: Record<string, Json>[]) => Promise<readonly unknown[]>,
): Promise<LegalAction[]> {
  const answers: ChoiceOption[][] = asks.map(() => []);
  for (const lazy of new Set(asks.map((a) => a.lazy))) {
    const mine = asks.flatMap((a, i) => (a.lazy === lazy ? [i] : []));
    const got = await ask(
      lazy,
      mine.map((i) => asks[i].picked),
    );
    mine.forEach((i, k) => {
      answers[i] = (got[k] ?? []) as ChoiceOption[];
    });
  }
  return withAnswers(legal, asks, answers);
}

/** The first completion (first picks) of the first option of the first choice that has one: lazy lists may be empty. */
export function firstCompletion<C extends RuleCommand>(action: LegalAction<C>, expand?: Expand): C | null {
  const ch = action.choices?.[0];
  if (ch?.pick !== 'one') return tryComplete(action, firstPicker, expand);
  for (const o of ch.options) {
    const c = tryComplete({ ...action, choices: [{ ...ch, options: [o] }, ...(action.choices?.slice(1) ?? [])] }, firstPicker, expand);
    if (c) return c;
  }
  return null;
}
