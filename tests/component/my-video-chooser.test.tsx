import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { useMyVideos } from '#src/api/my-videos.ts';

// The one chooser of an athlete's uploads that the score form and a judged-video battle attempt share.
vi.mock('#src/components/video-uploader.tsx', () => ({
  default: ({ onUploaded }: { onUploaded: (id: string) => void }) => (
    <button type="button" onClick={() => onUploaded('v-new')}>
      Finish the upload
    </button>
  ),
}));
const { MyVideoChooser } = await import('#src/components/my-video-chooser.tsx');

type Query = ReturnType<typeof useMyVideos>;
const query = (videos: { id: string; file_name: string; status: string }[] | null, error: Error | null = null) =>
  ({ data: videos ? { videos } : undefined, isPending: !videos && !error, isError: !!error, error }) as unknown as Query;

describe('MyVideoChooser', () => {
  it('offers the processed uploads only, and uploads a new one on request', async () => {
    const user = userEvent.setup({ delay: null });
    const onUploaded = vi.fn();
    render(
      <MyVideoChooser
        id="v"
        videos={query([
          { id: 'a', file_name: 'ready.mp4', status: 'ready' },
          { id: 'b', file_name: 'busy.mp4', status: 'processing' },
        ])}
        value=""
        onChange={() => {}}
        onUploaded={onUploaded}
      />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Video' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['ready.mp4']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Finish the upload' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Upload a new video' }));
    await user.click(await screen.findByRole('button', { name: 'Finish the upload' }));
    expect(onUploaded).toHaveBeenCalledWith('v-new');
    // The uploader closes once it has sent the video.
    expect(screen.queryByRole('button', { name: 'Finish the upload' })).toBeNull();
  });

  it('opens the uploader by itself with nothing ready, but not while an upload made here processes', async () => {
    const props = { id: 'v', value: '', onChange: () => {}, onUploaded: () => {} };
    const { rerender } = render(<MyVideoChooser {...props} videos={query([])} />);
    expect(await screen.findByRole('button', { name: 'Finish the upload' })).toBeTruthy();
    rerender(<MyVideoChooser {...props} videos={query([])} uploadPending notice={<p role="status">Processing…</p>} />);
    expect(screen.queryByRole('button', { name: 'Finish the upload' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Processing…');
    expect(screen.getByRole('button', { name: 'Upload a new video' })).toBeTruthy();
  });

  it('says it is loading, and what went wrong when the list could not be read', () => {
    const props = { id: 'v', value: '', onChange: () => {}, onUploaded: () => {} };
    const { rerender } = render(<MyVideoChooser {...props} videos={query(null)} />);
    expect(screen.getByText('Loading your videos…')).toBeTruthy();
    rerender(<MyVideoChooser {...props} videos={query(null, new Error('Could not load your videos.'))} uploadPending />);
    expect(screen.getByRole('alert').textContent).toBe('Could not load your videos.');
  });
});
