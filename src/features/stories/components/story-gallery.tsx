import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import type { Story } from '../api/stories.ts';

type Picture = Story['images'][number];

/**
 * A story's pictures: one large at a time (its box keeps the picture's proportions, so nothing
 * shifts while it loads), Previous/Next buttons and the arrow keys, and a row of thumbnails to jump.
 */
export function StoryGallery({ images, title }: { images: Picture[]; title: string }) {
  const [shown, setShown] = useState(0);
  const count = images.length;
  if (!count) return null;
  const index = Math.min(shown, count - 1);
  const image = images[index]!;
  const go = (to: number) => setShown((to + count) % count);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') go(index + 1);
    else if (e.key === 'ArrowLeft') go(index - 1);
    else return;
    e.preventDefault();
  };
  return (
    <section className="story-gallery" aria-roledescription="gallery" aria-label={`Pictures of ${title}`}>
      <figure className="story-gallery-figure" tabIndex={count > 1 ? 0 : undefined} onKeyDown={count > 1 ? onKey : undefined}>
        <img
          src={image.page_url}
          srcSet={`${image.feed_url} 480w, ${image.page_url} 1280w`}
          sizes="(max-width: 720px) 100vw, 720px"
          alt={image.alt}
          width={image.width}
          height={image.height}
          style={{ aspectRatio: `${image.width} / ${image.height}` }}
          className="story-gallery-image"
        />
        {count > 1 ? (
          <figcaption className="muted" aria-live="polite">
            Picture {index + 1} of {count}
          </figcaption>
        ) : null}
      </figure>
      {count > 1 ? (
        <div className="story-gallery-nav">
          <Button size="sm" icon={<ChevronLeft size={16} aria-hidden />} onClick={() => go(index - 1)}>
            Previous<span className="visually-hidden"> picture</span>
          </Button>
          <ol className="story-gallery-thumbs">
            {images.map((im, i) => (
              <li key={im.id}>
                <button
                  type="button"
                  className="story-gallery-thumb"
                  aria-current={i === index ? 'true' : undefined}
                  aria-label={`Show picture ${i + 1}: ${im.alt}`}
                  onClick={() => setShown(i)}
                >
                  <img src={im.feed_url} alt="" width={56} height={Math.max(1, Math.round((56 * im.height) / im.width))} />
                </button>
              </li>
            ))}
          </ol>
          <Button size="sm" icon={<ChevronRight size={16} aria-hidden />} onClick={() => go(index + 1)}>
            Next<span className="visually-hidden"> picture</span>
          </Button>
        </div>
      ) : null}
    </section>
  );
}
