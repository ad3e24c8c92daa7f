import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareFeed, decodeFeedCursor, encodeFeedCursor, type FeedCursor } from '#domain/follows.ts';

const item = fc.record({
  at: fc.integer({ min: 0, max: 4_102_444_800_000 }),
  kind: fc.constantFrom<FeedCursor['kind']>('story', 'challenge', 'result'),
  id: fc.integer({ min: 1, max: 2_147_483_647 }),
});

describe('the followers feed cursor', () => {
  it('reads back every cursor it writes', () => {
    fc.assert(
      fc.property(item, (c) => {
        expect(decodeFeedCursor(encodeFeedCursor(c))).toEqual(c);
      }),
    );
  });

  it('refuses anything else', () => {
    for (const bad of ['', 'yesterday', '1.story', '1.video.2', '-1.story.2', '1.story.2147483648', '1.story.2.3', ' 1.story.2'])
      expect(decodeFeedCursor(bad)).toBeNull();
  });

  it('orders newest first as a strict total order, and pages by cursor without gaps or repeats', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(item, { selector: (c) => `${c.kind}:${c.id}`, maxLength: 40 }),
        fc.integer({ min: 1, max: 7 }),
        (items, size) => {
          const sorted = [...items].sort(compareFeed);
          for (let i = 1; i < sorted.length; i++) expect(compareFeed(sorted[i - 1]!, sorted[i]!)).toBeLessThan(0);
          // What the SQL does: the items strictly after the cursor, in order, a page at a time.
          const seen: FeedCursor[] = [];
          let cursor: FeedCursor | null = null;
          for (;;) {
            const after: FeedCursor[] = sorted.filter((c) => cursor === null || compareFeed(cursor, c) < 0);
            const page = after.slice(0, size);
            seen.push(...page);
            if (after.length <= size) break;
            cursor = decodeFeedCursor(encodeFeedCursor(page[page.length - 1]!));
          }
          expect(seen).toEqual(sorted);
        },
      ),
    );
  });
});
