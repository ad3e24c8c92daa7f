import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { components } from '#openapi/schema.d.ts';
import { joinThenMessage, serverHas } from './held-read.ts';

// The commentary strip reads the published lines again when its socket joins the room; an editor may approve a line
// at about the same time, and the room is told. When that read was asked before the line was written and answers
// after the room's message, it must not take the new line out again.

vi.mock('#src/api/client.ts', async () => (await import('./held-read.ts')).heldClient);

const { default: CommentaryStrip } = await import('#src/components/commentary-strip.tsx');

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

describe('the commentary strip’s live lines', () => {
  it('keep a line the room told over the answer of a read asked before it was published', async () => {
    let lines = [line(1, 'Ana takes the lead.')];
    serverHas(() => ({ items: [...lines] }));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CommentaryStrip challengeId={4} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Ana takes the lead.')).toBeTruthy();
    // The socket is let into the room (the strip reads the lines again, answered with what the server had then); a
    // line is published and the room told while that read is still on its way.
    const bo = line(2, 'Bo answers with a faster time.');
    const race = await joinThenMessage('challenge:4', () => (lines = [bo, ...lines]), {
      type: 'commentary_published',
      line: bo,
    });
    expect(screen.getByText('Bo answers with a faster time.')).toBeTruthy();
    await race.release();
    expect(screen.queryByText('Bo answers with a faster time.')).toBeTruthy();
    // It was read again after the message, and that read's answer is the one kept.
    expect(race.readsSinceMessage()).toBe(1);
  });
});
