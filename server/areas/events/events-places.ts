import { pointsFor, type EventRule } from '#domain/events.ts';

// A division's overall standing computed from the workouts' boards as kept in memory (events-cache.ts),
// in linear passes over typed arrays already in board order (one sort of the division at the end):
// the same rules as the statement of events-standings.ts (domain/events.ts), which the tests hold it to.
// At 100,000 athletes × 3 workouts it takes tens of milliseconds, so a recomputation in the
// background does not hold up the reads served beside it.

/** One workout's board: per category, its athletes and sort keys in board order (best first). */
export interface KeptBoard {
  challengeId: number;
  /** Sort keys as the database writes them (decimal text of a bigint): compared for equality in board order, as numbers only to merge categories. */
  groups: { category: string; users: Int32Array; keys: readonly string[] }[];
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

/** Each athlete's division as an index into the category order, by user id (from `base`); -1 for none. */
export interface Divisions {
  base: number;
  of: Int16Array;
}

/** Two sort keys as the database writes them (non-negative, no leading zeros) compared as numbers: the longer is larger. */
export function compareKeys(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/** A category's entries as read, sorted by key should they not have come in key order. */
export function inBoardOrder(category: string, users: string[], keys: string[]): KeptBoard['groups'][number] {
  let sorted = true;
  for (let j = 1; j < keys.length && sorted; j++) sorted = compareKeys(keys[j - 1]!, keys[j]!) <= 0;
  if (!sorted) {
    const order = keys.map((_, j) => j).sort((a, b) => compareKeys(keys[a]!, keys[b]!) || Number(users[a]) - Number(users[b]));
    users = order.map((j) => users[j]!);
    keys = order.map((j) => keys[j]!);
  }
  return { category, users: Int32Array.from(users, Number), keys };
}

const divisionOf = (d: Divisions, user: number) => {
  const i = user - d.base;
  return i >= 0 && i < d.of.length ? d.of[i]! : -1;
};

/** Each athlete's division: the smallest of their entries' categories (`order`: every category, smallest first, as the database sorts them). */
export function divisionsOf(boards: readonly KeptBoard[], order: readonly string[]): Divisions {
  let min = Infinity;
  let max = -Infinity;
  for (const b of boards)
    for (const g of b.groups)
      for (const u of g.users) {
        if (u < min) min = u;
        if (u > max) max = u;
      }
  const base = Number.isFinite(min) ? min : 0;
  const of = new Int16Array(Number.isFinite(min) ? max - min + 1 : 0).fill(-1);
  const rankOf = new Map(order.map((c, i) => [c, i]));
  for (const b of boards)
    for (const g of b.groups) {
      const r = rankOf.get(g.category)!;
      for (const u of g.users) {
        const cur = of[u - base]!;
        if (cur < 0 || r < cur) of[u - base] = r;
      }
    }
  return { base, of };
}

/** The division's entries of one workout in board order: its own category's group, plus (rarely) entries its athletes left under another category, merged in by sort key. */
function entriesOf(
  b: KeptBoard,
  division: Divisions,
  target: number,
  category: string,
): { users: ArrayLike<number>; keys: readonly string[] } {
  let users: ArrayLike<number> = new Int32Array(0);
  let keys: readonly string[] = [];
  const strays: { user: number; key: string }[] = [];
  for (const g of b.groups) {
    if (g.category === category) {
      users = g.users;
      keys = g.keys;
    } else
      for (let j = 0; j < g.users.length; j++)
        if (divisionOf(division, g.users[j]!) === target) strays.push({ user: g.users[j]!, key: g.keys[j]! });
  }
  if (strays.length === 0) return { users, keys };
  const all = strays.slice();
  for (let j = 0; j < users.length; j++) all.push({ user: users[j]!, key: keys[j]! });
  all.sort((a, b) => compareKeys(a.key, b.key));
  return { users: all.map((e) => e.user), keys: all.map((e) => e.key) };
}

/**
 * The standing of one division: each workout's places among the division's athletes (ties share
 * the higher place; no result: finishers + 1), points by the rule, totals, tie-breaks (more firsts,
 * then the better best place) and the overall place; sorted by overall place, then user id.
 */
export function divisionStanding(...args: Parameters<typeof standingSteps>): LeanRow[] {
  const steps = standingSteps(...args);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The same, in slices of a few milliseconds with the event loop let through between them (the server's way: reads go on while it runs). */
export async function divisionStandingInSlices(...args: Parameters<typeof standingSteps>): Promise<LeanRow[]> {
  const steps = standingSteps(...args);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Rows made between two slices. */
const ROWS_PER_SLICE = 5_000;

function* standingSteps(
  boards: readonly KeptBoard[],
  division: Divisions,
  order: readonly string[],
  q: { rule: EventRule; table: readonly number[]; category: string },
): Generator<void, LeanRow[]> {
  const target = order.indexOf(q.category);
  if (target < 0) return [];
  // The division's athletes by user id, and each one's index among them.
  const index = new Int32Array(division.of.length).fill(-1);
  let n = 0;
  for (let i = 0; i < division.of.length; i++) if (division.of[i] === target) index[i] = n++;
  const athletes = new Int32Array(n);
  for (let i = 0; i < index.length; i++) if (index[i]! >= 0) athletes[index[i]!] = i + division.base;
  const w = boards.length;
  const places = new Int32Array(n * w);
  for (const [k, b] of boards.entries()) {
    const { users, keys } = entriesOf(b, division, target, q.category);
    let finishers = 0;
    let place = 0;
    let lastKey = '';
    for (let j = 0; j < users.length; j++) {
      const i = index[users[j]! - division.base];
      if (i === undefined || i < 0) continue;
      finishers += 1;
      if (finishers === 1 || keys[j] !== lastKey) place = finishers;
      lastKey = keys[j]!;
      places[i * w + k] = place;
    }
    for (let i = 0; i < n; i++) if (places[i * w + k] === 0) places[i * w + k] = finishers + 1;
    yield;
  }
  const options = { table: q.table, divisionSize: n };
  const points = new Float64Array(n * w);
  const total = new Float64Array(n);
  const firsts = new Int32Array(n);
  const best = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    let b = w === 0 ? 0 : Infinity;
    for (let k = 0; k < w; k++) {
      const p = places[i * w + k]!;
      const pts = pointsFor(q.rule, p, options);
      points[i * w + k] = pts;
      total[i] += pts;
      if (p === 1) firsts[i] += 1;
      if (p < b) b = p;
    }
    best[i] = b;
  }
  const sign = q.rule === 'sum_of_places' ? 1 : -1;
  const ahead = (a: number, b: number) => sign * (total[a]! - total[b]!) || firsts[b]! - firsts[a]! || best[a]! - best[b]!;
  yield;
  const sorted = byStanding(n, sign, total, firsts, best);
  const rows = new Array<LeanRow>(n);
  for (let r = 0; r < n; r++) {
    if (r > 0 && r % ROWS_PER_SLICE === 0) yield;
    const i = sorted[r]!;
    const overall = r > 0 && ahead(sorted[r - 1]!, i) === 0 ? rows[r - 1]!.overall : r + 1;
    const own = new Array<number>(w);
    const pts = new Array<number>(w);
    for (let k = 0; k < w; k++) {
      own[k] = places[i * w + k]!;
      pts[k] = points[i * w + k]!;
    }
    rows[r] = { user_id: athletes[i]!, total: total[i]!, firsts: firsts[i]!, best: best[i]!, overall, places: own, points: pts };
  }
  return rows;
}

/** Items by a small whole-number key (0 … max) in a stable counting sort: equal keys keep their order. */
export function countingSort<T>(items: ArrayLike<T>, key: (item: T) => number): T[] {
  let max = 0;
  for (let i = 0; i < items.length; i++) max = Math.max(max, key(items[i]!));
  const starts = new Int32Array(max + 2);
  for (let i = 0; i < items.length; i++) starts[key(items[i]!) + 1]! += 1;
  for (let v = 1; v < starts.length; v++) starts[v]! += starts[v - 1]!;
  const out = new Array<T>(items.length);
  for (let i = 0; i < items.length; i++) out[starts[key(items[i]!)]!++] = items[i]!;
  return out;
}

/**
 * The athletes' indices by total (ascending when `sign` is 1, else descending), more firsts, the
 * better best place, then index (user id): counting sorts from the last key to the first, as every
 * key is a small whole number (places, or points of at most POINTS_MAX a workout).
 */
function byStanding(n: number, sign: number, total: Float64Array, firsts: Int32Array, best: Int32Array): number[] {
  let maxFirsts = 0;
  let minTotal = Infinity;
  let maxTotal = -Infinity;
  for (let i = 0; i < n; i++) {
    maxFirsts = Math.max(maxFirsts, firsts[i]!);
    minTotal = Math.min(minTotal, total[i]!);
    maxTotal = Math.max(maxTotal, total[i]!);
  }
  const byBest = countingSort(
    Array.from({ length: n }, (_, i) => i),
    (i) => best[i]!,
  );
  const byFirsts = countingSort(byBest, (i) => maxFirsts - firsts[i]!);
  return countingSort(byFirsts, sign > 0 ? (i) => total[i]! - minTotal : (i) => maxTotal - total[i]!);
}
