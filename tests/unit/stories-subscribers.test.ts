import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readsInFull, storyTeaser, STORY_BODY_LIMITS, TEASER_MAX } from '#domain/stories.ts';

const body = fc.string({ minLength: STORY_BODY_LIMITS.min, maxLength: 600 }).filter((s) => s.trim().length >= STORY_BODY_LIMITS.min);

describe('storyTeaser', () => {
  it('is a strict prefix of the body, at most a third of it and TEASER_MAX characters, plus an ellipsis', () => {
    fc.assert(
      fc.property(body, (text) => {
        const teaser = storyTeaser(text);
        expect(teaser.endsWith('…')).toBe(true);
        const words = teaser.slice(0, -1);
        expect(text.trim().startsWith(words)).toBe(true);
        expect(words.length).toBeLessThanOrEqual(Math.min(TEASER_MAX, Math.floor(text.trim().length / 3)));
      }),
    );
  });

  it('cuts at a word when there is one', () => {
    expect(storyTeaser('Five rounds of burpees and then a long slow mile run to finish the morning session')).toBe(
      'Five rounds of burpees and…',
    );
  });
});

describe('readsInFull', () => {
  const audience = fc.record({
    authorId: fc.integer({ min: 1, max: 5 }),
    subscribersOnly: fc.boolean(),
    requiredPriceCents: fc.option(fc.integer({ min: 100, max: 50_000 }), { nil: null }),
  });
  const reader = fc.option(fc.record({ id: fc.integer({ min: 1, max: 5 }), isStaff: fc.boolean() }), { nil: null });
  const best = fc.option(fc.integer({ min: 100, max: 50_000 }), { nil: undefined });

  it('a story for everyone is read by all; the author and staff read every story', () => {
    fc.assert(
      fc.property(audience, reader, best, (story, who, price) => {
        if (!story.subscribersOnly) expect(readsInFull(story, who, price)).toBe(true);
        if (who && (who.isStaff || who.id === story.authorId)) expect(readsInFull(story, who, price)).toBe(true);
      }),
    );
  });

  it('otherwise only a subscriber whose tier costs at least the required one, and signed-out readers never', () => {
    fc.assert(
      fc.property(audience, reader, best, (story, who, price) => {
        if (!story.subscribersOnly || (who && (who.isStaff || who.id === story.authorId))) return;
        const expected = who !== null && price !== undefined && (story.requiredPriceCents === null || price >= story.requiredPriceCents);
        expect(readsInFull(story, who, price)).toBe(expected);
      }),
    );
  });

  it('a dearer tier never reads less than a cheaper one', () => {
    fc.assert(
      fc.property(
        audience,
        reader,
        fc.integer({ min: 100, max: 50_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (story, who, price, more) => {
          if (readsInFull(story, who, price)) expect(readsInFull(story, who, price + more)).toBe(true);
        },
      ),
    );
  });
});
