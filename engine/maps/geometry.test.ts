import { describe, expect, it } from 'vitest';
import {
  LineIndex,
  PolygonIndex,
  pointInPolygon,
  ringArea,
  segmentCrossesLine,
  segmentsIntersect,
  simplifyLine,
  type Pt,
} from './geometry';

const square: Pt[] = [
  [0, 0],
  [10, 0],
  [10, 10],
  [0, 10],
  [0, 0],
];
const hole: Pt[] = [
  [4, 4],
  [6, 4],
  [6, 6],
  [4, 6],
  [4, 4],
];

describe('geometry', () => {
  it('point in polygon with holes', () => {
    expect(pointInPolygon([1, 1], [square])).toBe(true);
    expect(pointInPolygon([5, 5], [square, hole])).toBe(false);
    expect(pointInPolygon([3, 5], [square, hole])).toBe(true);
    expect(pointInPolygon([11, 5], [square])).toBe(false);
  });
  it('segment intersection, including touching ends and collinear overlap', () => {
    expect(segmentsIntersect([0, 0], [10, 10], [0, 10], [10, 0])).toBe(true);
    expect(segmentsIntersect([0, 0], [1, 1], [2, 2], [3, 0])).toBe(false);
    expect(segmentsIntersect([0, 0], [2, 0], [2, 0], [3, 5])).toBe(true);
    expect(segmentsIntersect([0, 0], [4, 0], [2, 0], [6, 0])).toBe(true);
    expect(
      segmentCrossesLine(
        [5, -1],
        [5, 1],
        [
          [0, 0],
          [4, 0],
          [6, 0],
        ],
      ),
    ).toBe(true);
  });
  it('the band index agrees with plain ray casting', () => {
    const idx = new PolygonIndex(
      [
        [square, hole],
        [
          [
            [20, 0],
            [30, 0],
            [30, 10],
            [20, 0],
          ],
        ],
      ],
      3,
    );
    for (let x = -1; x <= 31; x += 0.7) {
      for (let y = -1; y <= 11; y += 0.9) {
        const inA = pointInPolygon([x, y], [square, hole]);
        const inB = pointInPolygon(
          [x, y],
          [
            [
              [20, 0],
              [30, 0],
              [30, 10],
              [20, 0],
            ],
          ],
        );
        expect(idx.locate([x, y])).toBe(inA ? 0 : inB ? 1 : -1);
      }
    }
  });
  it('the line index finds crossed polylines', () => {
    const idx = new LineIndex(
      [
        [
          [0, 5],
          [100, 5],
        ],
        [
          [50, -10],
          [50, 100],
        ],
      ],
      7,
    );
    expect(idx.crossing([10, 0], [10, 10])).toEqual([0]);
    expect(idx.crossing([40, 20], [60, 20])).toEqual([1]);
    expect(idx.crossing([40, 0], [60, 10])).toEqual([0, 1]);
    expect(idx.crossing([0, 20], [10, 30])).toEqual([]);
  });
  it('simplification keeps ends and shape, area sign gives orientation', () => {
    const line: Pt[] = [
      [0, 0],
      [1, 0.01],
      [2, 0],
      [3, 5],
      [4, 0],
    ];
    expect(simplifyLine(line, 0.1)).toEqual([
      [0, 0],
      [2, 0],
      [3, 5],
      [4, 0],
    ]);
    expect(ringArea(square)).toBe(100);
  });
});
