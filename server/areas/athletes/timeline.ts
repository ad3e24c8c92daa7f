import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { timelinePosts } from '#server/db/schema.ts';
import { signHandoffToken } from '#server/lib/tokens.ts';
import { communitySiteAddress } from '#server/lib/community-site.ts';

/** Where the community site takes our posts (a WordPress REST route of the RepForge plugin). */
export const COMMUNITY_TIMELINE_PATH = '/wp-json/repforge/v1/timeline-posts';
const DELIVERY_TIMEOUT_MS = 5_000;
const TOKEN_TTL_SECONDS = 60;

/**
 * Sends a timeline post to the community site, when one is configured: a JSON POST signed
 * with a short-lived token (HS256, audience "community", subject the athlete). The post is
 * always kept in our own table; delivered_at or delivery_error records what happened.
 */
export async function deliverTimelinePost(ctx: AppContext, postId: number): Promise<void> {
  const site = ctx.config.communitySiteUrl;
  if (!site) return;
  const db = ctx.database.db;
  const [post] = await db
    .select()
    .from(timelinePosts)
    .where(and(eq(timelinePosts.id, postId), isNull(timelinePosts.deliveredAt)));
  if (!post) return;
  const token = await signHandoffToken(ctx.jwtKey, { sub: String(post.userId), purpose: 'timeline' }, ctx.now(), TOKEN_TTL_SECONDS);
  let problem: string | null = null;
  try {
    const res = await fetch(communitySiteAddress(site, COMMUNITY_TIMELINE_PATH), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        id: post.id,
        user_id: post.userId,
        kind: post.kind,
        body: post.body,
        payload: post.payload,
        created_at: post.createdAt.toISOString(),
      }),
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    if (!res.ok) problem = `The community site answered ${res.status}.`;
  } catch (error) {
    problem = `The community site could not be reached: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500);
  }
  await db
    .update(timelinePosts)
    .set(problem ? { deliveryError: problem } : { deliveredAt: ctx.now(), deliveryError: null })
    .where(eq(timelinePosts.id, post.id));
}
