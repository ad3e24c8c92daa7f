import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boardName, boardNameOf, GLOBAL_BOARD, ordinal, overallText, placeRest, placeText, TEAM_BOARD } from '#domain/places.ts';
import { AGE_SCHEMES, categoriesOf, SEX_DIVISIONS } from '#domain/divisions.ts';
import { podiumAchievement, PODIUM_PLACES } from '#domain/achievement-rules.ts';

describe('a place names its board', () => {
  it('says the place, of how many, and the board', () => {
    expect(placeText({ rank: 3, of: 12, board: 'Women Rx' })).toBe('3rd of 12 · Women Rx');
    expect(placeText({ rank: 1, of: 1, board: 'Rx' })).toBe('1st of 1 · Rx');
    expect(boardName({ sex: 'split', age: 'none' }, 'female', 'rx')).toBe('Women Rx');
    expect(boardName({ sex: 'split', age: 'masters' }, 'male:35-39', 'scaled')).toBe('Men 35–39 Scaled');
    expect(boardName({ sex: 'open', age: 'none' }, '', 'scaled')).toBe('Scaled');
  });

  it('says team, battle and global places the same way, the board named (a stat card shows the ordinal large)', () => {
    expect(placeText({ rank: 1, of: 1, board: TEAM_BOARD })).toBe('1st of 1 · Team board');
    expect(placeText({ rank: 2, of: 8, board: 'Semi-final' })).toBe('2nd of 8 · Semi-final');
    expect(placeRest({ rank: 12, of: 80, board: GLOBAL_BOARD })).toBe('of 80 · Global Ranks');
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.string({ minLength: 1 }),
        (rank, more, board) => {
          const place = { rank, of: rank + more, board };
          expect(placeText(place)).toBe(`${ordinal(rank)} ${placeRest(place)}`);
          expect(placeText(place).endsWith(` · ${board}`)).toBe(true);
        },
      ),
    );
  });

  it('writes English ordinals, the teens with th', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112, 113, 1002].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
      '112th',
      '113th',
      '1002nd',
    ]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (n) => {
        const text = ordinal(n);
        expect(text.startsWith(String(n))).toBe(true);
        expect(['st', 'nd', 'rd', 'th']).toContain(text.slice(String(n).length));
        if (n % 100 >= 11 && n % 100 <= 13) expect(text.endsWith('th')).toBe(true);
      }),
    );
  });

  it('every board of every scheme has a name that ends in its division and never says "division" or "·"', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SEX_DIVISIONS),
        fc.constantFrom(...AGE_SCHEMES),
        fc.constantFrom('rx' as const, 'scaled' as const),
        fc.nat(),
        (sex, age, division, pick) => {
          const categories = ['', ...categoriesOf({ sex, age }).map((c) => c.id)];
          const category = categories[pick % categories.length]!;
          const name = boardName({ sex, age }, category, division);
          expect(name.endsWith(division === 'rx' ? 'Rx' : 'Scaled')).toBe(true);
          expect(name).not.toMatch(/·|division/i);
          if (category.startsWith('female')) expect(name.startsWith('Women')).toBe(true);
          if (category.startsWith('male')) expect(name.startsWith('Men')).toBe(true);
        },
      ),
    );
  });
});

describe('a board named from its category id alone', () => {
  it('names it as the scheme does', () => {
    for (const sex of SEX_DIVISIONS) {
      for (const age of AGE_SCHEMES) {
        for (const c of [{ id: '' }, ...categoriesOf({ sex, age })]) {
          for (const division of ['rx', 'scaled'] as const) {
            expect(boardNameOf(c.id, division)).toBe(boardName({ sex, age }, c.id, division));
          }
        }
      }
    }
    expect(boardNameOf(null, 'rx')).toBe('Rx');
  });
});

describe('a podium achievement says the place in the same words', () => {
  it('"Podium: 3rd of 40 · Women Rx in Fran"', () => {
    const third = podiumAchievement({ rank: 3, of: 40, board: 'Women Rx' }, 'Fran');
    expect(third).toMatchObject({ type: 'podium', title: 'Podium: 3rd of 40 · Women Rx in Fran', icon: '🥉', rarity: 'rare' });
    expect(podiumAchievement({ rank: 1, of: 12, board: 'Men 35–39 Scaled' }, 'Grace')).toMatchObject({
      title: 'Podium: 1st of 12 · Men 35–39 Scaled in Grace',
      description: 'You won your board: 1st of 12 · Men 35–39 Scaled in Grace.',
      rarity: 'epic',
    });
  });

  it('always carries the place text, and a better place is worth more', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: PODIUM_PLACES }),
        fc.integer({ min: 0, max: 500 }),
        fc.constantFrom('Rx', 'Women Scaled', 'Men 35–39 Rx'),
        fc.string({ minLength: 1, maxLength: 40 }),
        (rank, more, board, title) => {
          const place = { rank, of: rank + more, board };
          const a = podiumAchievement(place, title);
          expect(a.title).toBe(`Podium: ${placeText(place)} in ${title}`);
          expect(a.description).toContain(placeText(place));
          if (rank > 1) expect(podiumAchievement({ ...place, rank: rank - 1 }, title).points).toBeGreaterThan(a.points);
        },
      ),
    );
  });
});

describe('a place on the whole board', () => {
  it('says overall, with the size when known', () => {
    expect(overallText(8, 25)).toBe('8th of 25 overall');
    expect(overallText(1)).toBe('1st overall');
    fc.assert(fc.property(fc.integer({ min: 1, max: 10_000 }), (n) => overallText(n, n) === `${ordinal(n)} of ${n} overall`));
  });
});
