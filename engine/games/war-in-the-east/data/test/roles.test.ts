import { describe, expect, it } from 'vitest';
import { barbarossaCounters, commandOfReinforcement, forces, reinforcements, roles } from '../index';

const commandsOf = (side: string) => roles.sides.find((s) => s.id === side)!.commands.map((c) => c.id);

describe('team roles', () => {
  it('gives the Axis a C-in-C, Finland, three army groups and Rumania', () => {
    expect(commandsOf('axis')).toEqual(['okh', 'finland', 'ag-north', 'ag-center', 'ag-south', 'rumania']);
  });

  it('gives the Soviets Stavka and the five fronts of 31.31', () => {
    expect(commandsOf('soviet')).toEqual(['stavka', 'finnish-border', 'baltic', 'west', 'kiev', 'rumanian-border']);
  });

  it('hands every set-up sector to exactly one command of its own side, the four reserves to Stavka', () => {
    for (const s of forces.sectors) {
      const holders = roles.sides.flatMap((side) => side.commands.filter((c) => c.sectors?.includes(s.id)).map((c) => [side.id, c.id]));
      expect(holders, s.id).toHaveLength(1);
      expect(holders[0][0], s.id).toBe(s.side);
      if (s.id.endsWith('-reserve')) expect(holders[0][1]).toBe('stavka');
    }
  });

  it('gives every counter, at set-up and on arrival, a command of its own side', () => {
    const all = [...barbarossaCounters(), ...Array.from({ length: 20 }, (_, i) => reinforcements(i + 1)).flat()];
    for (const c of all) expect(commandsOf(c.side), c.id).toContain(c.command);
    expect(all.filter((c) => c.type === 'repair-axis').every((c) => c.command === 'okh')).toBe(true);
  });

  it('sends allied contingents to their commands and German reinforcements to OKH', () => {
    expect(commandOfReinforcement('axis', 'rumanian')).toBe('rumania');
    expect(commandOfReinforcement('axis', 'italian')).toBe('ag-south');
    expect(commandOfReinforcement('axis', 'finnish')).toBe('finland');
    expect(commandOfReinforcement('axis', 'german')).toBe('okh');
    expect(commandOfReinforcement('soviet', 'soviet')).toBe('stavka');
  });

  it('leaves the side-wide resources to the C-in-C commands', () => {
    const duties = (id: string) =>
      roles.sides
        .flatMap((s) => s.commands)
        .find((c) => c.id === id)!
        .duties!.map((d) => d.what)
        .join(' | ');
    expect(duties('okh')).toMatch(/air commitment/);
    expect(duties('okh')).toMatch(/rail capacity/);
    expect(duties('okh')).toMatch(/draft replacement/);
    expect(duties('stavka')).toMatch(/air commitment/);
    expect(duties('stavka')).toMatch(/rail capacity/);
  });
});
