import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { Button } from '#src/components/ui/button.tsx';
import { FileDropZone } from '#src/components/ui/file-drop-zone.tsx';
import { TextInput } from '#src/components/ui/text-field.tsx';
import { ALT_LIMITS, IMAGE_MAX_BYTES, STORY_IMAGE_MAX } from '#domain/images.ts';
import type { StoryImage } from '#machines/story-submission.ts';

/**
 * The story's pictures before publishing: upload (one at a time, or dropped), describe each (alt text,
 * required), move up or down and remove. The server re-encodes every picture and drops its metadata.
 */
export function StoryImagesField({
  images,
  uploading,
  onFile,
  onAlt,
  onMove,
  onRemove,
}: {
  images: StoryImage[];
  uploading: boolean;
  onFile: (file: File) => void;
  onAlt: (index: number, alt: string) => void;
  onMove: (index: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  const full = images.length >= STORY_IMAGE_MAX;
  return (
    <fieldset className="story-images-field">
      <legend>Pictures (optional)</legend>
      {images.length ? (
        <ol className="story-image-list" aria-label="Pictures in the story, in order">
          {images.map((image, i) => (
            <li key={image.id} className="story-image-item">
              <img
                src={image.url}
                alt=""
                width={96}
                height={Math.max(1, Math.round((96 * image.height) / image.width))}
                className="story-image-thumb"
              />
              <div className="story-image-controls">
                <TextInput
                  label={`Describe picture ${i + 1}`}
                  value={image.alt}
                  maxLength={ALT_LIMITS.max + 100}
                  onChange={(e) => onAlt(i, e.target.value)}
                  hint="What it shows, for people who cannot see it (required)."
                  autoComplete="off"
                />
                <div className="story-image-buttons">
                  <Button size="sm" icon={<ArrowUp size={16} aria-hidden />} disabled={i === 0} onClick={() => onMove(i, i - 1)}>
                    Earlier<span className="visually-hidden"> (picture {i + 1})</span>
                  </Button>
                  <Button
                    size="sm"
                    icon={<ArrowDown size={16} aria-hidden />}
                    disabled={i === images.length - 1}
                    onClick={() => onMove(i, i + 1)}
                  >
                    Later<span className="visually-hidden"> (picture {i + 1})</span>
                  </Button>
                  <Button size="sm" variant="ghost" icon={<X size={16} aria-hidden />} onClick={() => onRemove(i)}>
                    Remove<span className="visually-hidden"> picture {i + 1}</span>
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      {full ? (
        <p className="muted">A story holds {STORY_IMAGE_MAX} pictures: remove one to add another.</p>
      ) : (
        <FileDropZone
          label={uploading ? 'Uploading…' : 'Add a picture'}
          accept="image/jpeg,image/png,image/webp"
          disabled={uploading}
          dropText="Drop a JPEG, PNG or WebP picture here, or"
          hint={`Up to ${STORY_IMAGE_MAX} pictures of at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB each (${images.length} added). Location and camera details are removed.`}
          onFile={(file) => {
            if (file) onFile(file);
          }}
        />
      )}
    </fieldset>
  );
}
