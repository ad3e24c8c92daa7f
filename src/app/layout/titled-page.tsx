import type { PageRoute } from '../route-table.ts';

/** A page whose own screen has not landed yet: its title and what it is for. */
export function TitledPage({ route }: { route: PageRoute }) {
  return (
    <div className="container page">
      <h1>{route.title}</h1>
      <p className="lead muted">{route.summary}</p>
    </div>
  );
}
