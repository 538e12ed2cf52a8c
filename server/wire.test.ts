/**
 * The API's wire form (issue 14, point 4): plain JSON answers skip superjson but read back the same through the
 * clients' superjson; answers holding a Date still go through it. Plain inputs are checked once.
 */
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { guardedSuperjson, plainFirstOutput, rememberIfPlain } from './input';

describe('output transformer', () => {
  it('sends a plain JSON answer as it is, and superjson reads it back equal', () => {
    const v = { a: [1, 'x', { b: null, c: true }], n: 2.5 };
    const wire = plainFirstOutput.serialize(v) as { json: unknown; meta?: unknown };
    expect(wire.json).toBe(v);
    expect(wire.meta).toBeUndefined();
    expect(superjson.deserialize(JSON.parse(JSON.stringify(wire)))).toEqual(v);
  });

  it('keeps superjson for Dates, BigInts, Maps, non-finite numbers and -0', () => {
    for (const odd of [new Date(0), 10n, new Map([[1, 2]]), Number.NaN, -0]) {
      const v = { list: [{ odd }] };
      const wire = JSON.parse(JSON.stringify(plainFirstOutput.serialize(v)));
      expect(wire.meta).toBeDefined();
      expect(superjson.deserialize(wire)).toEqual(v);
    }
  });

  it('walks a remembered plain object once, and never remembers one that is not plain', () => {
    const batch = rememberIfPlain({ events: [{ seq: 1 }] });
    expect((plainFirstOutput.serialize(batch) as { json: unknown }).json).toBe(batch);
    const dated = rememberIfPlain({ at: new Date(0) });
    expect((plainFirstOutput.serialize(dated) as { meta?: unknown }).meta).toBeDefined();
  });
});

describe('input transformer', () => {
  it('returns a plain input as sent, checked, without superjson', () => {
    const json = { gameId: 'g', command: { type: 'add', n: 1 } };
    expect(guardedSuperjson.deserialize({ json })).toBe(json);
    expect(() => guardedSuperjson.deserialize({ json: { name: 'a\u0000b' } })).toThrow(/name/);
    // Annotated inputs still go through superjson (and are refused when not plain).
    expect(() => guardedSuperjson.deserialize({ json: { d: '1970-01-01T00:00:00.000Z' }, meta: { values: { d: ['Date'] } } })).toThrow(
      /plain JSON/,
    );
  });
});
