import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryState, type QueryLike } from '../../src/components/query-state.tsx';
import { DataTable } from '../../src/components/data-table.tsx';

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

describe('DataTable', () => {
  it('scrolls in its own named frame and says when it has no rows', () => {
    const html = renderToStaticMarkup(
      <DataTable
        caption="Your scores"
        columns={[{ id: 'a', header: 'Challenge', cell: (r: string) => r, rowHeader: true }]}
        rows={[]}
        rowKey={(r) => r}
        empty="No scores yet."
      />,
    );
    expect(html).toContain('class="data-table-scroll" role="region" aria-label="Your scores"');
    expect(html).toMatch(/<td colSpan="1" class="data-table-empty">No scores yet.<\/td>/i);
  });
});
