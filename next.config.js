/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // Server-only packages stay outside the bundle (one copy per process; see docs/decisions.md).
  serverExternalPackages: ['yjs', 'pg', '@electric-sql/pglite', 'drizzle-orm'],
  poweredByHeader: false,
};

export default nextConfig;
