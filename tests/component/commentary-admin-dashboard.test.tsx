import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommentaryStream, EditorLine } from '#src/features/commentary/api/commentary.ts';

const calls = {
  save: vi.fn(async (text: string) => ({ ...line(1), text, edited: true })),
  approve: vi.fn(async () => ({ ...line(1), status: 'published' })),
  reject: vi.fn(async () => ({ ...line(1), status: 'rejected' })),
  refresh: vi.fn(),
  setStream: vi.fn(),
};

function line(id: number, over: Partial<EditorLine> = {}): EditorLine {
  return {
    id,
    challenge_id: 4,
    attempt_id: null,
    battle_id: null,
    kind: 'new_leader',
    text: 'Bo takes the lead in Fran with 3:59!',
    status: 'queued',
    source: 'template',
    fallback_reason: null,
    edited: false,
    facts: { kind: 'new_leader', athlete: 'Bo', challenge: 'Fran', place: 1, previous_place: 2, previous_leader: 'Ana', score: '3:59' },
    created_at: '2026-11-23T10:00:00Z',
    decided_at: null,
    published_at: null,
    ...over,
  };
}

const state: { streams: CommentaryStream[]; lines: EditorLine[]; writer: { kind: 'template' | 'model'; model: string | null } } = {
  streams: [],
  lines: [],
  writer: { kind: 'template', model: null },
};
const done = <T,>(data: T) => ({
  status: 'success',
  isPending: false,
  isError: false,
  isSuccess: true,
  data,
  error: null,
  refetch: vi.fn(),
});

// The dashboard as an editor sees it, with what the server answered provided (no session, no network).
vi.mock('#src/features/commentary/api/commentary.ts', () => ({
  useCommentaryStreams: () => done({ items: state.streams, battles: [], writer: state.writer }),
  useCommentaryQueue: () => done({ items: state.lines }),
  useLineActions: () => ({
    save: { mutateAsync: calls.save },
    approve: { mutateAsync: calls.approve },
    reject: { mutateAsync: calls.reject },
    refresh: calls.refresh,
  }),
  useSetStream: () => ({ mutate: calls.setStream, isPending: false, isError: false, error: null }),
}));

const { default: CommentaryAdminDashboard } = await import('#src/features/commentary/pages/commentary-admin-dashboard.tsx');

describe('the commentary dashboard', () => {
  beforeEach(() => {
    for (const f of Object.values(calls)) f.mockClear();
    state.streams = [{ challenge_id: 4, title: 'Fran', auto_publish: false, auto_publish_model: false, queued: 1, published: 0 }];
    state.lines = [line(1)];
    state.writer = { kind: 'template', model: null };
  });

  it('approves a waiting line: it is published and the lists refresh', async () => {
    const user = userEvent.setup({ delay: null });
    render(<CommentaryAdminDashboard />);
    const card = screen.getByRole('listitem', { name: 'Bo takes the lead in Fran with 3:59!' });
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(calls.approve).toHaveBeenCalledTimes(1);
    expect(await within(card).findByText('Published')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(calls.refresh).toHaveBeenCalled();
  });

  it('edits a line: an empty text is refused in plain words, a good one is saved and shown', async () => {
    const user = userEvent.setup({ delay: null });
    render(<CommentaryAdminDashboard />);
    const card = screen.getByRole('listitem', { name: 'Bo takes the lead in Fran with 3:59!' });
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const box = within(card).getByRole('textbox', { name: 'Line' });
    await user.clear(box);
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(within(card).getByText('Write at least 3 characters.')).toBeTruthy();
    expect(calls.save).not.toHaveBeenCalled();
    await user.type(box, 'Bo storms to the top!');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(calls.save).toHaveBeenCalledWith('Bo storms to the top!');
    expect(await within(card).findByText('Bo storms to the top!')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Approve' })).toBeTruthy();
  });

  it('rejects a line, and says why when the server refuses a decision', async () => {
    state.lines = [line(1), line(2, { text: 'Cy climbs 6 places on Fran.', kind: 'big_jump', source: 'model' })];
    calls.approve.mockRejectedValueOnce(new Error('This line was rejected; it can no longer be changed.'));
    const user = userEvent.setup({ delay: null });
    render(<CommentaryAdminDashboard />);
    const first = screen.getByRole('listitem', { name: 'Bo takes the lead in Fran with 3:59!' });
    await user.click(within(first).getByRole('button', { name: 'Reject' }));
    expect(calls.reject).toHaveBeenCalledTimes(1);
    expect(await within(first).findByText('Rejected')).toBeTruthy();
    const second = screen.getByRole('listitem', { name: 'Cy climbs 6 places on Fran.' });
    expect(within(second).getByText('Written by the model')).toBeTruthy();
    await user.click(within(second).getByRole('button', { name: 'Approve' }));
    expect((await within(second).findByRole('alert')).textContent).toBe('This line was rejected; it can no longer be changed.');
    expect(within(second).getByRole('button', { name: 'Approve' })).toBeTruthy();
  });

  it('switches a challenge to auto-publish, and tells editors when the templates stood in for the model', async () => {
    state.writer = { kind: 'model', model: 'tiny' };
    state.lines = [line(3, { fallback_reason: 'The model did not answer in time.' })];
    const user = userEvent.setup({ delay: null });
    render(<CommentaryAdminDashboard />);
    expect(screen.getByText(/Lines are written by the model “tiny”/)).toBeTruthy();
    // Why a busy board's moves may get no line: the pace, told beside the challenges.
    expect(
      screen.getByText(
        /A busy board is commented at most 60 lines a minute per server by default \(20 at once; the operators can set another rate\)/,
      ),
    ).toBeTruthy();
    expect(screen.getByText('Templates wrote this line: The model did not answer in time.')).toBeTruthy();
    // Model lines publish alone only after template lines do.
    expect(screen.getByRole('switch', { name: 'Model lines too' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('switch', { name: 'Auto-publish template lines' }));
    expect(calls.setStream).toHaveBeenCalledWith({ auto_publish: true, auto_publish_model: false });
  });

  it('says so in plain words when nothing is waiting', () => {
    state.streams = [];
    state.lines = [];
    render(<CommentaryAdminDashboard />);
    expect(screen.getByText(/No challenge has commentary yet/)).toBeTruthy();
    expect(screen.getByText(/No battle has commentary yet/)).toBeTruthy();
    expect(screen.getByText(/Nothing is waiting/)).toBeTruthy();
  });
});
