// The challenges area's public surface: other areas and the app import only from here.
export { allAllianceRows, allianceRankings } from './alliance-board.ts';
export { servedRankings } from './board-pages.ts';
export { rankings } from './boards.ts';
export {
  NO_CHALLENGE,
  TEAM_BEST_N,
  TEAM_NAME_LENGTH,
  TEAM_RULES,
  TEAM_SIZE,
  challengeStatus,
  loadChallenge,
  presentChallenge,
  presentScore,
  rulesOf,
  schemeOf,
} from './challenge.ts';
export type { ChallengeRow, ChallengeStatus, TeamRule } from './challenge.ts';
export { createChallenge, deleteChallenge, getChallenge, listDeleted, updateChallenge } from './crud.ts';
export type { ChallengeInput } from './crud.ts';
export { discover, myCreated, myParticipating, recommendations } from './discovery.ts';
export { sweepFinalStandings } from './final-standings.ts';
export { findOnBoard } from './find.ts';
export { allGymRows, gymRankings, keepGymBoardNow } from './gym-board.ts';
export { challengeHandlers, type ChallengeHooks } from './handlers.ts';
export { mySubmissions, scoreHistory } from './history.ts';
export { HOME_OPEN_CHALLENGES, HOME_RECENT_RECORDS, homeFeed } from './home.ts';
export { countParticipants, joinChallenge, placement } from './join.ts';
export { deleteScore, listPendingScores, recomputeEntry, reviewScore } from './review.ts';
export { scoreInputFor } from './score-input.ts';
export { audit, scoreVideoJobHandlers, settleScoreVideo } from './score-video.ts';
export { DEMO_CHALLENGES } from './seed.ts';
export type { DemoChallenge } from './seed.ts';
export { UNVERIFIED_MARGIN, UNVERIFIED_MIN_ENTRIES, submitScore } from './submission.ts';
export { findOnTeamBoard } from './team-find.ts';
export { listTeams, teamRankings, teamStanding } from './teams.ts';
export { theaterChanged } from './theater-notice.ts';
