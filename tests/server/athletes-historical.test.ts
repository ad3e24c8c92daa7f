import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { globalScores, historicalBatches, historicalResults, personalRecords, testBests, tests } from '#server/db/schema.ts';
import type { Standard } from '#domain/measures.ts';
import { authHeaders, createTestApp, databaseKinds, signIn, type SignedIn } from './helpers.ts';

const UPLOAD = '/api/v1/athlete-profiles/admin/historical-upload';
const CLAIMS = '/api/v1/athlete-profiles/claims';
const HEADER = 'athlete,email,test,value,unit,date,source';

const anyone = (anchors: [number, number][]): Standard[] => [
  { sex: 'any', bodyweight_min_kg: null, bodyweight_max_kg: null, anchors: anchors.map(([score, value]) => ({ score, value })) },
];

describe.each(databaseKinds)('historical results and claims on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  let ana: SignedIn;
  let ben: SignedIn;
  let cy: SignedIn;
  let mile: number;
  let squat: number;

  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'] }, { rateLimit: false });
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    ana = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana Lopez');
    ben = await signIn(t, 'ben@example.test', 'athlete-password', 'Ben Okafor');
    cy = await signIn(t, 'cy@example.test', 'athlete-password', 'Cy Park');
    const base = { description: '', category: 'endurance', movement: 'run', status: 'active' };
    const rows = await t.context.database.db
      .insert(tests)
      .values([
        {
          ...base,
          name: 'Mile Run',
          nameNormalized: 'mile run',
          unit: 'seconds',
          direction: 'lower',
          minValue: 180,
          maxValue: 3600,
          standards: anyone([
            [0, 720],
            [600, 360],
            [1000, 240],
          ]),
        },
        {
          ...base,
          name: 'Back Squat',
          nameNormalized: 'back squat',
          category: 'strength',
          movement: 'squat',
          unit: 'kg',
          direction: 'higher',
          minValue: 1,
          maxValue: 500,
          standards: anyone([
            [0, 20],
            [500, 100],
            [1000, 200],
          ]),
        },
        {
          ...base,
          name: 'Secret Row',
          nameNormalized: 'secret row',
          unit: 'meters',
          direction: 'higher',
          minValue: 1,
          maxValue: 100_000,
          standards: anyone([
            [0, 0],
            [1000, 10_000],
          ]),
          status: 'draft',
        },
      ])
      .returning({ id: tests.id });
    [mile, squat] = rows.map((r) => r.id) as [number, number];
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST', url: string, who: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: authHeaders(who), payload: payload as object });
  const upload = (csv: string, dryRun: boolean, who: SignedIn = admin) =>
    call('POST', UPLOAD, who, { csv, dry_run: dryRun, filename: 'club-records.csv' });
  const rowsIn = async () => {
    const db = t.context.database.db;
    const [[results], [batches]] = await Promise.all([
      db.select({ n: count() }).from(historicalResults),
      db.select({ n: count() }).from(historicalBatches),
    ]);
    return { results: results!.n, batches: batches!.n };
  };
  const problemsOf = (report: { errors: { row: number; problems: string[] }[] }) =>
    Object.fromEntries(report.errors.map((e) => [e.row, e.problems.join(' | ')]));

  it('is for administrators only', async () => {
    const res = await upload(`${HEADER}\nJane Roe,,Mile Run,6:30,mm:ss,2019-05-04,City Mile`, true, ana);
    expect(res.statusCode).toBe(403);
  });

  it('a dry run names each bad row and its problem', async () => {
    const csv = [
      HEADER,
      'Jane Roe,,Mile Run,6:30,mm:ss,2019-05-04,City Mile 2019', // 2: fine
      'Joe Bloggs,,Mile Marathon,6:30,mm:ss,2019-05-04,X', // 3
      'Jane Roe,,Back Squat,100,seconds,2019-05-04,X', // 4
      'Jane Roe,,Back Squat,100,kg,2019-02-30,X', // 5
      'Jane Roe,,Back Squat,100', // 6
      'jane  ROE,,mile run,6:30,mm:ss,2019-05-04,City Mile 2019', // 7: row 2 again
      ',,Back Squat,100,kg,2019-05-04,X', // 8
      'Jane Roe,,Back Squat,900,kg,2019-05-04,X', // 9
      'Jane Roe,,Back Squat,100,kg,2099-01-01,X', // 10
      'Jane Roe,,Back Squat,100,kg,1949-12-31,X', // 11
      'Jane Roe,,Back Squat,100,kg,05/04/2019,X', // 12
      'Jane Roe,,Secret Row,100,m,2019-05-04,X', // 13: a draft test is not in the catalogue
      'Jane Roe,jane(at)example,Back Squat,abc,kg,2019-05-04,X', // 14
      'Jane Roe,,Back Squat,225,lb,2019-05-04,X', // 15: fine, 102.058 kg
    ].join('\n');
    const res = await upload(csv, true);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ dry_run: true, total_rows: 14, valid_rows: 2, imported: 0, linked: 0, batch_id: null });
    const problems = problemsOf(report);
    expect(Object.keys(problems).map(Number)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(problems[3]).toBe('Row 3: the test “Mile Marathon” is not in the catalogue');
    expect(problems[4]).toContain('Row 4: a weight cannot be entered in seconds');
    expect(problems[5]).toBe('Row 5: the date “2019-02-30” does not exist');
    expect(problems[6]).toContain('missing column “unit”');
    expect(problems[6]).toContain('missing column “date”');
    expect(problems[7]).toBe('Row 7: the same result as row 2');
    expect(problems[8]).toBe('Row 8: neither an athlete name nor an email is given');
    expect(problems[9]).toContain('outside what is humanly possible for Back Squat');
    expect(problems[10]).toBe('Row 10: the date 2099-01-01 is in the future');
    expect(problems[11]).toBe('Row 11: the date 1949-12-31 is before 1950');
    expect(problems[12]).toContain('is not written YYYY-MM-DD');
    expect(problems[13]).toContain('the test “Secret Row” is not in the catalogue');
    expect(problems[14]).toContain('“jane(at)example” is not an email address');
    expect(problems[14]).toContain('“abc” is not a number');
    expect(report.preview).toEqual([
      {
        row: 2,
        athlete: 'Jane Roe',
        email: null,
        test_id: mile,
        test_name: 'Mile Run',
        value: 390,
        unit: 'seconds',
        achieved_on: '2019-05-04',
        source: 'City Mile 2019',
        account: false,
      },
      expect.objectContaining({ row: 15, test_id: squat, value: 102.058, unit: 'kg' }),
    ]);
    expect(await rowsIn()).toEqual({ results: 0, batches: 0 });
  });

  it('refuses a file without a required column, or one that is not CSV, in words', async () => {
    const noValue = await upload('athlete,test,unit,date\nJane Roe,Mile Run,mm:ss,2019-05-04', true);
    expect(noValue.statusCode).toBe(400);
    expect(noValue.json().detail).toContain('no “value” column');
    const broken = await upload('athlete,test,value,unit,date\n"Jane Roe,Mile Run,6:30,mm:ss,2019-05-04', true);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().detail).toContain('could not be read as CSV');
  });

  it('a commit with one bad row imports nothing', async () => {
    const csv = [HEADER, 'Jane Roe,,Mile Run,6:30,mm:ss,2019-05-04,X', 'Jane Roe,,Mile Run,6:30,furlongs,2019-05-05,X'].join('\n');
    const res = await upload(csv, false);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ dry_run: false, total_rows: 2, valid_rows: 1, imported: 0, batch_id: null });
    expect(problemsOf(res.json())[3]).toContain('“furlongs” is not a unit');
    expect(await rowsIn()).toEqual({ results: 0, batches: 0 });
  });

  it('a good commit imports every row, ties rows to accounts by email and moves their bests and global score', async () => {
    const csv = [
      'Date,Test,Value,Unit,Email,Athlete,Source', // any order, any case
      '2019-05-04,Mile Run,6:30,mm:ss,,Jane Roe,City Mile 2019',
      '2020-06-01,Back Squat,120,kg,,Jane Roe,Club records',
      '2018-03-03,Back Squat,150,kg,ANA@example.test,,Club records',
      '2018-04-04,Back Squat,140,kg,ana@example.test,Ana L.,Club records',
      '2018-05-05,Mile Run,6:00,mm:ss,ana@example.test,Ana L.,Club records',
    ].join('\r\n');
    const res = await upload(csv, false);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ dry_run: false, total_rows: 5, valid_rows: 5, imported: 5, linked: 3, errors: [] });
    expect(report.batch_id).toEqual(expect.any(Number));
    expect(report.preview[2]).toMatchObject({ athlete: 'Ana Lopez', email: 'ana@example.test', account: true });
    expect(await rowsIn()).toEqual({ results: 5, batches: 1 });

    const db = t.context.database.db;
    const records = await db.select().from(personalRecords).where(eq(personalRecords.userId, ana.userId));
    expect(records).toHaveLength(3);
    expect(records.every((r) => r.status === 'approved' && r.source === 'historical' && r.historicalId !== null)).toBe(true);
    const bests = await db.select().from(testBests).where(eq(testBests.userId, ana.userId));
    expect(bests.map((b) => [b.testId, b.value, b.normalizedScore]).sort()).toEqual(
      [
        [squat, 150, 750],
        [mile, 360, 600],
      ].sort(),
    );
    const [score] = await db.select().from(globalScores).where(eq(globalScores.userId, ana.userId));
    expect(score).toMatchObject({ total: 1350, testsCount: 2 });

    // The same file again: every row was imported already.
    const again = await upload(csv, true);
    expect(again.json().valid_rows).toBe(0);
    expect(problemsOf(again.json())[2]).toBe('Row 2: this result was already imported by an earlier upload');
  });

  it('athletes find unclaimed results by name, claim them, and an approved claim moves the result into their records', async () => {
    const search = async (name: string, who: SignedIn) => {
      const res = await call('GET', `${CLAIMS}/search?name=${encodeURIComponent(name)}`, who);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const byPrefix = await search('Jane', ben);
    const bySurname = await search('roe', ben);
    expect(byPrefix.total).toBe(2);
    expect(bySurname.items.map((r: { id: number }) => r.id)).toEqual(byPrefix.items.map((r: { id: number }) => r.id));
    // Newest first; results tied to accounts (Ana's) are not claimable.
    expect(byPrefix.items.map((r: { test_name: string; achieved_on: string }) => `${r.test_name} ${r.achieved_on}`)).toEqual([
      'Back Squat 2020-06-01',
      'Mile Run 2019-05-04',
    ]);
    expect((await search('ana', ben)).total).toBe(0);
    const [squatResult, mileResult] = byPrefix.items as { id: number; my_claim: string | null }[];
    expect(squatResult!.my_claim).toBeNull();

    const claimed = await call('POST', CLAIMS, ben, {
      historical_ids: [squatResult!.id, mileResult!.id],
      message: 'That was me before I married',
    });
    expect(claimed.statusCode, claimed.body).toBe(201);
    expect(claimed.json().items).toHaveLength(2);
    expect(claimed.json().items[0]).toMatchObject({
      status: 'pending',
      claimant_name: 'Ben Okafor',
      message: 'That was me before I married',
    });
    const twice = await call('POST', CLAIMS, ben, { historical_ids: [squatResult!.id] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toContain('You already claimed the result Jane Roe, Back Squat on 2020-06-01');
    expect((await call('POST', CLAIMS, ben, { historical_ids: [999_999] })).statusCode).toBe(404);
    expect((await call('POST', CLAIMS, cy, { historical_ids: [squatResult!.id] })).statusCode).toBe(201);
    expect((await search('jane', ben)).items[0].my_claim).toBe('pending');

    const queue = await call('GET', '/api/v1/athlete-profiles/admin/claims', admin);
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().total).toBe(3);
    expect(queue.json().items.map((c: { claimant_name: string }) => c.claimant_name)).toEqual(['Ben Okafor', 'Ben Okafor', 'Cy Park']);
    expect((await call('GET', '/api/v1/athlete-profiles/admin/claims', ben)).statusCode).toBe(403);

    const bensSquatClaim = queue.json().items.find((c: { result: { id: number } }) => c.result.id === squatResult!.id);
    const review = (id: number, body: unknown, who = admin) =>
      call('POST', `/api/v1/athlete-profiles/admin/claims/${id}/review`, who, body);
    const approved = await review(bensSquatClaim.id, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', claimant_id: ben.userId, result: { id: squatResult!.id } });
    expect((await review(bensSquatClaim.id, { decision: 'approve' })).statusCode).toBe(409);

    const db = t.context.database.db;
    const [result] = await db.select().from(historicalResults).where(eq(historicalResults.id, squatResult!.id));
    expect(result!.userId).toBe(ben.userId);
    const [record] = await db
      .select()
      .from(personalRecords)
      .where(and(eq(personalRecords.userId, ben.userId), eq(personalRecords.historicalId, squatResult!.id)));
    expect(record).toMatchObject({
      status: 'approved',
      source: 'historical',
      value: 120,
      testId: squat,
      achievedOn: '2020-06-01',
      normalizedScore: 600,
    });
    const [best] = await db.select().from(testBests).where(eq(testBests.userId, ben.userId));
    expect(best).toMatchObject({ testId: squat, value: 120, recordId: record!.id });
    const [score] = await db.select().from(globalScores).where(eq(globalScores.userId, ben.userId));
    expect(score).toMatchObject({ total: 600, testsCount: 1 });

    // Cy's pending claim on the same result was turned down, with the reason.
    const cys = (await call('GET', CLAIMS, cy)).json().items;
    expect(cys).toMatchObject([{ status: 'rejected', review_reason: "Another athlete's claim was approved" }]);
    // The result is no longer claimable.
    expect((await search('jane', cy)).items.map((r: { id: number }) => r.id)).toEqual([mileResult!.id]);
    const late = await call('POST', CLAIMS, cy, { historical_ids: [squatResult!.id] });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toContain('already tied to another athlete’s account');

    // Rejecting needs a reason, which the athlete sees.
    const bensMileClaim = (await call('GET', '/api/v1/athlete-profiles/admin/claims', admin)).json().items[0];
    expect((await review(bensMileClaim.id, { decision: 'reject' })).statusCode).toBe(400);
    const rejected = await review(bensMileClaim.id, { decision: 'reject', reason: 'The club says Jane ran that mile.' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', review_reason: 'The club says Jane ran that mile.' });
    const mine = (await call('GET', CLAIMS, ben)).json().items;
    expect(mine.map((c: { status: string }) => c.status).sort()).toEqual(['approved', 'rejected']);
    expect((await call('GET', '/api/v1/athlete-profiles/admin/claims?status=approved', admin)).json().total).toBe(1);
  });

  it('takes a file larger than the default 1 MB body limit', async () => {
    const lines = [HEADER];
    for (let i = 0; i < 30_000; i++)
      lines.push(`Bulk Athlete ${i},,Back Squat,${50 + (i % 100)},kg,2015-01-01,Bulk upload of the old club spreadsheet`);
    const csv = lines.join('\n');
    expect(csv.length).toBeGreaterThan(2_000_000);
    const res = await upload(csv, true);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json()).toMatchObject({ total_rows: 30_000, valid_rows: 30_000, errors: [] });
    expect(res.json().preview).toHaveLength(200);
  });
});
