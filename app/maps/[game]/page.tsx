import { MapViewer } from './MapViewer';

export const metadata = { title: 'Map - Hexfront' };

export default async function MapPage({
  params,
  searchParams,
}: {
  params: Promise<{ game: string }>;
  searchParams: Promise<{ focus?: string }>;
}) {
  const { game } = await params;
  const { focus } = await searchParams;
  return <MapViewer game={game} focus={focus} />;
}
