'use client';
import { Suspense, use } from 'react';
import { ReplayScreen } from './ReplayScreen';

export default function ReplayPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = use(params);
  return (
    <Suspense
      fallback={
        <main className="page">
          <span className="spinner" /> Loading replay…
        </main>
      }
    >
      <ReplayScreen token={token} />
    </Suspense>
  );
}
