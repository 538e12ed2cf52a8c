/**
 * Stored games keep folding to the same states: three seeded random games recorded with ruleset 0.3.0 (every
 * option among them). Their events are replayed through today's evolve() and the final state compared by hash.
 * A change that alters these hashes changes what stored logs mean: bump VERSION and say why in docs/decisions.md.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fold } from '../../../core/ruleset';
import { operationUnthinkable } from '../index';
import type { Event } from '../types';
import states from '../golden/states.json';

const dir = join(import.meta.dirname, '..', 'golden');

describe('golden logs (stored games replay to the same states)', () => {
  for (const [name, want] of Object.entries(states)) {
    it(`${name} (${want.events} events, ${want.winner} win) folds to its recorded state`, () => {
      const events = JSON.parse(gunzipSync(readFileSync(join(dir, `${name}.events.json.gz`))).toString()) as Event[];
      expect(events).toHaveLength(want.events);
      const s = fold(operationUnthinkable, events);
      expect(s.result?.winner).toBe(want.winner);
      expect(createHash('sha256').update(JSON.stringify(s)).digest('hex')).toBe(want.sha256);
    });
  }
});
