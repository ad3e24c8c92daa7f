/**
 * The demo world's one cast: every challenge score, personal record and Global Ranks total of
 * the demo follows from these athletes' fixed abilities, so a strong athlete is strong
 * everywhere they appear.
 */

/** Abilities per domain, 0 (beginner) … 1 (elite); a result is worth about ability × 1000 points. */
export interface Abilities {
  strength: number;
  engine: number;
  gymnastics: number;
}
export type Domain = keyof Abilities;
/** How much each domain counts in a workout or test (the weights add up to 1). */
export type Weights = Partial<Record<Domain, number>>;

export interface CastMember extends Abilities {
  first: string;
  last: string;
  sex: 'female' | 'male';
  /** Age reached in the year the demo is seeded. */
  age: number;
  bodyweightKg: number;
  gym: string;
}

/** The demo gyms: the first four verified, the last one waiting for an editor. */
export const GYMS = [
  { name: 'Harbour Barbell', city: 'Bristol', country: 'GB' },
  { name: 'North Shore CrossFit', city: 'Auckland', country: 'NZ' },
  { name: 'Iron Yard', city: 'Denver', country: 'US' },
  { name: 'Riverside Athletics', city: 'Brisbane', country: 'AU' },
  { name: 'Summit Strength', city: 'Calgary', country: 'CA' },
] as const;

const [HARBOUR, NORTH_SHORE, IRON_YARD, RIVERSIDE, SUMMIT] = GYMS.map((g) => g.name) as [string, string, string, string, string];

const member = (
  first: string,
  last: string,
  sex: 'female' | 'male',
  age: number,
  bodyweightKg: number,
  gym: string,
  [strength, engine, gymnastics]: [number, number, number],
): CastMember => ({ first, last, sex, age, bodyweightKg, gym, strength, engine, gymnastics });

/**
 * The all-rounders first, then specialists (Jonas Larsen lifts, Tariq Haddad runs and rows,
 * Hiro Sato is a gymnast: each beats the all-rounders in their domain alone), then beginners.
 */
export const CAST: readonly CastMember[] = [
  member('Mateo', 'Silva', 'male', 28, 84.5, IRON_YARD, [0.94, 0.92, 0.94]),
  member('Elif', 'Haddad', 'female', 26, 63.2, HARBOUR, [0.93, 0.95, 0.94]),
  member('Kai', 'Okafor', 'male', 31, 88.1, NORTH_SHORE, [0.9, 0.85, 0.88]),
  member('Priya', 'Patel', 'female', 33, 61.4, RIVERSIDE, [0.86, 0.9, 0.87]),
  member('Jonas', 'Larsen', 'male', 37, 92.3, HARBOUR, [0.99, 0.66, 0.74]),
  member('Rosa', 'Moreau', 'female', 29, 58.7, SUMMIT, [0.74, 0.88, 0.84]),
  member('Tariq', 'Haddad', 'male', 24, 76.8, RIVERSIDE, [0.7, 0.98, 0.8]),
  member('Chloe', 'Nguyen', 'female', 41, 66.5, IRON_YARD, [0.85, 0.76, 0.72]),
  member('Omar', 'Brooks', 'male', 44, 81.2, SUMMIT, [0.8, 0.78, 0.74]),
  member('Grace', 'Sato', 'female', 22, 55.9, NORTH_SHORE, [0.66, 0.72, 0.86]),
  member('Viktor', 'Kowalski', 'male', 35, 101.4, IRON_YARD, [0.9, 0.55, 0.6]),
  member('Nia', 'Okafor', 'female', 38, 70.3, HARBOUR, [0.78, 0.68, 0.7]),
  member('Hiro', 'Sato', 'male', 27, 71.6, NORTH_SHORE, [0.62, 0.76, 0.98]),
  member('Isla', 'Brooks', 'female', 30, 62.8, RIVERSIDE, [0.68, 0.8, 0.64]),
  member('Ben', 'Moreau', 'male', 48, 86.9, HARBOUR, [0.72, 0.66, 0.6]),
  member('Lena', 'Kowalski', 'female', 46, 64.1, SUMMIT, [0.62, 0.7, 0.6]),
  member('Yusuf', 'Nguyen', 'male', 32, 79.5, RIVERSIDE, [0.6, 0.68, 0.64]),
  member('Zoe', 'Larsen', 'female', 25, 59.3, IRON_YARD, [0.56, 0.64, 0.66]),
  member('Dev', 'Patel', 'male', 52, 83.7, SUMMIT, [0.62, 0.6, 0.5]),
  member('Ana', 'Silva', 'female', 55, 60.6, NORTH_SHORE, [0.54, 0.62, 0.52]),
  member('Carlos', 'Haddad', 'male', 40, 95.8, IRON_YARD, [0.7, 0.42, 0.44]),
  member('Wen', 'Nguyen', 'female', 35, 57.2, HARBOUR, [0.46, 0.58, 0.56]),
  member('Sam', 'Brooks', 'male', 21, 73.4, NORTH_SHORE, [0.48, 0.56, 0.52]),
  member('Uma', 'Patel', 'female', 43, 68.9, RIVERSIDE, [0.44, 0.5, 0.42]),
  member('Aiden', 'Kowalski', 'male', 58, 89.2, SUMMIT, [0.46, 0.44, 0.36]),
  member('Bea', 'Sato', 'female', 50, 71.8, IRON_YARD, [0.38, 0.46, 0.34]),
  member('Femi', 'Okafor', 'male', 29, 98.6, HARBOUR, [0.36, 0.3, 0.28]),
  member('Ximena', 'Moreau', 'female', 19, 54.1, NORTH_SHORE, [0.3, 0.4, 0.32]),
  member('Quinn', 'Larsen', 'male', 62, 77.7, RIVERSIDE, [0.3, 0.34, 0.24]),
  member('Dara', 'Silva', 'female', 36, 74.5, SUMMIT, [0.24, 0.3, 0.2]),
];

export const DEMO_EMAIL_DOMAIN = 'demo.repforge.local';
/** The demo world's administrator (outside the athletes' domain: it has no athlete profile). */
export const DEMO_ADMIN_EMAIL = 'demo.admin@repforge.local';
export const nameOf = (a: Pick<CastMember, 'first' | 'last'>) => `${a.first} ${a.last}`;
export const emailOf = (a: Pick<CastMember, 'first' | 'last'>) => `${a.first}.${a.last}@${DEMO_EMAIL_DOMAIN}`.toLowerCase();

/** The athlete's ability on a workout or test that weighs the domains so (0 … 1). */
export function abilityFor(a: Abilities, weights: Weights): number {
  let sum = 0,
    total = 0;
  for (const [domain, w] of Object.entries(weights) as [Domain, number][]) {
    sum += a[domain] * w;
    total += w;
  }
  return total > 0 ? sum / total : 0;
}

/** A small deterministic random source, so the demo world is the same on every first start. */
export function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A day's form around an ability: ±spread, kept in 0 … 1. */
export const onTheDay = (ability: number, r: () => number, spread = 0.03) => Math.max(0, Math.min(1, ability + (r() - 0.5) * 2 * spread));
