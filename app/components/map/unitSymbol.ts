/**
 * Unit pieces drawn as a wargamer expects them: a block or counter in the side's colour with a NATO-style unit
 * box (type glyph), the size marks above it (XXX corps, XXXX army...), a designation, and the strength (a
 * combat value with step pips, or attack-defence factors) at the bottom. A piece that the viewer may not know
 * carries no `type`/`value`: it is drawn as a bare block in the side's colour.
 *
 * Our own small glyph set (not milsymbol): both sides use the same rectangle, as on a paper map, and the
 * pieces stay a few lines of canvas drawing. Each look is drawn once into a canvas at the screen's pixel ratio
 * and reused (an OpenLayers Icon on the map, a data URL in panels).
 */
import { Icon, Style } from 'ol/style';

/** The NATO glyphs we draw inside the unit box. */
export type Glyph =
  | 'infantry'
  | 'armor'
  | 'mech'
  | 'motorized'
  | 'cavalry'
  | 'mountain'
  | 'airborne'
  | 'artillery'
  | 'artilleryMech'
  | 'amphibious'
  | 'hq';

export interface PieceLook {
  /** Edge of the square piece in CSS pixels. */
  px: number;
  fill: string;
  border: string;
  borderWidth: number;
  dash?: number[];
  /** NATO glyph; absent: a bare block (hidden from this viewer). */
  glyph?: Glyph;
  /** Size marks above the box ('XXX'). */
  echelon?: string;
  /** Short historical designation ('54', 'V', '7 Gds'). */
  designation?: string;
  /** The strength line: a combat value ('4', 'III') or factors ('6-5'). */
  value?: string;
  /** Steps left and the most a unit can have (drawn as pips under the value). */
  pips?: [number, number];
  /** A marker in the top-right corner (e.g. '!' for a face-up block whose identity is not known). */
  corner?: string;
  /** Dimmed (already moved, out of supply...). */
  faded?: boolean;
}

const INK = '#1b1b1b';
const FONT = 'system-ui, sans-serif';

export const MIN_PIECE_PX = 22;
export const MAX_PIECE_PX = 58;

/** Below this edge a piece shows only its box and strength: no designation, size marks or pips. */
export const FULL_DETAIL_PX = 32;

function ratio(): number {
  const r = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  return Math.min(3, Math.max(1, Math.ceil(r)));
}

export function lookKey(l: PieceLook): string {
  return [
    Math.round(l.px),
    l.fill,
    l.border,
    l.borderWidth,
    l.dash?.join(',') ?? '',
    l.glyph ?? '',
    l.echelon ?? '',
    l.designation ?? '',
    l.value ?? '',
    l.pips?.join('/') ?? '',
    l.corner ?? '',
    l.faded ? 1 : 0,
  ].join('|');
}

function glyph(g: CanvasRenderingContext2D, kind: Glyph, x: number, y: number, w: number, h: number, colour: string) {
  g.save();
  g.strokeStyle = colour;
  g.fillStyle = colour;
  g.lineWidth = Math.max(1, h / 9);
  g.beginPath();
  const cross = () => {
    g.moveTo(x, y);
    g.lineTo(x + w, y + h);
    g.moveTo(x + w, y);
    g.lineTo(x, y + h);
  };
  const oval = () => {
    const rx = w * 0.3;
    const ry = h * 0.28;
    g.moveTo(x + w / 2 + rx, y + h / 2);
    g.ellipse(x + w / 2, y + h / 2, rx, ry, 0, 0, Math.PI * 2);
  };
  switch (kind) {
    case 'infantry':
      cross();
      break;
    case 'armor':
      oval();
      break;
    case 'mech':
      cross();
      g.stroke();
      g.beginPath();
      oval();
      break;
    case 'motorized':
      cross();
      g.moveTo(x + w / 2, y);
      g.lineTo(x + w / 2, y + h);
      break;
    case 'cavalry':
      g.moveTo(x, y + h);
      g.lineTo(x + w, y);
      break;
    case 'mountain':
      cross();
      g.stroke();
      g.beginPath();
      g.moveTo(x + w / 2 - h * 0.28, y + h);
      g.lineTo(x + w / 2, y + h * 0.62);
      g.lineTo(x + w / 2 + h * 0.28, y + h);
      g.closePath();
      g.fill();
      break;
    case 'airborne': {
      cross();
      g.stroke();
      g.beginPath();
      const r = w * 0.12;
      g.arc(x + w / 2 - r, y + h * 0.86, r, Math.PI, 0);
      g.arc(x + w / 2 + r, y + h * 0.86, r, Math.PI, 0);
      break;
    }
    case 'artillery':
      g.arc(x + w / 2, y + h / 2, h * 0.17, 0, Math.PI * 2);
      g.fill();
      break;
    case 'artilleryMech':
      g.arc(x + w / 2, y + h / 2, h * 0.13, 0, Math.PI * 2);
      g.fill();
      g.beginPath();
      oval();
      break;
    case 'amphibious':
      oval();
      g.stroke();
      g.beginPath();
      for (let i = 0; i <= 8; i++) {
        const px = x + w * 0.2 + (w * 0.6 * i) / 8;
        const py = y + h * 0.88 + (i % 2 ? -1 : 1) * h * 0.05;
        if (i === 0) g.moveTo(px, py);
        else g.lineTo(px, py);
      }
      break;
    case 'hq':
      g.font = `700 ${Math.round(h * 0.62)}px ${FONT}`;
      g.textAlign = 'center';
      g.textBaseline = 'middle';
      g.fillText('HQ', x + w / 2, y + h / 2 + h * 0.04);
      break;
  }
  g.stroke();
  g.restore();
}

function text(
  g: CanvasRenderingContext2D,
  s: string,
  x: number,
  y: number,
  size: number,
  align: CanvasTextAlign,
  weight = 700,
  maxW?: number,
) {
  g.font = `${weight} ${Math.round(size)}px ${FONT}`;
  g.textAlign = align;
  g.textBaseline = 'middle';
  g.lineWidth = Math.max(2, size / 5);
  g.strokeStyle = 'rgba(0,0,0,0.35)';
  g.strokeText(s, x, y, maxW);
  g.fillStyle = '#fff';
  g.fillText(s, x, y, maxW);
}

/** Draw a piece into a 2D context, its top-left corner at (0, 0), `px` CSS pixels wide. */
export function drawPiece(g: CanvasRenderingContext2D, l: PieceLook) {
  const S = l.px;
  const bw = l.borderWidth;
  const r = S * 0.1;
  g.save();
  if (l.faded) g.globalAlpha = 0.75;
  g.beginPath();
  g.roundRect(bw / 2, bw / 2, S - bw, S - bw, r);
  g.fillStyle = l.fill;
  g.fill();
  g.lineWidth = bw;
  g.strokeStyle = l.border;
  if (l.dash) g.setLineDash(l.dash);
  g.stroke();
  g.setLineDash([]);
  const full = S >= FULL_DETAIL_PX;
  if (l.glyph) {
    // the unit box: white with a dark outline, the glyph in dark ink
    const bx = full ? S * 0.2 : S * 0.14;
    const by = full ? S * 0.24 : S * 0.12;
    const bwid = S - 2 * bx;
    const bh = full ? S * 0.34 : S * 0.42;
    g.fillStyle = '#fbf8ef';
    g.fillRect(bx, by, bwid, bh);
    g.lineWidth = Math.max(1, S / 30);
    g.strokeStyle = INK;
    g.strokeRect(bx, by, bwid, bh);
    glyph(g, l.glyph, bx, by, bwid, bh, INK);
    if (full) {
      if (l.designation) text(g, l.designation, S * 0.08, S * 0.13, S * 0.17, 'left', 700, S * 0.5);
      if (l.echelon) text(g, l.echelon, S * 0.92, S * 0.13, S * 0.14, 'right', 800, S * 0.42);
    }
  }
  if (l.value) {
    const y = l.glyph ? (full ? (l.pips ? S * 0.72 : S * 0.78) : S * 0.78) : S * 0.52;
    text(g, l.value, S / 2, y, full ? S * 0.27 : S * 0.36, 'center', 800, S * 0.9);
  }
  if (l.pips && full && l.pips[1] > 0) {
    const [have, max] = l.pips;
    const pr = Math.max(1.6, S * 0.04);
    const gap = pr * 2.7;
    const x0 = S / 2 - ((max - 1) * gap) / 2;
    for (let i = 0; i < max; i++) {
      g.beginPath();
      g.arc(x0 + i * gap, S * 0.9, pr, 0, Math.PI * 2);
      g.fillStyle = i < have ? '#fff' : 'rgba(255,255,255,0.15)';
      g.fill();
      g.lineWidth = 1;
      g.strokeStyle = 'rgba(255,255,255,0.8)';
      g.stroke();
    }
  }
  if (l.corner) text(g, l.corner, S * 0.84, S * 0.2, S * 0.3, 'center');
  g.restore();
}

const canvases = new Map<string, HTMLCanvasElement>();

/** The piece drawn at the screen's pixel ratio (cached per look). */
export function pieceCanvas(l: PieceLook): HTMLCanvasElement {
  const k = lookKey(l);
  const hit = canvases.get(k);
  if (hit) return hit;
  const r = ratio();
  const c = document.createElement('canvas');
  c.width = Math.ceil(l.px * r);
  c.height = Math.ceil(l.px * r);
  const g = c.getContext('2d');
  if (g) {
    g.scale(r, r);
    drawPiece(g, l);
  }
  if (canvases.size > 1500) canvases.clear();
  canvases.set(k, c);
  return c;
}

const urls = new Map<string, string>();
/** The piece as a PNG data URL (for an <img> in a panel). */
export function pieceUrl(l: PieceLook): string {
  const k = lookKey(l);
  let u = urls.get(k);
  if (!u) {
    u = pieceCanvas(l).toDataURL();
    if (urls.size > 400) urls.clear();
    urls.set(k, u);
  }
  return u;
}

/** An OpenLayers style drawing the piece `dx`, `dy` screen pixels from the hex centre (y down). */
export function pieceIcon(l: PieceLook, dx: number, dy: number, z: number): Style {
  const c = pieceCanvas(l);
  return new Style({
    image: new Icon({ img: c, width: l.px, height: l.px, displacement: [dx, -dy] }),
    zIndex: z,
  });
}

/** Hexes smaller than this on screen get chips: small squares in the side's colour, one hex wide, no text. */
export const CHIP_BELOW_PX = 15;

/**
 * Edge of a piece for a hex `hexPx` pixels across: at least 22 px (readable) and at most 58 px; on a map zoomed
 * out so far that hexes are under 15 px, a chip as wide as the hex instead (a readable piece there would bury
 * its neighbours).
 */
export function pieceSize(hexPx: number, share = 0.62): number {
  if (hexPx < CHIP_BELOW_PX) return Math.max(6, Math.round(hexPx * 0.9));
  return Math.round(Math.max(MIN_PIECE_PX, Math.min(MAX_PIECE_PX, hexPx * share)));
}

/** A chip: the look reduced to its colours (for pieces under the readable size). */
export function chip(l: PieceLook): PieceLook {
  return l.px >= MIN_PIECE_PX ? l : { px: l.px, fill: l.fill, border: l.border, borderWidth: Math.min(l.borderWidth, 1.5), dash: l.dash };
}

/**
 * Where piece `i` of a stack of `n` goes when the stack is spread out (hovered or selected): a row (two rows
 * past four pieces) centred on the hex, `step` pixels apart.
 */
export function spreadOffset(i: number, n: number, step: number): [number, number] {
  if (n <= 1) return [0, 0];
  const perRow = n <= 4 ? n : Math.ceil(n / 2);
  const row = Math.floor(i / perRow);
  const inRow = row === 0 ? Math.min(perRow, n) : n - perRow;
  const col = i - row * perRow;
  const rows = n <= 4 ? 1 : 2;
  return [(col - (inRow - 1) / 2) * step, (row - (rows - 1) / 2) * step];
}
