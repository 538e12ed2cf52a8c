'use client';
/**
 * A small bridge between a map board and the annotation tools: the board announces hex clicks, and the
 * annotation form (when it is waiting for a hex) takes them. Boards call `announceHexClick(id)` from HexMap's
 * onHexClick; nothing happens unless someone is picking.
 */
import { useEffect, useRef } from 'react';

const target = typeof window === 'undefined' ? null : new EventTarget();
let pickers = 0;

export function announceHexClick(hexId: string) {
  target?.dispatchEvent(new CustomEvent<string>('hex', { detail: hexId }));
}

/** Whether some annotation form is waiting for a hex (a board may show a crosshair cursor). */
export const isPickingHex = () => pickers > 0;

/** While `active`, call `onPick` with each announced hex click. */
export function useHexPicks(active: boolean, onPick: (hexId: string) => void) {
  const cb = useRef(onPick);
  cb.current = onPick;
  useEffect(() => {
    if (!active || !target) return;
    const on = (e: Event) => cb.current((e as CustomEvent<string>).detail);
    pickers++;
    target.addEventListener('hex', on);
    return () => {
      pickers--;
      target.removeEventListener('hex', on);
    };
  }, [active]);
}
