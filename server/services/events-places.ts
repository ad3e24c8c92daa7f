import { pointsFor, type EventRule } from '../../domain/events.ts';

// A division's overall standing computed from the workouts' boards as kept in memory (events-cache.ts),
// in linear passes over arrays already in board order: the same rules as the statement of
// events-standings.ts (domain/events.ts), which the tests hold it to.

/** One workout's board: per category, its athletes and sort keys in board order (best first). */
export interface KeptBoard {
  challengeId: number;
  groups: { category: string; users: Int32Array; keys: BigInt64Array }[];
}

/** One athlete's standing without name or results. */
export interface LeanRow {
  user_id: number;
  total: number;
  firsts: number;
  best: number;
  overall: number;
  places: number[];
  points: number[];
}

/** Each athlete's division: the smallest of their entries' categories (`order`: every category, smallest first, as the database sorts them). */
export function divisionsOf(boards: readonly KeptBoard[], order: readonly string[]): Map<number, number> {
  const rankOf = new Map(order.map((c, i) => [c, i]));
  const division = new Map<number, number>();
  for (const b of boards)
    for (const g of b.groups) {
      const r = rankOf.get(g.category)!;
      for (const u of g.users) {
        const cur = division.get(u);
        if (cur === undefined || r < cur) division.set(u, r);
      }
    }
  return division;
}

/**
 * The standing of one division: each workout's places among the division's athletes (ties share
 * the higher place; no result: finishers + 1), points by the rule, totals, tie-breaks (more firsts,
 * then the better best place) and the overall place; sorted by overall place, then user id.
 */
export function divisionStanding(
  boards: readonly KeptBoard[],
  division: ReadonlyMap<number, number>,
  order: readonly string[],
  q: { rule: EventRule; table: readonly number[]; category: string },
): LeanRow[] {
  const target = order.indexOf(q.category);
  if (target < 0) return [];
  const index = new Map<number, number>();
  const athletes: number[] = [];
  for (const [u, r] of division)
    if (r === target) {
      index.set(u, athletes.length);
      athletes.push(u);
    }
  const n = athletes.length;
  const w = boards.length;
  const places = new Int32Array(n * w);
  for (const [k, b] of boards.entries()) {
    // The division's entries in board order: its own category's group, plus (rarely) entries its
    // athletes left under another category in this workout, merged in by sort key.
    let users: ArrayLike<number> = new Int32Array(0);
    let keys: ArrayLike<bigint> = new BigInt64Array(0);
    const strays: { user: number; key: bigint }[] = [];
    for (const g of b.groups) {
      if (g.category === q.category) {
        users = g.users;
        keys = g.keys;
      } else
        for (let j = 0; j < g.users.length; j++)
          if (division.get(g.users[j]!) === target) strays.push({ user: g.users[j]!, key: g.keys[j]! });
    }
    if (strays.length > 0) {
      const all = strays.slice();
      for (let j = 0; j < users.length; j++) all.push({ user: users[j]!, key: keys[j]! });
      all.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      users = all.map((e) => e.user);
      keys = all.map((e) => e.key);
    }
    let finishers = 0;
    let place = 0;
    let lastKey = 0n;
    for (let j = 0; j < users.length; j++) {
      const i = index.get(users[j]!);
      if (i === undefined) continue;
      finishers += 1;
      if (finishers === 1 || keys[j] !== lastKey) place = finishers;
      lastKey = keys[j]!;
      places[i * w + k] = place;
    }
    for (let i = 0; i < n; i++) if (places[i * w + k] === 0) places[i * w + k] = finishers + 1;
  }
  const rows: LeanRow[] = athletes.map((user_id, i) => {
    const own = Array.from(places.subarray(i * w, i * w + w));
    const points = own.map((p) => pointsFor(q.rule, p, { table: q.table, divisionSize: n }));
    let total = 0;
    let firsts = 0;
    let best = Infinity;
    for (const [k, p] of own.entries()) {
      total += points[k]!;
      if (p === 1) firsts += 1;
      if (p < best) best = p;
    }
    return { user_id, total, firsts, best: w === 0 ? 0 : best, overall: 0, places: own, points };
  });
  const sign = q.rule === 'sum_of_places' ? 1 : -1;
  const ahead = (a: LeanRow, b: LeanRow) => sign * (a.total - b.total) || b.firsts - a.firsts || a.best - b.best;
  rows.sort((a, b) => ahead(a, b) || a.user_id - b.user_id);
  for (const [i, r] of rows.entries()) r.overall = i > 0 && ahead(rows[i - 1]!, r) === 0 ? rows[i - 1]!.overall : i + 1;
  return rows;
}
