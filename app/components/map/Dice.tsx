/**
 * Dice drawn as dice: a face with its pips. `hitOn` marks the faces that scored (yellow); `low` marks the faces
 * that had another effect (a repulse; blue). Each die carries data-face for tests.
 */
const PIPS: Record<number, [number, number][]> = {
  1: [[2, 2]],
  2: [
    [1, 1],
    [3, 3],
  ],
  3: [
    [1, 1],
    [2, 2],
    [3, 3],
  ],
  4: [
    [1, 1],
    [3, 1],
    [1, 3],
    [3, 3],
  ],
  5: [
    [1, 1],
    [3, 1],
    [2, 2],
    [1, 3],
    [3, 3],
  ],
  6: [
    [1, 1],
    [3, 1],
    [1, 2],
    [3, 2],
    [1, 3],
    [3, 3],
  ],
};

export function Die({ face, hit, low, size = 22 }: { face: number; hit?: boolean; low?: boolean; size?: number }) {
  const fill = hit ? '#ffd54a' : low ? '#cfe0ff' : '#fff';
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" className="die" data-testid="die" data-face={face} aria-hidden="true">
      <rect x="1" y="1" width="22" height="22" rx="4" fill={fill} stroke={hit ? '#a77b00' : '#555'} strokeWidth="1.4" />
      {(PIPS[face] ?? []).map(([x, y]) => (
        <circle key={`${x}-${y}`} cx={x * 6} cy={y * 6} r="2.3" fill="#1e1e1e" />
      ))}
    </svg>
  );
}

export function DiceRow({ faces, hitOn, lowTo = 0 }: { faces: number[]; hitOn?: number; lowTo?: number }) {
  return (
    <span
      className="dice-row"
      role="img"
      aria-label={`dice ${faces.join(', ')}`}
      style={{ display: 'inline-flex', gap: 2, flexWrap: 'wrap', verticalAlign: 'middle' }}
    >
      {faces.map((f, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the dice of one roll in the order rolled; the list never changes
        <Die key={i} face={f} hit={hitOn !== undefined && f >= hitOn} low={f <= lowTo} />
      ))}
    </span>
  );
}
