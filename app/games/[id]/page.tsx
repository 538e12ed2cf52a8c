'use client';
import { use } from 'react';
import { GameScreen } from '../../components/GameScreen';

export default function GamePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = use(params);
  return <GameScreen gameId={id} />;
}
