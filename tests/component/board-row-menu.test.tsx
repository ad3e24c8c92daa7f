import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionContext, type SessionUser } from '#src/lib/session/session-view.ts';
import { dismissToast, getToasts } from '#src/lib/toast.ts';

// A board row's "⋯" menu as the board shows it, with the server's answers provided (no network).
interface Asked<T> {
  data: T | undefined;
  isError: boolean;
}
const summary = vi.fn<(userId: number, enabled: boolean) => Asked<{ followed_by_me: boolean }>>();
const kudos = vi.fn<(kind: string, itemId: number, enabled: boolean) => Asked<{ count: number; mine: boolean }>>();
const saveFollow = vi.fn<(want: boolean) => Promise<unknown>>();
const saveKudos = vi.fn<(want: boolean) => Promise<{ kind: 'score'; item_id: number; count: number; mine: boolean }>>();
vi.mock('#src/api/follows.ts', () => ({
  useFollowSummary: (userId: number, enabled = true) => summary(userId, enabled),
  useSaveFollow: () => ({ mutateAsync: saveFollow }),
}));
vi.mock('#src/api/kudos.ts', () => ({
  kudosKey: (kind: string, itemId: number, me: number | null) => ['kudos', kind, itemId, me],
  useKudos: (kind: string, itemId: number, enabled = true) => kudos(kind, itemId, enabled),
  useSaveKudos: () => ({ mutateAsync: saveKudos }),
}));

const { default: BoardRowMenu } = await import('#src/components/board-row-menu.tsx');

const ana: SessionUser = { wp_user_id: 1, email: 'ana@x.test', display_name: 'Ana', wp_role: 'subscriber', wp_capabilities: {} };
const as = (user: SessionUser | null, ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionContext.Provider value={{ user, isAdmin: false, restoring: false }}>{ui}</SessionContext.Provider>
    </QueryClientProvider>,
  );
const mateo = { athleteId: 7, name: 'Mateo Silva', scoreId: 42, verified: true, scoreText: '3:12' };
const toastTitles = () => getToasts().map((t) => t.title);

beforeEach(() => {
  getToasts().forEach((t) => dismissToast(t.id));
  summary.mockReset().mockImplementation((_, enabled) => ({ data: enabled ? { followed_by_me: false } : undefined, isError: false }));
  kudos.mockReset().mockImplementation((_k, _i, enabled) => ({ data: enabled ? { count: 2, mine: false } : undefined, isError: false }));
  saveFollow.mockReset();
  saveKudos.mockReset();
});

describe("a board row's menu", () => {
  it('is labelled for the athlete, asks nothing until opened, then offers Follow and kudos with the count', async () => {
    const user = userEvent.setup({ delay: null });
    as(ana, <BoardRowMenu {...mateo} />);
    const trigger = screen.getByRole('button', { name: 'More for Mateo Silva' });
    expect(summary).not.toHaveBeenCalledWith(7, true);
    expect(kudos).not.toHaveBeenCalledWith('score', 42, true);
    await user.click(trigger);
    expect(await screen.findByRole('menuitem', { name: 'Follow Mateo Silva' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: /Give kudos · 2 kudos/ })).toBeTruthy();
    expect(summary).toHaveBeenCalledWith(7, true);
    expect(kudos).toHaveBeenCalledWith('score', 42, true);
  });

  it('follows from the menu and says so', async () => {
    const user = userEvent.setup({ delay: null });
    saveFollow.mockResolvedValueOnce({ followers: 1, followed_by_me: true });
    as(ana, <BoardRowMenu {...mateo} />);
    await user.click(screen.getByRole('button', { name: 'More for Mateo Silva' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Follow Mateo Silva' }));
    expect(saveFollow).toHaveBeenCalledWith(true);
    await waitFor(() => expect(toastTitles()).toContain('You follow Mateo Silva.'));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('works from the keyboard: Enter opens, arrows move, Enter unfollows; Escape closes back to the button', async () => {
    const user = userEvent.setup({ delay: null });
    summary.mockImplementation(() => ({ data: { followed_by_me: true }, isError: false }));
    saveFollow.mockResolvedValueOnce({ followers: 0, followed_by_me: false });
    as(ana, <BoardRowMenu {...mateo} />);
    const trigger = screen.getByRole('button', { name: 'More for Mateo Silva' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(menu).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(trigger);
    await user.keyboard('{Enter}');
    await screen.findByRole('menuitem', { name: 'Unfollow Mateo Silva' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Unfollow Mateo Silva'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toMatch(/Give kudos/);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Unfollow Mateo Silva');
    await user.keyboard('{Enter}');
    expect(saveFollow).toHaveBeenCalledWith(false);
    await waitFor(() => expect(toastTitles()).toContain('You no longer follow Mateo Silva.'));
  });

  it('gives kudos and, given, offers to take them back', async () => {
    const user = userEvent.setup({ delay: null });
    saveKudos.mockResolvedValueOnce({ kind: 'score', item_id: 42, count: 3, mine: true });
    const { unmount } = as(ana, <BoardRowMenu {...mateo} />);
    await user.click(screen.getByRole('button', { name: 'More for Mateo Silva' }));
    await user.click(await screen.findByRole('menuitem', { name: /Give kudos/ }));
    expect(saveKudos).toHaveBeenCalledWith(true);
    await waitFor(() => expect(toastTitles()).toContain('You gave Mateo Silva kudos for 3:12.'));
    unmount();
    kudos.mockImplementation(() => ({ data: { count: 3, mine: true }, isError: false }));
    saveKudos.mockResolvedValueOnce({ kind: 'score', item_id: 42, count: 2, mine: false });
    as(ana, <BoardRowMenu {...mateo} />);
    await user.click(screen.getByRole('button', { name: 'More for Mateo Silva' }));
    await user.click(await screen.findByRole('menuitem', { name: /Take back kudos · 3 kudos/ }));
    expect(saveKudos).toHaveBeenLastCalledWith(false);
  });

  it('has no kudos item for a result that takes none (not verified, or the server says not found)', async () => {
    const user = userEvent.setup({ delay: null });
    const { unmount } = as(ana, <BoardRowMenu {...mateo} verified={false} />);
    await user.click(screen.getByRole('button', { name: 'More for Mateo Silva' }));
    await screen.findByRole('menuitem', { name: 'Follow Mateo Silva' });
    expect(screen.queryByRole('menuitem', { name: /kudos/i })).toBeNull();
    expect(kudos).not.toHaveBeenCalledWith('score', 42, true);
    unmount();
    kudos.mockImplementation(() => ({ data: undefined, isError: true }));
    as(ana, <BoardRowMenu {...mateo} />);
    await user.click(screen.getByRole('button', { name: 'More for Mateo Silva' }));
    await screen.findByRole('menuitem', { name: 'Follow Mateo Silva' });
    expect(screen.queryByRole('menuitem', { name: /kudos/i })).toBeNull();
  });

  it('says in the server’s words why a choice failed', async () => {
    const user = userEvent.setup({ delay: null });
    saveKudos.mockRejectedValueOnce(new Error('You gave or took back 30 kudos in the last minute. Wait a moment and try again.'));
    as(ana, <BoardRowMenu {...mateo} />);
    await user.click(screen.getByRole('button', { name: 'More for Mateo Silva' }));
    await user.click(await screen.findByRole('menuitem', { name: /Give kudos/ }));
    await waitFor(() => expect(toastTitles()).toContain('You gave or took back 30 kudos in the last minute. Wait a moment and try again.'));
    expect(getToasts().at(-1)?.variant).toBe('error');
  });

  it('is not there signed out, nor on the viewer’s own row', () => {
    const { unmount } = as(null, <BoardRowMenu {...mateo} />);
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    as({ ...ana, wp_user_id: 7 }, <BoardRowMenu {...mateo} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
