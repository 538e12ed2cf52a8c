/** The mark on every value that is our stand-in, not the printed game's (CRT grid, counter factors, terrain). */
export function SubstituteTag({ what }: { what: string }) {
  return (
    <span className="tag substitute" title={`The ${what} shown here are our substitutes: the rulebook does not print them.`}>
      substitute
    </span>
  );
}
