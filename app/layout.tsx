import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { Providers } from './lib/trpc';
import './globals.css';

export const metadata: Metadata = {
  title: 'Hexfront',
  description: 'Eastern Front hex wargames online, in teams, with the rules enforced and hidden information hidden.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="topbar">
          <a href="/" className="brand">
            Hexfront
          </a>
          <nav>
            <a href="/">Lobby</a>
            <a href="/maps/eastfront">Maps</a>
          </nav>
        </header>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
