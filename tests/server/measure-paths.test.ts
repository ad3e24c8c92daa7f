import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tests } from '#server/db/schema.ts';
import { BOUNDS, encodeScore, parseDecimal, parseTime, validateScore, type ScoreInput, type ScoringRules } from '#domain/scoring/index.ts';
import { authHeaders, createTestApp, databaseKinds, signIn, type SignedIn } from './helpers.ts';

// One grammar: a value typed the same way is accepted or refused alike, and read as the same amount, by the challenge
// score path (what the score form parses, then what the server encodes and validates), the personal-record path
// (the API) and the CSV historical import (a dry run). Each path gets the same bounds, so only the grammar can differ.

const TIMES = [
  '6:30',
  '06:30',
  '6:30.5',
  '6:30.125',
  '1:02:03',
  '75:00',
  '0:05',
  '95',
  '6:5',
  '6:60',
  '100:00:00',
  '1:60:00',
  '6:30.1234',
  '6.30',
  '1:2:03',
  '-6:30',
  '6:30:',
  'abc',
  '',
  '12::3',
];
const LOADS = [
  '102.5',
  '.5',
  '0.5',
  '225',
  '100.0005',
  '1e3',
  '0x10',
  '12abc',
  '-5',
  '0',
  '1000',
  '1000.001',
  'NaN',
  '5 kg',
  '9'.repeat(33),
];

describe.each(databaseKinds)('one grammar for scores, records and the CSV import on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  let timeTest: number;
  let loadTest: number;

  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'] }, { rateLimit: false });
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    const base = { description: '', category: 'endurance', movement: 'run', status: 'active', standards: [] };
    // The challenge bounds in the tests' units: 1 s to 24 h, 0.5 kg to 1,000 kg.
    const rows = await t.context.database.db
      .insert(tests)
      .values([
        {
          ...base,
          name: 'Path Time',
          nameNormalized: 'path time',
          unit: 'seconds',
          direction: 'lower',
          minValue: BOUNDS.time.min / 1000,
          maxValue: BOUNDS.time.max / 1000,
        },
        {
          ...base,
          name: 'Path Load',
          nameNormalized: 'path load',
          category: 'strength',
          unit: 'kg',
          direction: 'higher',
          minValue: BOUNDS.load.min / 1000,
          maxValue: BOUNDS.load.max / 1000,
        },
      ])
      .returning({ id: tests.id });
    [timeTest, loadTest] = rows.map((r) => r.id) as [number, number];
  });
  afterAll(async () => t.close());

  const scorePath = (rules: ScoringRules, read: () => ScoreInput) => {
    try {
      return validateScore(rules, encodeScore(rules, read())).value / 1000;
    } catch {
      return 'refused';
    }
  };
  const recordPath = async (test: number, value: string, unit: string) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/tests/${test}/normalize`, payload: { value, unit } });
    if (res.statusCode === 200) return res.json().value as number;
    expect(res.statusCode, res.body).toBe(400);
    return 'refused';
  };
  const csvPath = async (test: string, values: string[], unit: string) => {
    const csv = [
      'athlete,email,test,value,unit,date,source',
      ...values.map((v, i) => `Athlete ${i},,${test},${v},${unit},2020-01-01,Club`),
    ].join('\n');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/athlete-profiles/admin/historical-upload',
      headers: authHeaders(admin),
      payload: { csv, dry_run: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const bad = new Set((res.json().errors as { row: number }[]).map((e) => e.row));
    return values.map((_, i) => (bad.has(i + 2) ? 'refused' : 'accepted'));
  };

  it('times (mm:ss)', async () => {
    const rules: ScoringRules = { scoreType: 'time' };
    const score = TIMES.map((typed) => scorePath(rules, () => ({ kind: 'time', ms: parseTime(typed) })));
    const record = await Promise.all(TIMES.map((typed) => recordPath(timeTest, typed, 'mm:ss')));
    const csv = await csvPath('Path Time', TIMES, 'mm:ss');
    expect(record).toEqual(score);
    expect(csv).toEqual(score.map((s) => (s === 'refused' ? 'refused' : 'accepted')));
    // The forms the issue named: "95" and "6:5" (once a challenge time only) and "100:00:00" (once a record time only).
    expect(Object.fromEntries(TIMES.map((typed, i) => [typed, score[i]]))).toMatchObject({
      '95': 'refused',
      '6:5': 'refused',
      '100:00:00': 'refused',
      '6:30.125': 390.125,
    });
  });

  it('loads (kg)', async () => {
    const rules: ScoringRules = { scoreType: 'load' };
    const score = LOADS.map((typed) => scorePath(rules, () => ({ kind: 'load', value: parseDecimal(typed), unit: 'kg' })));
    const record = await Promise.all(LOADS.map((typed) => recordPath(loadTest, typed, 'kg')));
    const csv = await csvPath('Path Load', LOADS, 'kg');
    expect(record).toEqual(score);
    expect(csv).toEqual(score.map((s) => (s === 'refused' ? 'refused' : 'accepted')));
    expect(score.filter((s) => s !== 'refused')).toEqual([102.5, 0.5, 0.5, 225, 100.001, 1000]);
  });
});
