import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScoreVideoChoice } from '#machines/score-submission.ts';

// The score form's video picker with an upload made from the form: the athlete's videos (a query in the app) and
// the resumable uploader (tus, its own chunk) are provided; the uploader here finishes at a press.
type Video = { id: string; file_name: string; status: 'uploading' | 'processing' | 'ready' | 'failed' };
let videos: Video[] = [];
const waitedFor = vi.fn<(id: string | null) => void>();
vi.mock('#src/api/my-videos.ts', () => ({
  useMyVideos: (_enabled: boolean, waitingFor: string | null = null) => {
    waitedFor(waitingFor);
    return { data: { videos }, isPending: false };
  },
}));
vi.mock('#src/components/video-uploader.tsx', () => ({
  default: ({ onUploaded }: { onUploaded: (id: string) => void }) => (
    <button type="button" onClick={() => onUploaded('v-new')}>
      Finish the upload
    </button>
  ),
}));

const { ScoreVideoPicker } = await import('#src/features/challenges/components/score-video.tsx');

let chosen: ScoreVideoChoice[] = [];
function Form({ start }: { start: ScoreVideoChoice }) {
  const [value, setValue] = useState(start);
  return (
    <ScoreVideoPicker
      challengeId={1}
      value={value}
      onChange={(v) => {
        chosen.push(v);
        setValue(v);
      }}
    />
  );
}
/** The form, shown again after the list changed (as the poll's answer would). */
function show(start: ScoreVideoChoice) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const tree = () => (
    <QueryClientProvider client={client}>
      <Form start={start} />
    </QueryClientProvider>
  );
  const view = render(tree());
  return { again: () => view.rerender(tree()) };
}
const upload: ScoreVideoChoice = { kind: 'upload', videoId: '', url: '' };

beforeEach(() => {
  videos = [];
  chosen = [];
  waitedFor.mockReset();
});

describe('uploading a video from the score form', () => {
  it('offers the uploader when there is no ready video, then waits for processing and attaches it by itself', async () => {
    const user = userEvent.setup({ delay: null });
    const { again } = show(upload);
    await user.click(await screen.findByRole('button', { name: 'Finish the upload' }));
    expect(chosen.at(-1)).toEqual({ kind: 'upload', videoId: 'v-new', url: '', processing: true });
    expect(screen.getByRole('status').textContent).toMatch(/^Processing your video…/);
    // The list is asked again until the new video is ready.
    expect(waitedFor).toHaveBeenLastCalledWith('v-new');
    videos = [{ id: 'v-new', file_name: 'my-set.mp4', status: 'processing' }];
    again();
    expect(screen.getByRole('status').textContent).toMatch(/^Processing my-set\.mp4…/);
    expect(chosen.filter((c) => !c.processing)).toEqual([]);
    videos = [{ id: 'v-new', file_name: 'my-set.mp4', status: 'ready' }];
    again();
    await waitFor(() => expect(chosen.at(-1)).toEqual({ kind: 'upload', videoId: 'v-new', url: '', processing: false }));
    expect(screen.getByRole('combobox', { name: 'Video' }).textContent).toContain('my-set.mp4');
    expect(screen.queryByRole('status')).toBeNull();
    expect(waitedFor).toHaveBeenLastCalledWith(null);
  });

  it('keeps the ready videos to choose from, and uploads a new one on request', async () => {
    const user = userEvent.setup({ delay: null });
    videos = [{ id: 'v-old', file_name: 'last-week.mp4', status: 'ready' }];
    show(upload);
    expect(screen.getByRole('combobox', { name: 'Video' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Finish the upload' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Upload a new video' }));
    await user.click(await screen.findByRole('button', { name: 'Finish the upload' }));
    expect(chosen.at(-1)).toMatchObject({ videoId: 'v-new', processing: true });
  });

  it('says so when the new video could not be processed, and lets the athlete upload another', async () => {
    const user = userEvent.setup({ delay: null });
    const { again } = show(upload);
    await user.click(await screen.findByRole('button', { name: 'Finish the upload' }));
    videos = [{ id: 'v-new', file_name: 'broken.mp4', status: 'failed' }];
    again();
    expect((await screen.findByRole('alert')).textContent).toBe('broken.mp4 could not be processed. Upload another video of the attempt.');
    expect(chosen.at(-1)).toMatchObject({ videoId: '', processing: false });
    expect(screen.getByRole('button', { name: 'Finish the upload' })).toBeTruthy();
  });
});
