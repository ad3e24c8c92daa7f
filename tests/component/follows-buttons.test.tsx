import type { ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SessionContext, type SessionUser } from '#src/lib/session/session-view.ts';

// The buttons as a page shows them, with the server's answers provided (no network).
const saveFollow = vi.fn<(want: boolean) => Promise<unknown>>();
const saveKudos = vi.fn<(want: boolean) => Promise<{ kind: 'story'; item_id: number; count: number; mine: boolean }>>();
vi.mock('#src/features/follows/api/follows.ts', () => ({ useSaveFollow: () => ({ mutateAsync: saveFollow }) }));
vi.mock('#src/api/kudos.ts', () => ({ useSaveKudos: () => ({ mutateAsync: saveKudos }) }));

const { FollowButton } = await import('#src/features/follows/components/follow-button.tsx');
const { KudosButton } = await import('#src/components/kudos-button.tsx');

const ana: SessionUser = { wp_user_id: 1, email: 'ana@x.test', display_name: 'Ana', wp_role: 'subscriber', wp_capabilities: {} };
const as = (user: SessionUser | null, ui: ReactNode) =>
  render(<SessionContext.Provider value={{ user, isAdmin: false, restoring: false }}>{ui}</SessionContext.Provider>);

/** A promise the test settles when it wants, to see the busy state in between. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('the follow button', () => {
  it('follows when not following, busy until the server answers', async () => {
    const user = userEvent.setup({ delay: null });
    const answer = deferred<unknown>();
    saveFollow.mockReset().mockReturnValueOnce(answer.promise);
    as(ana, <FollowButton userId={2} name="Bo" following={false} />);
    const button = screen.getByRole('button', { name: 'Follow Bo' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    await user.click(button);
    expect(saveFollow).toHaveBeenCalledWith(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button).toHaveProperty('disabled', true);
    answer.resolve({ followers: 1 });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows as pressed when following and unfollows on a press', async () => {
    const user = userEvent.setup({ delay: null });
    saveFollow.mockReset().mockResolvedValueOnce({ followers: 0 });
    as(ana, <FollowButton userId={2} name="Bo" following />);
    const button = screen.getByRole('button', { name: 'Following Bo' });
    expect(button.getAttribute('aria-pressed')).toBe('true');
    await user.click(button);
    expect(saveFollow).toHaveBeenCalledWith(false);
  });

  it('says in the server’s words why following failed, and tries again on the next press', async () => {
    const user = userEvent.setup({ delay: null });
    saveFollow.mockReset().mockRejectedValueOnce(new Error('No athlete with that id.')).mockResolvedValueOnce({});
    as(ana, <FollowButton userId={9} name="Gone" following={false} />);
    await user.click(screen.getByRole('button', { name: 'Follow Gone' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No athlete with that id.');
    await user.click(screen.getByRole('button', { name: 'Follow Gone' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(saveFollow).toHaveBeenCalledTimes(2);
  });
});

describe('the kudos button', () => {
  const props = { kind: 'story' as const, itemId: 5, subject: 'Morning engine', authorId: 2 };

  it('gives kudos and takes them back, showing the server’s count', async () => {
    const user = userEvent.setup({ delay: null });
    saveKudos
      .mockReset()
      .mockResolvedValueOnce({ kind: 'story', item_id: 5, count: 3, mine: true })
      .mockResolvedValueOnce({ kind: 'story', item_id: 5, count: 2, mine: false });
    as(ana, <KudosButton {...props} count={2} mine={false} />);
    const button = screen.getByRole('button', { name: 'Kudos for Morning engine: 2 kudos' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    await user.click(button);
    expect(saveKudos).toHaveBeenLastCalledWith(true);
    const given = await screen.findByRole('button', { name: 'Kudos for Morning engine: 3 kudos' });
    expect(given.getAttribute('aria-pressed')).toBe('true');
    await user.click(given);
    expect(saveKudos).toHaveBeenLastCalledWith(false);
    expect(await screen.findByRole('button', { name: 'Kudos for Morning engine: 2 kudos' })).toBeTruthy();
  });

  it('shows the count alone when signed out or on one’s own story', () => {
    const { unmount } = as(null, <KudosButton {...props} count={4} mine={false} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText(/4 kudos/)).toBeTruthy();
    unmount();
    as({ ...ana, wp_user_id: 2 }, <KudosButton {...props} count={1} mine={false} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText(/1 kudos/)).toBeTruthy();
  });

  it('keeps the count and says why when the kudos could not be saved', async () => {
    const user = userEvent.setup({ delay: null });
    saveKudos.mockReset().mockRejectedValueOnce(new Error('You gave or took back 30 kudos in the last minute.'));
    as(ana, <KudosButton {...props} count={2} mine={false} />);
    await user.click(screen.getByRole('button', { name: 'Kudos for Morning engine: 2 kudos' }));
    expect((await screen.findByRole('alert')).textContent).toContain('30 kudos in the last minute');
    expect(screen.getByRole('button', { name: 'Kudos for Morning engine: 2 kudos' }).getAttribute('aria-pressed')).toBe('false');
  });
});
