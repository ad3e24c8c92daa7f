import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { emitRealtimeMessage } from '#src/lib/realtime.ts';
import type { components } from '#openapi/schema.d.ts';

// The commentary strip reads the published lines again when its socket joins the room; an editor may approve a line
// at about the same time, and the room is told. When that read was asked before the line was written and answers
// after the room's message, it must not take the new line out again.

type Line = components['schemas']['CommentaryLine'];
const line = (id: number, text: string): Line => ({
  id,
  challenge_id: 4,
  attempt_id: null,
  battle_id: null,
  kind: 'new_leader',
  text,
  published_at: new Date().toISOString(),
});

const state = vi.hoisted(() => ({ lines: [] as unknown[], hold: null as Promise<void> | null, reads: 0 }));
const { GET } = vi.hoisted(() => ({
  GET: vi.fn(async (_path: string, _init: unknown) => {
    // A held read answers what the server had when it was asked, once released.
    state.reads++;
    const items = [...state.lines];
    const hold = state.hold;
    state.hold = null;
    if (hold) await hold;
    return { data: { items }, response: new Response(null, { status: 200 }) };
  }),
}));
vi.mock('#src/api/client.ts', () => ({ api: { GET }, secureApi: { GET } }));

const { default: CommentaryStrip } = await import('#src/components/commentary-strip.tsx');

describe('the commentary strip’s live lines', () => {
  it('keep a line the room told over the answer of a read asked before it was published', async () => {
    state.lines = [line(1, 'Ana takes the lead.')];
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CommentaryStrip challengeId={4} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Ana takes the lead.')).toBeTruthy();
    // The socket is let into the room: the strip reads the lines again, answered with what the server had then.
    let release!: () => void;
    state.hold = new Promise<void>((r) => (release = r));
    act(() => emitRealtimeMessage({ type: 'joined', room_id: 'challenge:4' }));
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    const readsBefore = state.reads;
    // A line is published and the room told, while the read is still on its way.
    const bo = line(2, 'Bo answers with a faster time.');
    state.lines = [bo, ...state.lines];
    await act(async () => {
      emitRealtimeMessage({ type: 'commentary_published', line: bo });
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(screen.getByText('Bo answers with a faster time.')).toBeTruthy();
    await act(async () => {
      release();
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.queryByText('Bo answers with a faster time.')).toBeTruthy();
    // It was read again after the message, and that read's answer is the one kept.
    expect(state.reads).toBe(readsBefore + 1);
  });
});
