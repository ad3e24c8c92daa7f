import { secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { StoryImage, UploadOutcome } from '#machines/story-submission.ts';
import type { components } from '#openapi/schema.d.ts';

export type StoredImage = components['schemas']['Image'];

/** The form's view of a stored picture: the feed-sized file is its thumbnail. */
export const formImage = (image: StoredImage): StoryImage => ({
  id: image.id,
  alt: image.alt,
  url: image.feed_url,
  width: image.width,
  height: image.height,
});

/** Sends one picture's bytes; the server re-encodes it (and says why, when it refuses). */
export function uploadStoryImage(file: Blob): Promise<StoredImage> {
  return callApi(
    secureApi.POST('/api/images', {
      body: file as unknown as string,
      bodySerializer: (b: unknown) => b as BodyInit,
      headers: { 'content-type': file.type || 'application/octet-stream' },
    }),
    'Could not upload the picture.',
  );
}

/** The story form's uploader: the files in turn, stopping at the first refused one (what came before is kept). */
export async function uploadStoryImages(files: Blob[]): Promise<UploadOutcome> {
  const images: UploadOutcome['images'] = [];
  for (const file of files) {
    try {
      const { alt: _alt, ...image } = formImage(await uploadStoryImage(file));
      images.push(image);
    } catch (error) {
      const name = file instanceof File ? `${file.name}: ` : '';
      return { images, problem: `${name}${error instanceof Error ? error.message : 'Could not upload the picture.'}` };
    }
  }
  return { images, problem: null };
}
