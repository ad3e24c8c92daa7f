import { lazy, Suspense, useState } from 'react';
import { Play } from 'lucide-react';
import { Button } from './ui/button.tsx';
import { LoadingSkeleton } from './loading-skeleton.tsx';
import type { PlayableVideo } from './video-player.tsx';
import { Pending } from '#src/lib/settled.tsx';

// The shared player is its own chunk, loaded when someone presses Play.
const VideoPlayer = lazy(() => import('./video-player.tsx'));

/** A video shown as a Play button until wanted; then the shared player in place (the theater, the records reviewer). */
export function VideoOnDemand({ video, label }: { video: PlayableVideo; label: string }) {
  const [playing, setPlaying] = useState(false);
  if (!playing)
    return (
      <p>
        <Button size="sm" icon={<Play size={16} aria-hidden />} onClick={() => setPlaying(true)} aria-label={`Play ${label}`}>
          Play the video
        </Button>
      </p>
    );
  return (
    <Suspense
      fallback={
        <Pending>
          <LoadingSkeleton label="Loading the player" />
        </Pending>
      }
    >
      <VideoPlayer video={video} momentLinks={false} label={label} />
    </Suspense>
  );
}
