import type { PageRoute } from '../route-table.ts';
import { ROUTE_SUMMARIES } from '../route-summaries.ts';

/** A page whose own screen has not landed yet: its title and what it is for (a lazy chunk, like every page). */
export function TitledPage({ route }: { route: PageRoute }) {
  return (
    <div className="container page">
      <h1>{route.title}</h1>
      <p className="lead muted">{ROUTE_SUMMARIES[route.path]}</p>
    </div>
  );
}
