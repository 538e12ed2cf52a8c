'use client';
/**
 * Small plots, one point per player-turn: both production levels, and your own total strength (the other
 * side's strength is hidden, so it is never plotted). Built from game.chapters + game.viewsAt.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTRPC } from '../../lib/trpc';
import { SIDE_COLOUR, SIDE_NAME } from './labels';
import type { View } from './model';

interface Series {
  name: string;
  colour: string;
  points: number[];
}

function Chart({ title, labels, series }: { title: string; labels: string[]; series: Series[] }) {
  const w = 300;
  const h = 110;
  const pad = { l: 28, r: 8, t: 8, b: 18 };
  const all = series.flatMap((s) => s.points);
  const max = Math.max(1, ...all);
  const min = Math.min(0, ...all);
  const x = (i: number) => pad.l + (labels.length <= 1 ? 0 : (i * (w - pad.l - pad.r)) / (labels.length - 1));
  const y = (v: number) => pad.t + ((max - v) * (h - pad.t - pad.b)) / (max - min || 1);
  return (
    <figure className="ef-plot">
      <figcaption>{title}</figcaption>
      <svg
        viewBox={`0 0 ${w} ${h}`}
        width="100%"
        role="img"
        aria-label={`${title}: ${series.map((s) => `${s.name} ${s.points.join(', ')}`).join('; ')}`}
      >
        <line x1={pad.l} y1={y(min)} x2={w - pad.r} y2={y(min)} stroke="#bbb" />
        <text x={2} y={y(max) + 4} fontSize="9" fill="#666">
          {max}
        </text>
        <text x={2} y={y(min)} fontSize="9" fill="#666">
          {min}
        </text>
        {labels.map((l, i) =>
          i === 0 || i === labels.length - 1 ? (
            <text
              // biome-ignore lint/suspicious/noArrayIndexKey: axis labels by position on a fixed axis
              key={i}
              x={x(i)}
              y={h - 4}
              fontSize="9"
              fill="#666"
              textAnchor={i === 0 ? 'start' : 'end'}
            >
              {l}
            </text>
          ) : null,
        )}
        {series.map((s) => (
          <g key={s.name}>
            <polyline fill="none" stroke={s.colour} strokeWidth="2" points={s.points.map((v, i) => `${x(i)},${y(v)}`).join(' ')} />
            {s.points.map((v, i) => (
              <circle
                // biome-ignore lint/suspicious/noArrayIndexKey: one point per month of a fixed series
                key={i}
                cx={x(i)}
                cy={y(v)}
                r="2.5"
                fill={s.colour}
              >
                <title>{`${s.name}, ${labels[i]}: ${v}`}</title>
              </circle>
            ))}
          </g>
        ))}
      </svg>
      <div className="ef-small">
        {series.map((s) => (
          <span key={s.name} style={{ color: s.colour, marginRight: 10 }}>
            ■ {s.name}
          </span>
        ))}
      </div>
    </figure>
  );
}

export function Plots({ gameId, side, latestSeq }: { gameId: string; side?: string; latestSeq: number }) {
  const trpc = useTRPC();
  const chapters = useQuery(trpc.game.chapters.queryOptions({ gameId }));
  const points = useMemo(() => {
    const cs = chapters.data?.chapters ?? [];
    // one sample per player-turn (where its command phase starts), plus now
    const starts = cs.filter((c, i) => i === 0 || c.turn !== cs[i - 1].turn);
    const picked = starts.slice(-59).map((c) => ({ seq: c.seq, label: c.turn.replace(/ player-turn$/, '') }));
    picked.push({ seq: latestSeq, label: 'now' });
    return picked;
  }, [chapters.data, latestSeq]);
  const views = useQuery(
    trpc.game.viewsAt.queryOptions({ gameId, side, seqs: points.map((p) => p.seq) }, { enabled: points.length > 0 && !!chapters.data }),
  );
  if (chapters.isLoading || views.isLoading)
    return (
      <p className="muted ef-small">
        <span className="spinner" /> Building the plots…
      </p>
    );
  if (!views.data) return null;
  const vs = views.data.map((v) => v.view as View);
  const labels = points.map((p) => p.label);
  const own = side === 'german' || side === 'soviet' ? side : null;
  return (
    <section className="ef-card" aria-label="Plots" data-testid="ef-plots">
      <h3>Over time</h3>
      <Chart
        title="Production level"
        labels={labels}
        series={(['german', 'soviet'] as const).map((s) => ({
          name: SIDE_NAME[s],
          colour: SIDE_COLOUR[s],
          points: vs.map((v) => v.productionLevel[s]),
        }))}
      />
      {own && (
        <Chart
          title={`Your total strength (${SIDE_NAME[own]} steps on the board)`}
          labels={labels}
          series={[
            {
              name: SIDE_NAME[own],
              colour: SIDE_COLOUR[own],
              points: vs.map((v) => v.units.filter((u) => u.side === own && u.at).reduce((s, u) => s + (u.cv ?? 0), 0)),
            },
          ]}
        />
      )}
    </section>
  );
}
