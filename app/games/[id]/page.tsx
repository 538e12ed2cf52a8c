'use client';
import { Suspense, use } from 'react';
import { GameScreen } from '../../components/GameScreen';

export default function GamePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = use(params);
  return (
    <Suspense
      fallback={
        <main className="page">
          <span className="spinner" /> Loading game…
        </main>
      }
    >
      <GameScreen gameId={id} />
    </Suspense>
  );
}
