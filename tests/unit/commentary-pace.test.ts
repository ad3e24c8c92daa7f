import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '#server/config.ts';
import { BOARD_LINE_BURST, BOARD_LINES_PER_MINUTE, MOVE_KINDS, movesToTell, paceAt, type MoveKind } from '#domain/commentary.ts';

// A busy board's pace (domain/commentary-pace.ts): a bucket of BOARD_LINE_BURST lines refilled at
// BOARD_LINES_PER_MINUTE, and which of a tick's news moves get the lines it holds.

const move = (kind: MoveKind, id: number) => ({ kind, id });

describe('a board’s pace', () => {
  it('starts full, refills at the rate per minute, never past the burst', () => {
    const fresh = paceAt(undefined, 1000);
    expect(fresh).toEqual({ lines: BOARD_LINE_BURST, atMs: 1000 });
    const spent = { lines: 0, atMs: 1000 };
    expect(paceAt(spent, 1000 + 60_000 / BOARD_LINES_PER_MINUTE).lines).toBeCloseTo(1);
    expect(paceAt(spent, 1000 + 30_000, 10).lines).toBeCloseTo(5);
    expect(paceAt(spent, 1000 + 3_600_000).lines).toBe(BOARD_LINE_BURST);
    // A clock read out of order never takes lines away.
    expect(paceAt({ lines: 3, atMs: 5000 }, 4000).lines).toBe(3);
  });

  it('tells every news move while the bucket holds them, in their order', () => {
    const news = [move('big_jump', 1), move('new_leader', 2), move('big_jump', 3)];
    expect(movesToTell(news, 3)).toEqual(news);
    expect(movesToTell(news, 7.5)).toEqual(news);
    expect(movesToTell(news, 0.9)).toEqual([]);
  });

  it('past the bucket: new leaders and records first, then the newest big jumps', () => {
    const news = [move('big_jump', 1), move('new_leader', 2), move('big_jump', 3), move('big_jump', 4), move('record', 5)];
    expect(movesToTell(news, 1).map((m) => m.id)).toEqual([5]);
    expect(movesToTell(news, 2).map((m) => m.id)).toEqual([2, 5]);
    expect(movesToTell(news, 3.2).map((m) => m.id)).toEqual([2, 4, 5]);
  });

  it('never tells more than the bucket holds, and keeps every leader and record it has room for', () => {
    const kinds = fc.array(fc.constantFrom(...MOVE_KINDS), { maxLength: 60 });
    fc.assert(
      fc.property(kinds, fc.double({ min: 0, max: 40, noNaN: true }), (ks, lines) => {
        const news = ks.map((k, i) => move(k, i));
        const told = movesToTell(news, lines);
        expect(told.length).toBe(Math.min(news.length, Math.floor(lines)));
        // In their order, each once.
        expect(told.map((m) => m.id)).toEqual([...told.map((m) => m.id)].sort((a, b) => a - b));
        const headlines = news.filter((m) => m.kind !== 'big_jump').length;
        expect(told.filter((m) => m.kind !== 'big_jump').length).toBe(Math.min(headlines, told.length));
        // The big jumps told are the newest ones.
        const jumps = told.filter((m) => m.kind === 'big_jump').map((m) => m.id);
        const newest = news
          .filter((m) => m.kind === 'big_jump')
          .map((m) => m.id)
          .slice(news.filter((m) => m.kind === 'big_jump').length - jumps.length);
        expect(jumps).toEqual(jumps.length ? newest : []);
      }),
    );
  });
});

describe('COMMENTARY_BOARD_LINES_PER_MINUTE', () => {
  const pace = (env: Record<string, string>) => configFromEnv(env).commentaryBoardLinesPerMinute;
  it('leaves the default pace unless told, and takes a positive whole number', () => {
    expect(pace({})).toBeUndefined();
    expect(pace({ COMMENTARY_BOARD_LINES_PER_MINUTE: '120' })).toBe(120);
  });
  it('refuses to start with anything else, naming the setting', () => {
    for (const bad of ['0', '-3', 'many'])
      expect(() => pace({ COMMENTARY_BOARD_LINES_PER_MINUTE: bad })).toThrow(/COMMENTARY_BOARD_LINES_PER_MINUTE/);
  });
});
