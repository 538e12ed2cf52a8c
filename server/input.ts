/**
 * Every procedure's input is plain JSON of bounded shape, checked before any work is done on it:
 *
 *   1. on the wire, before superjson sees it (guardedSuperjson): depth, number of values, items per array or
 *      object, and no control characters or lone surrogates in any string or key;
 *   2. after superjson (plainInput middleware, also for server-side callers): only null, booleans, finite numbers,
 *      strings, arrays and plain objects (undefined is dropped); no BigInt, Date, Map, Set, class instances, and
 *      no cycles; shared references count each time they are reached, so a small graph cannot stand for a huge
 *      tree.
 *
 * A refusal is a BAD_REQUEST whose message starts with the field's path (`name: ...`, `command.path.3.q: ...`)
 * and whose error data carries it as `field`.
 */
import { TRPCError } from '@trpc/server';
import superjson from 'superjson';

export const INPUT_LIMITS = {
  /** Nesting of arrays and objects (a procedure's envelope counts: a command's own levels start at 2). */
  depth: 24,
  /** Values in one call's input (wire form, meta included). */
  values: 20_000,
  /** Items in one array or keys in one object. */
  items: 2_000,
};

/** A refused input, naming the offending field. */
export class InputError extends Error {
  constructor(
    readonly field: string,
    reason: string,
  ) {
    super(`${field || 'input'}: ${reason}`);
  }
}

// C0 and C1 control characters, DEL, and UTF-16 surrogates that are not part of a pair (PostgreSQL stores neither).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job
const BAD_TEXT = /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a string may not be stored, or null. */
export function badText(s: string): string | null {
  const m = BAD_TEXT.exec(s);
  if (!m) return null;
  const c = m[0].charCodeAt(0);
  return c >= 0xd800
    ? 'text holds a broken UTF-16 surrogate'
    : `control characters are not allowed (U+${c.toString(16).toUpperCase().padStart(4, '0')})`;
}

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/**
 * Walk a value iteratively (no recursion, so depth cannot overflow the stack), refusing anything outside plain
 * JSON within the limits.
 */
export function checkPlain(value: unknown, rootPath = ''): void {
  let budget = INPUT_LIMITS.values;
  // Each frame: value, path, depth, ancestors on the way down (for cycle detection).
  const stack: { v: unknown; path: string; depth: number; parents: Set<object> | null }[] = [
    { v: value, path: rootPath, depth: 0, parents: null },
  ];
  while (stack.length) {
    const { v, path, depth, parents } = stack.pop() as (typeof stack)[number];
    if (--budget < 0) throw new InputError(rootPath, `more than ${INPUT_LIMITS.values} values`);
    if (v === null || v === undefined || typeof v === 'boolean') continue;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new InputError(path, 'numbers must be finite');
      continue;
    }
    if (typeof v === 'string') {
      const why = badText(v);
      if (why) throw new InputError(path, why);
      continue;
    }
    if (typeof v !== 'object') throw new InputError(path, `only plain JSON values are accepted (got ${typeof v})`);
    const proto = Object.getPrototypeOf(v);
    const isArray = Array.isArray(v);
    if (!isArray && proto !== Object.prototype && proto !== null) {
      const name = (proto?.constructor as { name?: string } | undefined)?.name ?? 'object';
      throw new InputError(path, `only plain JSON values are accepted (got ${name})`);
    }
    if (parents?.has(v)) throw new InputError(path, 'the value refers to itself');
    if (depth >= INPUT_LIMITS.depth) throw new InputError(path, `nested more than ${INPUT_LIMITS.depth} levels deep`);
    const entries: [string | number, unknown][] = isArray ? (v as unknown[]).map((x, i) => [i, x]) : Object.entries(v);
    if (entries.length > INPUT_LIMITS.items) throw new InputError(path, `more than ${INPUT_LIMITS.items} items`);
    const below = new Set(parents ?? []);
    below.add(v);
    for (const [k, x] of entries) {
      if (typeof k === 'string') {
        const why = badText(k);
        if (why) throw new InputError(join(path, k.replace(BAD_TEXT, '?')), `in a key: ${why}`);
      }
      stack.push({ v: x, path: join(path, k), depth: depth + 1, parents: below });
    }
  }
}

const refuse = (err: InputError) => new TRPCError({ code: 'BAD_REQUEST', message: err.message, cause: err });

/** Superjson annotations an input may carry: only `undefined` (a field left out). */
function checkMeta(meta: unknown) {
  if (meta === undefined || meta === null) return;
  const m = meta as { values?: unknown; referentialEqualities?: unknown };
  const stack: { v: unknown; path: string }[] = [{ v: m.values, path: '' }];
  while (stack.length) {
    const { v, path } = stack.pop() as { v: unknown; path: string };
    if (v === undefined) continue;
    // A tree is { 'dotted.path': annotation }.
    if (Array.isArray(v)) {
      // A leaf annotation is [type] or [type, children]; only `undefined` (which has no children) is allowed.
      if (v[0] === 'undefined' && v.length === 1) continue;
      throw new InputError(path, `only plain JSON values are accepted (got ${typeof v[0] === 'string' ? v[0] : 'an annotation'})`);
    }
    if (typeof v === 'object' && v !== null) {
      for (const [k, x] of Object.entries(v)) stack.push({ v: x, path: k });
      continue;
    }
    throw new InputError(path, 'malformed superjson annotation');
  }
}

/** Inputs this process has already checked with checkPlain (so the middleware does not walk them again). */
const checkedInputs = new WeakSet<object>();

/**
 * superjson's wire form for inputs, with the wire form checked first. An input without superjson annotations
 * (every input our clients send: plain JSON) is the checked JSON itself, with no superjson pass over it.
 */
export const guardedSuperjson = {
  serialize: (v: unknown) => superjson.serialize(v),
  deserialize: (raw: unknown) => {
    try {
      // The wire form: bounded trees (JSON.parse output), the value and superjson's meta.
      const r = raw as { json?: unknown; meta?: unknown } | null;
      const wrapped = r !== null && typeof r === 'object' && !Array.isArray(r) && 'json' in r;
      checkPlain(wrapped ? r.json : raw);
      if (wrapped && r.meta === undefined) {
        if (r.json !== null && typeof r.json === 'object') checkedInputs.add(r.json);
        return r.json;
      }
      if (wrapped && r.meta !== undefined) {
        checkPlain(r.meta, 'meta');
        checkMeta(r.meta);
      }
      const out = superjson.deserialize(raw as never);
      checkPlain(out);
      return out;
    } catch (err) {
      if (err instanceof InputError) throw refuse(err);
      if (err instanceof TRPCError) throw err;
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'input: not a valid superjson payload' });
    }
  },
};

/** Middleware body: refuse a raw input that is not plain, bounded JSON (server-side callers included). */
export async function assertPlainInput(getRawInput: () => Promise<unknown>) {
  let raw: unknown;
  try {
    raw = await getRawInput();
    if (raw !== null && typeof raw === 'object' && checkedInputs.has(raw)) return;
    checkPlain(raw);
  } catch (err) {
    if (err instanceof InputError) throw refuse(err);
    throw err;
  }
}

/** Objects known to hold only plain JSON values (shared live batches): the output transformer does not walk them. */
const plainOutputs = new WeakSet<object>();
/** Walk `v` once now and, if it is plain JSON, let every later serialization of it skip the walk (never mutate it after). */
export function rememberIfPlain<T extends object>(v: T): T {
  if (isPlainJson(v)) plainOutputs.add(v);
  return v;
}

/** Whether a value is plain JSON (null, booleans, finite numbers, strings, arrays, plain objects; undefined dropped). */
function isPlainJson(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (v === null || v === undefined) continue;
    const t = typeof v;
    if (t === 'string' || t === 'boolean') continue;
    if (t === 'number') {
      if (!Number.isFinite(v) || Object.is(v, -0)) return false;
      continue;
    }
    if (t !== 'object') return false;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push(v[i]);
      continue;
    }
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return false;
    if (plainOutputs.has(v as object)) continue;
    for (const k in v as Record<string, unknown>) stack.push((v as Record<string, unknown>)[k]);
  }
  return true;
}

/**
 * Outputs in superjson's wire form, without superjson where it buys nothing: a plain JSON answer (nearly every
 * answer) is sent as `{ json }` as it is, which superjson's deserialize reads back unchanged; only an answer
 * holding a Date, Map, Set, BigInt and the like goes through superjson (the lobby's timestamps).
 */
export const plainFirstOutput = {
  serialize: (v: unknown) => (isPlainJson(v) ? { json: v } : superjson.serialize(v)),
  deserialize: (v: unknown) => superjson.deserialize(v as never),
};
