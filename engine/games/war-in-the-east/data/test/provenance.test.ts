import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { barbarossaCounters, reinforcements } from '../index';

const DIR = join(import.meta.dirname, '..');
const FILES = readdirSync(DIR).filter((f) => f.endsWith('.json'));
const PROVS = new Set(['printed', 'derived', 'substitute']);
/** Keys that describe rather than state a fact. */
const PROSE = new Set(['about', 'note', 'notes', 'design', 'codeNotes', 'src', 'name', 'title', 'description']);

/** Paths of facts (leaves) that have no 'prov' on themselves or any enclosing object. */
function untagged(node: unknown, path: string, tagged: boolean, out: string[]): void {
  if (node === null || typeof node !== 'object') {
    if (!tagged) out.push(path);
    return;
  }
  if (Array.isArray(node)) {
    for (const [i, x] of node.entries()) untagged(x, `${path}[${i}]`, tagged, out);
    return;
  }
  const o = node as Record<string, unknown>;
  if ('prov' in o && !PROVS.has(o.prov as string)) out.push(`${path}.prov=${String(o.prov)}`);
  const here = tagged || 'prov' in o;
  for (const [k, v] of Object.entries(o)) if (!PROSE.has(k) && k !== 'prov') untagged(v, `${path}.${k}`, here, out);
}

describe('provenance', () => {
  it('tags every fact in every data file printed, derived or substitute', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(11);
    for (const f of FILES) {
      const out: string[] = [];
      untagged(JSON.parse(readFileSync(join(DIR, f), 'utf8')), f, false, out);
      expect(out, f).toEqual([]);
    }
  });

  it('gives every counter a provenance and a source', () => {
    const all = [...barbarossaCounters(), ...Array.from({ length: 20 }, (_, i) => reinforcements(i + 1)).flat()];
    expect(all.length).toBeGreaterThan(400);
    for (const c of all) {
      expect(PROVS.has(c.prov), c.id).toBe(true);
      expect(c.src.length, c.id).toBeGreaterThan(3);
    }
  });
});
