import type { Database } from '#server/db/index.ts';
import { stories, storyComments } from '#server/db/schema.ts';

const HOUR = 3_600_000;

/** One demo story: its text (safe Markdown, as the form takes it) and the replies under it. */
interface DemoStory {
  title: string;
  body: string;
  /** Hours before the seed's day it was posted. */
  hoursAgo: number;
  comments: string[];
  /** The reply (by index) that is the author answering a question, when there is one. */
  authorReplies?: number;
}

const DEMO_STORIES: DemoStory[] = [
  {
    title: 'Sub-4 Fran, finally',
    body: 'Two years of chasing it. What changed: I stopped sprinting the first round of thrusters and **broke the pull-ups 11-10** from the start. Last round felt awful and that was the point.\n\nNext goal: unbroken 21s.',
    hoursAgo: 6,
    comments: [
      'Huge! The 11-10 split is the secret nobody believes.',
      'Congrats, that pacing plan is going on my whiteboard.',
      'Unbroken 21s by spring, calling it.',
    ],
  },
  {
    title: 'What a 5 am class taught me about consistency',
    body: 'Six weeks of early sessions. No PRs for the first four, then three in a week. The boring part works: sleep by ten, bag packed the night before, coffee on a timer.',
    hoursAgo: 20,
    comments: ['The bag-packed-the-night-before trick is underrated.', 'Respect. I managed two 5 am sessions and retired.'],
  },
  {
    title: 'Scaled to Rx in one season',
    body: 'Last year I entered everything Scaled. This year my first Rx board, mid-pack and proud of it. Strict pull-ups every day, 3 sets of 5, and patience with the bar.',
    hoursAgo: 30,
    comments: ['Mid-pack Rx is a big deal. Well done!', 'How long before kipping felt safe?', 'About three months of strict work first.'],
    authorReplies: 2,
  },
  {
    title: 'Deadlift day notes',
    body: 'Hit a smooth double at 90% and left it there. *Leaving a rep in the tank* is a skill I am still learning. Hook grip held, back stayed tight, no drama.',
    hoursAgo: 52,
    comments: ['Smooth doubles beat ugly singles every time.'],
  },
  {
    title: 'Rowing 2k: the plan that worked',
    body: 'Start 2 s/500m faster than goal for 20 strokes, settle at goal pace, then empty the tank over the last 300. Finished four seconds under my old best.',
    hoursAgo: 75,
    comments: ['Saving this for Saturday.', 'The settle is the hard part. Nice work.'],
  },
  {
    title: 'Our gym took over the team board',
    body: 'Eight of us entered the team challenge. We did not win, but we had the loudest corner of the gym and two people got their first muscle-up mid-workout.',
    hoursAgo: 100,
    comments: ['Best kind of team day.', 'First muscle-ups mid-workout is the real trophy.', 'Next time we win it.'],
  },
];

/**
 * The community feed of the demo world: stories by demo athletes with replies from others, dated
 * over the last few days before `now`. `athleteIds` are the demo athletes in cast order.
 */
export async function seedDemoStories(tx: Database, athleteIds: number[], now: number) {
  if (athleteIds.length < 2) return;
  const pick = (i: number) => athleteIds[(i * 7 + 3) % athleteIds.length]!;
  const inserted = await tx
    .insert(stories)
    .values(
      DEMO_STORIES.map((s, i) => {
        const at = new Date(now - s.hoursAgo * HOUR);
        return { authorId: pick(i), title: s.title, body: s.body, createdAt: at, updatedAt: at };
      }),
    )
    .returning({ id: stories.id, authorId: stories.authorId, createdAt: stories.createdAt });
  const comments = inserted.flatMap((story, i) =>
    DEMO_STORIES[i]!.comments.map((body, k) => {
      // Replies by other athletes (never the author by chance), or the author answering one.
      const other = pick(i + k + 5) === story.authorId ? pick(i + k + 6) : pick(i + k + 5);
      const authorId = DEMO_STORIES[i]!.authorReplies === k ? story.authorId : other;
      return { storyId: story.id, authorId, body, createdAt: new Date(story.createdAt.getTime() + (k + 1) * 0.75 * HOUR) };
    }),
  );
  if (comments.length) await tx.insert(storyComments).values(comments);
}
