'use client';
/**
 * Places in the play shell that a board fills from inside its own tree (React portals): the side panel's
 * "selection" and "battles" tabs. A board wraps a panel in <ShellSlot name="…">; outside a shell (or before the
 * shell has mounted its panels) the panel renders where it stands, so a board works on any page.
 */
import { createContext, type ReactNode, useContext } from 'react';
import { createPortal } from 'react-dom';

export type SlotName = 'selection' | 'battles';

export const SlotContext = createContext<Partial<Record<SlotName, HTMLElement | null>> | null>(null);

export function ShellSlot({ name, children }: { name: SlotName; children: ReactNode }) {
  const slots = useContext(SlotContext);
  if (!slots) return <>{children}</>;
  const el = slots[name];
  return el ? createPortal(children, el) : null;
}
