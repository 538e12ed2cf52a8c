import { describe, expect, it } from 'vitest';
import { eastfrontDrill } from '../drill';
import { Driver } from '../testkit';

describe('the test-only loss-choice drill (e2e set-up)', () => {
  it('is test-only, and a defensive hit at Rostov asks the German which 4cv block takes it', () => {
    expect(eastfrontDrill.testOnly).toBe(true);
    const g = new Driver(eastfrontDrill);
    const rostov = g.unit('V').at!;
    g.play({ type: 'endCommand' });
    g.play({ type: 'endMovement' });
    g.play({ type: 'fight', hex: rostov });
    g.play({ type: 'defend', hex: rostov }, [5, 1, 1, 1]); // Guards Infantry A (4cv, first by id among alike units) scores a hit
    expect(g.state.prompt).toEqual({ kind: 'allocate', side: 'german', hex: rostov, what: 'loss', units: ['V', 'Y'] });
  });
});
