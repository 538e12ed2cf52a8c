/**
 * Drag a piece from hex to hex on an OpenLayers map. A press on a hex the board lets drag from takes the
 * gesture away from panning; the piece is picked up once the pointer leaves that hex (a press and release in
 * place stays a click), and the drop reports the hex under the pointer (null: off the map).
 */
import type OlMap from 'ol/Map';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import type { MapData } from '../../../engine/maps/model';
import { hexIdAt } from './hexGeometry';

export interface DragHandlers {
  /** May a drag start on this hex? A pure check, asked on every press. */
  canDrag?(id: string): boolean;
  /** The pointer left the start hex: pick up a piece there. */
  onDragBegin?(id: string): void;
  onDragEnd?(id: string | null): void;
  /** The hex under the pointer while dragging. */
  onHexHover(id: string | null): void;
}

type Ev = MapBrowserEvent<PointerEvent>;

/** Listen for drags; `handlers()` returns the current handlers (read at each event). */
export function listenForDrags(ol: OlMap, map: MapData, handlers: () => DragHandlers) {
  const ids = new Set(map.hexes.map((h) => h.id));
  const listen = (type: string, fn: (e: Ev) => boolean) => (ol as unknown as { on(t: string, f: (e: Ev) => boolean): void }).on(type, fn);
  const hexAt = (c: number[]) => {
    const id = hexIdAt(map, c[0], c[1]);
    return ids.has(id) ? id : null;
  };
  let from: string | null = null;
  let begun = false;
  let over: string | null = null;
  listen('pointerdown', (e) => {
    const id = hexAt(e.coordinate);
    from = id && handlers().canDrag?.(id) ? id : null;
    begun = false;
    over = from;
    if (!from) return true;
    e.preventDefault();
    return false;
  });
  listen('pointerdrag', (e) => {
    if (!from) return true;
    const id = hexAt(e.coordinate);
    if (id !== over) {
      if (!begun) handlers().onDragBegin?.(from);
      begun = true;
      over = id;
      handlers().onHexHover(id);
    }
    e.preventDefault();
    return false;
  });
  listen('pointerup', (e) => {
    if (from && begun) handlers().onDragEnd?.(hexAt(e.coordinate));
    from = null;
    begun = false;
    return true;
  });
}
