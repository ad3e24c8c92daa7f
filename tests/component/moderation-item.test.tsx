import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { QueueItem } from '#src/features/admin/api/moderation.ts';

// The item as a moderator sees it, with no session or network behind it.
vi.mock('#src/features/admin/api/moderation.ts', () => ({ useModerate: () => ({ mutate: vi.fn(), isPending: false, error: null }) }));
vi.mock('#src/lib/session/session-view.ts', () => ({
  useSessionView: () => ({ user: { id: 1, display_name: 'Mod', role: 'administrator' }, isAdmin: true, restoring: false }),
}));

const { ModerationItem } = await import('#src/features/admin/components/moderation-item.tsx');

const story: QueueItem = {
  kind: 'story',
  item_id: '12',
  title: 'My first marathon',
  excerpt: 'I ran **42 km** and [bought this](javascript:alert(1)) <img src=x onerror=alert(1)>',
  link: '/story-view-page?id=12',
  hidden: false,
  author: { id: 5, display_name: 'Ben Burpee', role: 'athlete' },
  reports: 2,
  severity: 3,
  reasons: [{ reason: 'spam', count: 2 }],
  details: [],
  first_reported_at: new Date().toISOString(),
  last_reported_at: new Date().toISOString(),
};

describe('a reported story in the moderation queue', () => {
  it('shows its Markdown as readers see it, with no raw marks, no script link and no HTML', () => {
    render(<ModerationItem item={story} />);
    const item = screen.getByRole('listitem', { name: 'My first marathon' });
    expect(within(item).getByText('42 km').tagName).toBe('STRONG');
    expect(item.textContent).not.toContain('**');
    const link = within(item).getByText('bought this').closest('a');
    expect(link?.getAttribute('href') ?? '').not.toMatch(/javascript:/i);
    expect(item.querySelector('img')).toBeNull();
  });
});
