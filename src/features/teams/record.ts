import type { TeamChallengeEntry } from './api/teams.ts';

export interface RecordPoint {
  challengeId: number;
  title: string;
  endedAt: string;
  place: number;
  teams: number;
  /** Share of the other teams finished behind, 0–100 (100 alone on a board). */
  beaten: number;
}

/** Finished team challenges with a counted place, oldest first: the team's record. */
export function recordOf(entries: TeamChallengeEntry[]): RecordPoint[] {
  return entries
    .filter((e) => e.status === 'closed' && e.place !== null && e.teams > 0)
    .map((e) => ({
      challengeId: e.challenge_id,
      title: e.title,
      endedAt: e.ends_at,
      place: e.place!,
      teams: e.teams,
      beaten: e.teams > 1 ? Math.round((100 * (e.teams - e.place!)) / (e.teams - 1)) : 100,
    }))
    .sort((a, b) => a.endedAt.localeCompare(b.endedAt) || a.challengeId - b.challengeId);
}
