import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { popupCatchUp } from '#src/features/realtime/popup-catch-up.ts';
import { popupKindOfAchievement } from '#domain/notifications.ts';

/** A server whose answers the test releases one at a time. */
function pendingServer() {
  const waiting: ((items: number[]) => void)[] = [];
  let calls = 0;
  const take = () =>
    new Promise<number[]>((resolve) => {
      calls += 1;
      waiting.push(resolve);
    });
  return { take, answer: (items: number[]) => waiting.shift()!(items), calls: () => calls, pending: () => waiting.length };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('taking popups from the server', () => {
  it('asks once at a time, and once more after it when asked meanwhile', async () => {
    const server = pendingServer();
    const shown: number[] = [];
    const ask = popupCatchUp(server.take, (items) => shown.push(...items));
    ask();
    ask();
    ask();
    expect(server.calls()).toBe(1);
    server.answer([1]);
    await tick();
    expect(server.calls()).toBe(2); // the calls made meanwhile: one more request
    server.answer([2, 3]);
    await tick();
    expect(server.calls()).toBe(2);
    expect(shown).toEqual([1, 2, 3]);
    ask();
    expect(server.calls()).toBe(3);
  });

  it('forgets a failed request and asks again at the next call', async () => {
    let fail = true;
    const shown: string[] = [];
    const ask = popupCatchUp(
      () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve(['a'])),
      (items) => shown.push(...items),
    );
    ask();
    await tick();
    fail = false;
    ask();
    await tick();
    expect(shown).toEqual(['a']);
  });

  it('never has two requests on their way, whatever the order of calls and answers', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.boolean(), { maxLength: 30 }), async (steps) => {
        const server = pendingServer();
        const ask = popupCatchUp(server.take, () => {});
        for (const callNow of steps) {
          if (callNow) ask();
          else if (server.pending() > 0) server.answer([]);
          await tick();
          expect(server.pending()).toBeLessThanOrEqual(1);
        }
      }),
    );
  });

  it('files a stored achievement under the popup switch of its kind', () => {
    expect(popupKindOfAchievement('personal_record')).toBe('personal_record');
    expect(popupKindOfAchievement('streak')).toBe('milestone_reached');
    expect(popupKindOfAchievement('first_score')).toBe('achievement_unlocked');
  });
});
