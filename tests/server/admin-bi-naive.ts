// The business-intelligence figures computed the slow, obvious way from the raw facts, to check the
// rollups against (tests/server/admin-bi*.test.ts).

export interface Facts {
  users: { id: number; createdAt: Date }[];
  activity: { userId: number; day: string }[];
  views: { challengeId: number; day: string; visitor: string }[];
  joins: { challengeId: number; userId: number; joinedAt: Date }[];
  scores: { challengeId: number; userId: number; submittedAt: Date; deleted?: boolean }[];
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
const utcDayOf = (at: Date) => at.toISOString().slice(0, 10);
const mondayNumber = (n: number) => n - ((new Date(n * DAY_MS).getUTCDay() + 6) % 7);

/** Per day of the last `days` up to `today`: signups, and distinct users active that day, in the 7 and the 30 days ending it. */
export function naiveDaily(f: Facts, today: string, days: number) {
  const end = dayNumber(today);
  const out = [];
  for (let d = end - days + 1; d <= end; d++) {
    const inWindow = (width: number) =>
      new Set(f.activity.filter((a) => dayNumber(a.day) <= d && dayNumber(a.day) > d - width).map((a) => a.userId)).size;
    out.push({
      day: dayOf(d),
      signups: f.users.filter((u) => utcDayOf(u.createdAt) === dayOf(d)).length,
      daily_active: inWindow(1),
      weekly_active: inWindow(7),
      monthly_active: inWindow(30),
    });
  }
  return out;
}

/** Cohort cells: signup week (Monday) → weeks after → [cohort size, active that week]. Only weeks begun by `today`. */
export function naiveCohorts(f: Facts, today: string, weeks: number, weeksAfter: number) {
  const end = dayNumber(today);
  const firstWeek = mondayNumber(end) - 7 * (weeks - 1);
  const cells = new Map<string, [number, number]>();
  const byWeek = new Map<number, number[]>();
  for (const u of f.users) {
    const day = dayNumber(utcDayOf(u.createdAt));
    const week = mondayNumber(day);
    if (week < firstWeek || day > end) continue;
    byWeek.set(week, [...(byWeek.get(week) ?? []), u.id]);
  }
  for (const [week, ids] of byWeek) {
    for (let k = 0; k <= weeksAfter && week + 7 * k <= end; k++) {
      const active = ids.filter((id) =>
        f.activity.some((a) => a.userId === id && dayNumber(a.day) >= week + 7 * k && dayNumber(a.day) < week + 7 * k + 7),
      ).length;
      cells.set(`${dayOf(week)}|${k}`, [ids.length, active]);
    }
  }
  return cells;
}

/** Distinct viewers, joiners and submitters per challenge (and overall under 0) over the `range` days up to `today`. */
export function naiveFunnel(f: Facts, today: string, range: number) {
  const end = dayNumber(today);
  const inRange = (day: string) => dayNumber(day) <= end && dayNumber(day) > end - range;
  const ids = new Set([...f.views.map((v) => v.challengeId), ...f.joins.map((j) => j.challengeId), ...f.scores.map((s) => s.challengeId)]);
  const count = (challengeId: number | null) => {
    const mine = <T extends { challengeId: number }>(xs: T[]) => xs.filter((x) => challengeId === null || x.challengeId === challengeId);
    return {
      viewers: new Set(
        mine(f.views)
          .filter((v) => inRange(v.day))
          .map((v) => v.visitor),
      ).size,
      joiners: new Set(
        mine(f.joins)
          .filter((j) => inRange(utcDayOf(j.joinedAt)))
          .map((j) => j.userId),
      ).size,
      submitters: new Set(
        mine(f.scores)
          .filter((s) => !s.deleted && inRange(utcDayOf(s.submittedAt)))
          .map((s) => s.userId),
      ).size,
    };
  };
  const out = new Map<number, { viewers: number; joiners: number; submitters: number }>();
  out.set(0, count(null));
  for (const id of ids) {
    const c = count(id);
    if (c.viewers + c.joiners + c.submitters > 0) out.set(id, c);
  }
  return out;
}
