'use client';
import { useEffect, useRef } from 'react';

/** Call `onEscape` whenever Escape is pressed anywhere on the page (boards use it to clear a selection). */
export function useEscapeKey(onEscape: () => void) {
  const latest = useRef(onEscape);
  latest.current = onEscape;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') latest.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
