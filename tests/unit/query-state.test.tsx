import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryState, type QueryLike } from '#src/components/query-state.tsx';
import { DataTable } from '#src/components/data-table.tsx';

const query = <T,>(q: Partial<QueryLike<T>>): QueryLike<T> => ({
  data: undefined,
  error: null,
  isPending: false,
  isError: false,
  isFetching: false,
  refetch: () => undefined,
  ...q,
});
const show = (q: QueryLike<{ items: string[] }>) =>
  renderToStaticMarkup(
    <QueryState query={q} loading="Loading challenges…" empty="No challenge matches.">
      {(d) => (
        <ul>
          {d.items.map((i) => (
            <li key={i}>{i}</li>
          ))}
        </ul>
      )}
    </QueryState>,
  );

describe('QueryState: the branches every page repeats', () => {
  it('holds a skeleton (shown after 300 ms) and says what is loading while the first answer is on its way', () => {
    const html = show(query({ isPending: true, isFetching: true }));
    expect(html).toMatch(/^<div role="status" aria-busy="true" class="skeleton skeleton-rows">/);
    expect(html).toContain('<span class="visually-hidden">Loading challenges…</span>');
    expect(html).not.toContain('data-shown');
  });
  it("shows a failure in the server's words with a Retry button", () => {
    const html = show(query({ isError: true, error: new Error('Could not load challenges.') }));
    expect(html).toContain('role="alert"');
    expect(html).toContain('Could not load challenges.');
    expect(html).toContain('>Retry</button>');
  });
  it('shows the empty words when there is nothing, the data otherwise', () => {
    expect(show(query({ data: { items: [] } }))).toBe('<p class="empty card">No challenge matches.</p>');
    expect(show(query({ data: { items: ['Fran'] } }))).toBe('<ul><li>Fran</li></ul>');
  });
  it('keeps the data readable when a refetch fails, with the failure above it', () => {
    const html = show(query({ data: { items: ['Fran'] }, isError: true, error: new Error('Could not load challenges.') }));
    expect(html.indexOf('Retry')).toBeLessThan(html.indexOf('Fran'));
  });
});

type Row = { id: number; name: string; score: number };
const columns = [
  { id: 'score', header: 'Score', cell: (r: Row) => r.score },
  { id: 'name', header: 'Athlete', cell: (r: Row) => r.name, rowHeader: true },
];

describe('DataTable', () => {
  it('scrolls in its own frame (a named, focusable region only once it is wider than the frame) and says when it has no rows', () => {
    const html = renderToStaticMarkup(
      <DataTable
        caption="Your scores"
        columns={[{ id: 'a', header: 'Challenge', cell: (r: string) => r, rowHeader: true }]}
        rows={[]}
        rowKey={(r) => r}
        empty="No scores yet."
      />,
    );
    // Before it is measured (and whenever it fits) the frame is no tab stop of its own.
    expect(html).toContain('<div class="data-table-scroll"><table');
    expect(html).toContain('<caption class="visually-hidden">Your scores</caption>');
    expect(html).toMatch(/<td colSpan="1" class="data-table-empty">No scores yet.<\/td>/i);
  });

  it('pins the column that names the row, marks the viewer’s row and keeps it below the page when it is not on it', () => {
    const me = { id: 9, name: 'Ana', score: 3 };
    const html = renderToStaticMarkup(
      <DataTable
        caption="Ranking"
        columns={columns}
        rows={[{ id: 1, name: 'Bo', score: 10 }]}
        rowKey={(r) => r.id}
        rowCurrent={(r) => r.id === me.id}
        pinned={{ label: 'Your rank', rows: [me] }}
      />,
    );
    expect(html).toContain('<th scope="col" class="data-table-pin">Athlete</th>');
    expect(html).toContain('<th scope="row" class="data-table-pin"><div class="data-table-pin-box">Bo</div></th>');
    expect(html).toMatch(
      /<tbody class="data-table-pinned"><tr><th scope="rowgroup" colSpan="2">.*Your rank.*<\/th><\/tr><tr aria-current="true">/,
    );
  });

  it('shows no empty row when told so, and a visible caption above the frame', () => {
    const html = renderToStaticMarkup(
      <DataTable caption="Progress" captionHidden={false} columns={columns} rows={[]} rowKey={(r) => r.id} empty={null} />,
    );
    expect(html).not.toContain('data-table-empty');
    expect(html).toMatch(/^<p class="data-table-caption" aria-hidden="true">Progress<\/p><div class="data-table-scroll">/);
  });
});
