import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import {
  athleteProfiles,
  challenges,
  DEFAULT_PRIVACY,
  challengeScores,
  stories,
  storyComments,
  teamMembers,
  teams,
  users,
  videos,
} from '#server/db/schema.ts';
import type { ReportableKind } from '#domain/moderation.ts';
import { recomputeEntry, theaterChanged } from '../challenges/index.ts';

// The registry of what can be reported: for each kind, how to find the item (its author and a preview
// for the moderators' queue) and how to hide or restore it. A later area plugs in by adding its kind to
// REPORTABLE_KINDS (domain/moderation.ts) and an entry here; everything else (reports, queue, actions,
// appeals) works from this table.

export interface ReportedItem {
  /** The account whose content it is (the one warned or suspended), null when nobody is left. */
  authorId: number | null;
  /** What the moderators see in the queue. */
  title: string;
  excerpt: string;
  /** Where the item lives in the app. */
  link: string;
  hidden: boolean;
}

export interface ModerationKind {
  /** The item, or null when it does not exist (or was deleted). Ids arrive as text. */
  find(db: Database, itemId: string): Promise<ReportedItem | null>;
  /** Hides (`at` set) or restores (`at` null) the item in the caller's transaction. */
  setHidden(tx: Database, itemId: string, at: Date | null): Promise<void>;
}

const intId = (itemId: string): number | null => {
  if (!/^[1-9][0-9]{0,9}$/.test(itemId)) return null;
  const n = Number(itemId);
  return n <= 2_147_483_647 ? n : null;
};

const cut = (s: string, n = 280) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export const moderationKinds: Record<ReportableKind, ModerationKind> = {
  profile: {
    async find(db, itemId) {
      const id = intId(itemId);
      if (id === null) return null;
      // Every account shows on the boards by its name, saved profile or not: each one can be reported.
      const [row] = await db
        .select({ name: users.displayName, bio: athleteProfiles.bio, gym: athleteProfiles.gym, hiddenAt: athleteProfiles.hiddenAt })
        .from(users)
        .leftJoin(athleteProfiles, eq(athleteProfiles.userId, users.id))
        .where(eq(users.id, id));
      if (!row) return null;
      return {
        authorId: id,
        title: row.name,
        excerpt: cut([row.gym, row.bio].filter(Boolean).join(' · ')),
        link: `/athlete-profile-page?id=${id}`,
        hidden: row.hiddenAt !== null && row.hiddenAt !== undefined,
      };
    },
    async setHidden(tx, itemId, at) {
      // A profile never saved gets its row here (the defaults the profile page shows), hidden or not.
      await tx
        .insert(athleteProfiles)
        .values({ userId: Number(itemId), privacy: DEFAULT_PRIVACY, hiddenAt: at })
        .onConflictDoUpdate({ target: athleteProfiles.userId, set: { hiddenAt: at } });
    },
  },
  challenge: {
    async find(db, itemId) {
      const id = intId(itemId);
      if (id === null) return null;
      const [c] = await db
        .select()
        .from(challenges)
        .where(and(eq(challenges.id, id), isNull(challenges.deletedAt)));
      if (!c) return null;
      return {
        authorId: c.creatorId,
        title: c.title,
        excerpt: cut(c.description),
        link: `/challenge-detail-page?id=${id}`,
        hidden: c.hiddenAt !== null,
      };
    },
    async setHidden(tx, itemId, at) {
      await tx
        .update(challenges)
        .set({ hiddenAt: at })
        .where(eq(challenges.id, Number(itemId)));
    },
  },
  score: {
    async find(db, itemId) {
      const id = intId(itemId);
      if (id === null) return null;
      const [row] = await db
        .select({ score: challengeScores, title: challenges.title, name: users.displayName })
        .from(challengeScores)
        .innerJoin(challenges, eq(challenges.id, challengeScores.challengeId))
        .innerJoin(users, eq(users.id, challengeScores.userId))
        .where(and(eq(challengeScores.id, id), isNull(challengeScores.deletedAt)));
      if (!row) return null;
      return {
        authorId: row.score.userId,
        title: `${row.name}'s score in ${row.title}`,
        excerpt: cut([`${row.score.status} ${row.score.value}`, row.score.note ?? ''].filter(Boolean).join(' · ')),
        link: `/challenge-leaderboard-page?id=${row.score.challengeId}`,
        hidden: row.score.hiddenAt !== null,
      };
    },
    async setHidden(tx, itemId, at) {
      const [s] = await tx
        .update(challengeScores)
        .set({ hiddenAt: at })
        .where(eq(challengeScores.id, Number(itemId)))
        .returning({ challengeId: challengeScores.challengeId, userId: challengeScores.userId });
      // The board holds each athlete's best standing score: put it back in step.
      if (s) await recomputeEntry(tx, s.challengeId, s.userId);
      await theaterChanged(tx, { scoreId: Number(itemId) });
    },
  },
  team: {
    async find(db, itemId) {
      const id = intId(itemId);
      if (id === null) return null;
      const [t] = await db.select().from(teams).where(eq(teams.id, id));
      if (!t) return null;
      const [captain] = await db
        .select({ userId: teamMembers.userId })
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, id), eq(teamMembers.role, 'captain')));
      return {
        authorId: captain?.userId ?? t.createdBy,
        title: t.tag ? `${t.name} [${t.tag}]` : t.name,
        excerpt: cut(t.description),
        link: `/team-dashboard-page?id=${id}`,
        hidden: t.hiddenAt !== null,
      };
    },
    async setHidden(tx, itemId, at) {
      await tx
        .update(teams)
        .set({ hiddenAt: at })
        .where(eq(teams.id, Number(itemId)));
    },
  },
  video: {
    async find(db, itemId) {
      if (!/^[0-9a-f-]{36}$/i.test(itemId)) return null;
      const [v] = await db.select().from(videos).where(eq(videos.id, itemId.toLowerCase()));
      if (!v) return null;
      return {
        authorId: v.userId,
        title: v.fileName,
        excerpt: `${v.purpose} video, ${v.status}`,
        link: `/placeholder-video-page?id=${v.id}`,
        hidden: v.hiddenAt !== null,
      };
    },
    async setHidden(tx, itemId, at) {
      await tx.update(videos).set({ hiddenAt: at }).where(eq(videos.id, itemId.toLowerCase()));
      await theaterChanged(tx, { videoId: itemId.toLowerCase() });
    },
  },
  story: {
    async find(db, itemId) {
      const id = intId(itemId);
      if (id === null) return null;
      const [s] = await db.select().from(stories).where(eq(stories.id, id));
      if (!s) return null;
      return {
        authorId: s.authorId,
        title: s.title,
        excerpt: cut(s.body),
        link: `/my-stories-page?story=${id}`,
        hidden: s.hiddenAt !== null,
      };
    },
    async setHidden(tx, itemId, at) {
      await tx
        .update(stories)
        .set({ hiddenAt: at })
        .where(eq(stories.id, Number(itemId)));
    },
  },
  comment: {
    async find(db, itemId) {
      const id = intId(itemId);
      if (id === null) return null;
      const [row] = await db
        .select({ comment: storyComments, story: stories.title })
        .from(storyComments)
        .innerJoin(stories, eq(stories.id, storyComments.storyId))
        .where(eq(storyComments.id, id));
      if (!row) return null;
      return {
        authorId: row.comment.authorId,
        title: `Comment on “${row.story}”`,
        excerpt: cut(row.comment.body),
        link: `/my-stories-page?story=${row.comment.storyId}`,
        hidden: row.comment.hiddenAt !== null,
      };
    },
    async setHidden(tx, itemId, at) {
      await tx
        .update(storyComments)
        .set({ hiddenAt: at })
        .where(eq(storyComments.id, Number(itemId)));
    },
  },
};
