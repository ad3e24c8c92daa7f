import { api } from '#src/api/client.ts';
import type { SignoutRatingPayload } from '#machines/signout-rating.ts';

/** Saves the rating given after signing out; rejects with the server's reason. */
export async function sendSignoutRating(body: SignoutRatingPayload): Promise<string> {
  const { data, error } = await api.POST('/api/feedback/signout-feedback', { body });
  if (!data) throw new Error(error?.detail ?? 'We could not save your rating. Please try again.');
  return data.message;
}
