import type { Database } from '#server/db/index.ts';
import { teamMembers } from '#server/db/schema.ts';
import { createTeam } from './teams.ts';
import type { SeededAthlete } from '../athletes/index.ts';
import { abilityFor } from '#server/seed/cast.ts';

const DAY = 86_400_000;

/** Lasting teams of the demo world: athletes who train at one gym, captained by its strongest. */
const TEAMS = [
  {
    name: 'Harbour Engine Room',
    tag: 'HER',
    gym: 'Harbour Barbell',
    description: 'Early-morning crew at Harbour Barbell. We enter every Open together.',
  },
  { name: 'North Shore Barbell Club', tag: 'NSBC', gym: 'North Shore CrossFit', description: 'Lifting nights on Tuesdays and Thursdays.' },
  { name: 'Iron Yard Masters', tag: 'IYM', gym: 'Iron Yard', description: 'Thirty-five and over, still chasing PRs.', minAge: 35 },
  { name: 'Riverside Runners', tag: 'RIVR', gym: 'Riverside Athletics', description: 'Engine work and weekend long runs along the river.' },
] as const;

export async function seedDemoTeams(tx: Database, athletes: SeededAthlete[], now: Date) {
  const overall = (a: SeededAthlete) => abilityFor(a.cast, { strength: 1, engine: 1, gymnastics: 1 });
  for (const [i, team] of TEAMS.entries()) {
    const members = athletes
      .filter((a) => a.cast.gym === team.gym && a.cast.age >= ('minAge' in team ? team.minAge : 0))
      .sort((a, b) => overall(b) - overall(a));
    if (members.length < 2) continue;
    const founded = new Date(now.getTime() - (200 - i * 30) * DAY);
    const created = await createTeam(
      tx,
      { id: members[0]!.id, isAdmin: false },
      {
        name: team.name,
        tag: team.tag,
        gym: team.gym,
        description: team.description,
        visibility: i % 2 === 0 ? 'public' : 'invite_only',
        max_size: 8,
      },
      founded,
    );
    await tx.insert(teamMembers).values(
      members.slice(1, 8).map((m, k) => ({
        teamId: created.id,
        userId: m.id,
        role: k === 0 ? 'co_captain' : 'member',
        joinedAt: new Date(founded.getTime() + (k + 1) * 9 * DAY),
      })),
    );
  }
}
