'use client';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useTRPC } from './lib/trpc';
import { rememberInvites } from './lib/invites';
import { yourMove } from './components/shell/turnSignal';

export default function Lobby() {
  const trpc = useTRPC();
  const router = useRouter();
  const rulesets = useQuery(trpc.game.rulesets.queryOptions());
  const games = useQuery(trpc.game.list.queryOptions({ limit: 50 }, { refetchInterval: 10_000 }));
  const mySeats = useQuery(trpc.lobby.mySeats.queryOptions(undefined, { refetchInterval: 10_000 }));
  const [ruleset, setRuleset] = useState('');
  const [scenario, setScenario] = useState('');
  const [options, setOptions] = useState<Record<string, boolean>>({});
  const [name, setName] = useState('');
  /** The side the computer plays ('' = nobody: you hold every seat). */
  const [computer, setComputer] = useState('');
  /** Commands of a team the computer holds, by side (people hold the side's other commands). */
  const [botCommands, setBotCommands] = useState<Record<string, string[]>>({});
  const create = useMutation(
    trpc.game.create.mutationOptions({
      onSuccess: (g) => {
        rememberInvites(g.id, g.seats);
        router.push(`/games/${g.id}`);
      },
    }),
  );

  const rs = rulesets.data?.find((r) => r.id === ruleset) ?? rulesets.data?.[0];
  const sc = rs?.scenarios.find((s) => s.id === scenario) ?? rs?.scenarios[0];
  // biome-ignore lint/correctness/useExhaustiveDependencies: options reset to their defaults only when another scenario is picked
  useEffect(() => {
    if (sc) setOptions(Object.fromEntries((sc.options ?? []).map((o) => [o.id, o.default])));
  }, [sc?.id]);

  const demo = games.data?.find((g) => g.demo);
  const waiting = (games.data ?? []).filter(
    (g) =>
      g.mine &&
      yourMove(
        g.status as unknown as Parameters<typeof yourMove>[0],
        (mySeats.data ?? []).filter((s) => s.gameId === g.id),
      ),
  );
  const rulesetNames = Object.fromEntries((rulesets.data ?? []).map((r) => [r.id, r.name]));

  return (
    <main className="page">
      <h1>Lobby</h1>
      <p className="muted">
        Eastern Front hex wargames with the rules enforced by the server, hidden information kept hidden, and several commanders per side.
      </p>
      {waiting.length > 0 && (
        <section className="card waiting-for-you" aria-labelledby="waiting-for-you" data-testid="waiting-for-you">
          <h2 id="waiting-for-you">Waiting for you</h2>
          <ul>
            {waiting.map((g) => {
              const st = g.status as { turn?: string; phase?: string };
              return (
                <li key={g.id}>
                  <a href={`/games/${g.id}`}>{g.name}</a> <span className="muted">{[st.turn, st.phase].filter(Boolean).join(' · ')}</span>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <div className="grid lobby-grid">
        <section className="card" aria-labelledby="new-game">
          <h2 id="new-game">New game</h2>
          {rulesets.isLoading && (
            <p>
              <span className="spinner" /> Loading games…
            </p>
          )}
          {rulesets.error && <p className="error">Could not load the list of games: {rulesets.error.message}</p>}
          {rs && sc && (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                const bot = sc.roles.sides.some((x) => x.id === computer) ? [computer] : undefined;
                const split = sc.roles.sides
                  .filter((x) => x.id !== computer && (botCommands[x.id] ?? []).some((c) => x.commands.some((y) => y.id === c)))
                  .map((x) => ({ side: x.id, commands: (botCommands[x.id] ?? []).filter((c) => x.commands.some((y) => y.id === c)) }));
                create.mutate({
                  ruleset: rs.id,
                  scenario: sc.id,
                  options,
                  name: name || undefined,
                  computer: bot,
                  computerCommands: split.length ? split : undefined,
                });
              }}
              style={{ display: 'grid', gap: '0.6rem' }}
            >
              <label>
                Game{' '}
                <select
                  aria-label="Game"
                  value={rs.id}
                  onChange={(e) => {
                    setRuleset(e.target.value);
                    setScenario('');
                  }}
                >
                  {rulesets.data!.map((r) => (
                    <option key={r.id} value={r.id}>
                      {r.name}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                Scenario{' '}
                <select aria-label="Scenario" value={sc.id} onChange={(e) => setScenario(e.target.value)}>
                  {rs.scenarios.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </select>
              </label>
              <p className="muted" style={{ margin: 0 }}>
                {sc.description}
              </p>
              {(sc.options ?? []).map((o) => (
                <label key={o.id} title={o.description}>
                  <input
                    type="checkbox"
                    checked={options[o.id] ?? o.default}
                    onChange={(e) => setOptions({ ...options, [o.id]: e.target.checked })}
                  />{' '}
                  {o.name} <span className="muted">— {o.description}</span>
                </label>
              ))}
              <label>
                Name{' '}
                <input
                  type="text"
                  value={name}
                  placeholder={`${rs.name}: ${sc.name}`}
                  onChange={(e) => setName(e.target.value)}
                  maxLength={120}
                />
              </label>
              <label>
                Computer plays{' '}
                <select aria-label="Computer plays" value={computer} onChange={(e) => setComputer(e.target.value)}>
                  <option value="">nobody (hot-seat and invite links)</option>
                  {sc.roles.sides.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </select>
              </label>
              {sc.roles.sides
                .filter((x) => x.id !== computer && x.commands.length > 1)
                .map((x) => (
                  <fieldset key={x.id} style={{ margin: 0 }} data-testid={`computer-commands-${x.id}`}>
                    <legend className="muted">{x.name}: commands the computer holds (people hold the rest)</legend>
                    {x.commands.map((c) => (
                      <label key={c.id} style={{ marginRight: '0.8rem' }}>
                        <input
                          type="checkbox"
                          aria-label={`Computer: ${c.name}`}
                          checked={(botCommands[x.id] ?? []).includes(c.id)}
                          onChange={(e) => {
                            const was = botCommands[x.id] ?? [];
                            setBotCommands({ ...botCommands, [x.id]: e.target.checked ? [...was, c.id] : was.filter((y) => y !== c.id) });
                          }}
                        />{' '}
                        Computer: {c.name}
                      </label>
                    ))}
                  </fieldset>
                ))}
              <p className="muted" style={{ margin: 0 }}>
                Sides: {sc.roles.sides.map((s) => s.name).join(' vs ')}. You hold every seat the computer does not until you send invite
                links.
              </p>
              <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
                <button type="submit" disabled={create.isPending}>
                  {create.isPending ? 'Creating…' : 'Create game'}
                </button>
                <button
                  type="button"
                  className="secondary"
                  disabled={create.isPending}
                  onClick={() =>
                    create.mutate({
                      ruleset: rs.id,
                      scenario: sc.id,
                      options,
                      name: name || undefined,
                      // you take the first side, the computer every other
                      computer: sc.roles.sides.slice(1).map((s) => s.id),
                    })
                  }
                >
                  Play against the computer
                </button>
              </div>
              {create.error && <p className="error">{create.error.message}</p>}
            </form>
          )}
          {rulesets.data && rulesets.data.length === 0 && <p className="muted">No games are installed.</p>}
        </section>
        <section className="card" aria-labelledby="demo">
          <h2 id="demo">Demo</h2>
          {demo ? (
            <>
              <p>
                A ready-made game to look at: <b>{demo.name}</b>. Start your own copy to play both sides.
              </p>
              <p style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
                <a className="button secondary" href={`/games/${demo.id}`}>
                  Watch the demo
                </a>
                <button
                  type="button"
                  onClick={() =>
                    create.mutate({
                      ruleset: demo.ruleset,
                      scenario: demo.scenario,
                      name: `${demo.name.replace(/ \(demo\)$/, '')} (my copy)`,
                    })
                  }
                  disabled={create.isPending}
                >
                  Play it (both sides)
                </button>
                <button
                  type="button"
                  onClick={() => {
                    const sides = rulesets.data?.find((r) => r.id === demo.ruleset)?.scenarios.find((x) => x.id === demo.scenario)
                      ?.roles.sides;
                    create.mutate({
                      ruleset: demo.ruleset,
                      scenario: demo.scenario,
                      name: `${demo.name.replace(/ \(demo\)$/, '')} (against the computer)`,
                      computer: (sides ?? []).slice(1).map((s) => s.id),
                    });
                  }}
                  disabled={create.isPending || !rulesets.data}
                  data-testid="demo-vs-computer"
                >
                  Play against the computer
                </button>
              </p>
            </>
          ) : (
            <p className="muted">{games.isLoading ? 'Loading…' : 'No demo game on this server.'}</p>
          )}
        </section>
      </div>
      {games.isLoading && (
        <p>
          <span className="spinner" /> Loading games…
        </p>
      )}
      {games.error && <p className="error">Could not load games: {games.error.message}</p>}
      {games.data && (
        <>
          <GameTable
            title="My games"
            empty="You are not seated in any game yet: create one, or open an invite link."
            games={games.data.filter((g) => g.mine)}
            names={rulesetNames}
          />
          <GameTable
            title="Other games (watch as a spectator)"
            empty="No other games on this server."
            games={games.data.filter((g) => !g.mine)}
            names={rulesetNames}
          />
        </>
      )}
    </main>
  );
}

interface LobbyGame {
  id: string;
  name: string;
  ruleset: string;
  version: number;
  status: unknown;
  demo: boolean;
  parentId: string | null;
  updatedAt: string | Date;
  seats: { side: string; label: string; holder: string | null }[];
}

function GameTable({ title, empty, games, names }: { title: string; empty: string; games: LobbyGame[]; names: Record<string, string> }) {
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      {games.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>Name</th>
              <th>Game</th>
              <th>Where it stands</th>
              <th>Seats</th>
              <th>Events</th>
              <th>Updated</th>
            </tr>
          </thead>
          <tbody>
            {games.map((g) => {
              const st = g.status as { turn?: string; phase?: string; finished?: boolean };
              return (
                <tr key={g.id}>
                  <td>
                    <a href={`/games/${g.id}`}>{g.name}</a> {g.demo && <span className="tag">demo</span>}
                    {g.parentId && (
                      <span className="tag" title="A what-if branch of another game">
                        branch
                      </span>
                    )}
                  </td>
                  <td>{names[g.ruleset] ?? g.ruleset}</td>
                  <td>{st.finished ? 'Finished' : [st.turn, st.phase].filter(Boolean).join(' · ')}</td>
                  <td className="muted">{g.seats.map((s) => `${s.label}: ${s.holder ?? 'open'}`).join('; ')}</td>
                  <td>{g.version}</td>
                  <td>{new Date(g.updatedAt).toLocaleString()}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
