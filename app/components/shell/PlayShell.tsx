'use client';
/**
 * The play surface shared by every game: the whole window is the game. A slim head (game, turn, whose move,
 * controls) and timeline bar on top; the board's stage (its prompt bar fixed over the map, the map filling the
 * rest) on the left; a side panel with tabs on the right, whose content scrolls inside it and never pushes the
 * map off screen. Under the tabs the latest log lines stay in view. On a phone the map takes the full width,
 * the board's prompt becomes a bottom sheet and the side panel follows the map.
 */
import { type KeyboardEvent, type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import './shell.css';
import { SlotContext, type SlotName } from './slots';

export interface ShellTab {
  id: string;
  label: string;
  /** Content rendered by the shell; or `slot`: a place the board fills (see ShellSlot). */
  content?: ReactNode;
  slot?: SlotName;
  /** Shown in the tab when the slot is empty. */
  empty?: string;
  badge?: ReactNode;
}

/** Tabs a click on the map does not leave (a battle being followed, a note waiting for its hex). */
const KEEP_TAB = new Set(['battles', 'chat', 'notes']);

/** Focus the first action of the stage's prompt (the skip link's target). */
function focusFirstAction(stage: HTMLElement | null) {
  if (!stage) return;
  const first = stage.querySelector<HTMLElement>(
    '.ef-top button:not([disabled]), .shell-prompt button:not([disabled]), .ef-top select, .ef-top input',
  );
  (first ?? stage).focus();
}

export function PlayShell({
  head,
  timeline,
  alert,
  stage,
  tabs,
  latest,
  initialTab,
}: {
  head: ReactNode;
  timeline: ReactNode;
  alert?: ReactNode;
  stage: ReactNode;
  tabs: ShellTab[];
  latest?: ReactNode;
  initialTab?: string;
}) {
  const [tab, setTab] = useState(initialTab ?? tabs[0]?.id);
  const [slots, setSlots] = useState<Partial<Record<SlotName, HTMLElement | null>>>({});
  const stageRef = useRef<HTMLDivElement>(null);
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  // one stable callback ref per slot, so React does not detach and re-attach the element on every render
  const slotRefs = useMemo(() => {
    const make = (name: SlotName) => (el: HTMLElement | null) => setSlots((s) => (s[name] === el ? s : { ...s, [name]: el }));
    return { selection: make('selection'), battles: make('battles') } as Record<SlotName, (el: HTMLElement | null) => void>;
  }, []);

  const onTabKey = useCallback(
    (e: KeyboardEvent) => {
      const i = tabs.findIndex((t) => t.id === tab);
      let j = -1;
      if (e.key === 'ArrowRight') j = (i + 1) % tabs.length;
      else if (e.key === 'ArrowLeft') j = (i - 1 + tabs.length) % tabs.length;
      else if (e.key === 'Home') j = 0;
      else if (e.key === 'End') j = tabs.length - 1;
      if (j < 0) return;
      e.preventDefault();
      setTab(tabs[j].id);
      tabRefs.current[tabs[j].id]?.focus();
    },
    [tabs, tab],
  );

  return (
    <SlotContext.Provider value={slots}>
      <div className="shell" data-testid="play-shell">
        <button type="button" className="skip-link" onClick={() => focusFirstAction(stageRef.current)}>
          Skip to your actions
        </button>
        <header className="shell-head">{head}</header>
        <section className="shell-timeline" aria-label="Timeline bar">
          {timeline}
        </section>
        {alert}
        <div className="shell-body">
          <main
            className="shell-stage"
            id="shell-stage"
            ref={stageRef}
            tabIndex={-1}
            aria-label="Board"
            onClickCapture={(e) => {
              // a click on the map shows what was picked, unless the player follows a battle or picks a hex for a note
              if ((e.target as Element).closest?.('[data-testid="hexmap"]') && !KEEP_TAB.has(tab) && tabs.some((t) => t.id === 'selection'))
                setTab('selection');
            }}
          >
            {stage}
          </main>
          <aside className="shell-side" aria-label="Side panel">
            <div className="shell-tabs" role="tablist" aria-label="Panels" onKeyDown={onTabKey}>
              {tabs.map((t) => (
                <button
                  key={t.id}
                  ref={(el) => {
                    tabRefs.current[t.id] = el;
                  }}
                  type="button"
                  role="tab"
                  id={`tab-${t.id}`}
                  aria-selected={t.id === tab}
                  aria-controls={`panel-${t.id}`}
                  tabIndex={t.id === tab ? 0 : -1}
                  className={t.id === tab ? 'on' : undefined}
                  data-testid={`tab-${t.id}`}
                  onClick={() => setTab(t.id)}
                >
                  {t.label}
                  {t.badge !== undefined && t.badge !== null && t.badge !== '' && <span className="shell-badge">{t.badge}</span>}
                </button>
              ))}
            </div>
            {tabs.map((t) => (
              <div
                key={t.id}
                role="tabpanel"
                id={`panel-${t.id}`}
                aria-labelledby={`tab-${t.id}`}
                className="shell-panel"
                hidden={t.id !== tab}
                data-empty={t.empty}
              >
                {t.slot ? <div className="shell-slot" ref={slotRefs[t.slot]} data-empty={t.empty} /> : t.content}
              </div>
            ))}
            {latest && tab !== 'log' && (
              <section className="shell-latest" aria-label="Latest events">
                {latest}
              </section>
            )}
          </aside>
        </div>
      </div>
    </SlotContext.Provider>
  );
}
