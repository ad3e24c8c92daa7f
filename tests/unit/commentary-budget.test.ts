import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CallBudget } from '#server/areas/commentary/writers.ts';
import { ConfigError, configFromEnv } from '#server/config.ts';

const HOUR = 3_600_000;

// The model's hourly budget (LLM_CALLS_PER_HOUR) with calls started at once (LLM_CONCURRENCY): `take` is the whole
// decision, so whatever the order and spacing of calls, no rolling hour holds more than the budget, and a call is
// refused only when the hour before it is full.
describe('the hourly call budget', () => {
  it('lets the budget through at once and refuses the rest until an hour has passed', () => {
    let now = 0;
    const budget = new CallBudget(3, () => now);
    expect(Array.from({ length: 6 }, () => budget.take())).toEqual([true, true, true, false, false, false]);
    now = HOUR - 1;
    expect(budget.take()).toBe(false);
    now = HOUR;
    expect(budget.take()).toBe(true);
  });

  it('never passes the budget in any rolling hour, and refuses only when the hour before is full', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.array(fc.integer({ min: 0, max: HOUR / 3 }), { maxLength: 60 }), (perHour, gaps) => {
        let now = 0;
        const budget = new CallBudget(perHour, () => now);
        const taken: number[] = [];
        for (const gap of gaps) {
          now += gap;
          const inLastHour = taken.filter((t) => t > now - HOUR).length;
          const ok = budget.take();
          expect(ok).toBe(inLastHour < perHour);
          if (ok) taken.push(now);
        }
        for (const t of taken) expect(taken.filter((u) => u >= t && u < t + HOUR).length).toBeLessThanOrEqual(perHour);
      }),
    );
  });
});

describe('LLM_CONCURRENCY', () => {
  const llm = (env: Record<string, string>) => configFromEnv({ LLM_BASE_URL: 'http://127.0.0.1:9/v1', ...env }).llm;
  it('asks for 4 lines at once unless told, and takes 1 to 64', () => {
    expect(llm({})?.concurrency).toBe(4);
    expect(llm({ LLM_CONCURRENCY: '1' })?.concurrency).toBe(1);
    expect(llm({ LLM_CONCURRENCY: '64' })?.concurrency).toBe(64);
  });
  it('refuses to start with anything else, naming the setting', () => {
    for (const bad of ['0', '65', '2.5', 'many', '-3']) expect(() => llm({ LLM_CONCURRENCY: bad })).toThrow(ConfigError);
    expect(() => llm({ LLM_CONCURRENCY: '65' })).toThrow(/LLM_CONCURRENCY must be at most 64/);
  });
});
