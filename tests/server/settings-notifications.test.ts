import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, databaseKinds, refusal, signIn, type SignedIn } from './helpers.ts';

describe.each(databaseKinds)('notification settings on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'PUT', who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url: '/api/settings', headers: who ? authHeaders(who) : {}, payload: payload as object });

  it('every popup is on and silent until the athlete chooses otherwise', async () => {
    const ana = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
    const res = await call('GET', ana);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().notifications.in_app).toEqual({
      achievement_unlocked: true,
      milestone_reached: true,
      personal_record: true,
      popup_sound: false,
    });
  });

  it('stores each kind per user; left-out kinds and other settings keep their value', async () => {
    const ben = await signIn(t, 'ben@example.test', 'athlete-password', 'Ben');
    const cy = await signIn(t, 'cy@example.test', 'athlete-password', 'Cy');
    const saved = await call('PUT', ben, {
      notifications: { in_app: { achievement_unlocked: false, popup_sound: true } },
      timeline: { final_place: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().notifications.in_app).toEqual({
      achievement_unlocked: false,
      milestone_reached: true,
      personal_record: true,
      popup_sound: true,
    });
    const again = await call('PUT', ben, { notifications: { in_app: { personal_record: false } } });
    expect(again.json()).toMatchObject({
      timeline: { final_place: false },
      notifications: { in_app: { achievement_unlocked: false, milestone_reached: true, personal_record: false, popup_sound: true } },
    });
    // Saving another setting leaves the switches alone; and they are Ben's, not Cy's.
    await call('PUT', ben, { units: 'imperial' });
    expect((await call('GET', ben)).json().notifications.in_app).toMatchObject({ achievement_unlocked: false, popup_sound: true });
    expect((await call('GET', cy)).json().notifications.in_app).toMatchObject({ achievement_unlocked: true, popup_sound: false });
    const back = await call('PUT', ben, { notifications: { in_app: { achievement_unlocked: true } } });
    expect(back.json().notifications.in_app.achievement_unlocked).toBe(true);
  });

  it('an unknown kind or a value that is not on or off is a 400 naming the field, and nothing is stored', async () => {
    const dee = await signIn(t, 'dee@example.test', 'athlete-password', 'Dee');
    const before = (await call('GET', dee)).json();
    const bad: [unknown, RegExp][] = [
      [{ units: 'imperial', notifications: { in_app: { newsletter: false } } }, /newsletter/],
      [{ units: 'imperial', notifications: { in_app: { achievement_unlocked: 'no' } } }, /achievement_unlocked/],
      [{ units: 'imperial', notifications: { in_app: { popup_sound: 1 } } }, /popup_sound/],
      [{ units: 'imperial', notifications: { mail: { sign_in_code: false } } }, /mail/],
      [{ notifications: { in_app: {} } }, /in_app/],
    ];
    for (const [payload, why] of bad) {
      const res = await call('PUT', dee, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refusal(res), JSON.stringify(payload)).toMatch(why);
    }
    expect((await call('GET', dee)).json()).toEqual(before);
    expect((await call('PUT', undefined, { notifications: { in_app: { popup_sound: true } } })).statusCode).toBe(401);
  });
});
