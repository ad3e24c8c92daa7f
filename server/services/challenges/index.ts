// The challenges area's public surface: routes, the seed and the benches import from here.
export {
  challengeStatus,
  loadChallenge,
  presentChallenge,
  presentScore,
  rulesOf,
  TEAM_BEST_N,
  TEAM_NAME_LENGTH,
  TEAM_RULES,
  TEAM_SIZE,
} from './challenge.ts';
export type { ChallengeRow, ChallengeStatus, TeamRule } from './challenge.ts';
export { createChallenge, deleteChallenge, getChallenge, listDeleted, updateChallenge, type ChallengeInput } from './crud.ts';
export { countParticipants, joinChallenge } from './join.ts';
export { scoreInputFor } from './score-input.ts';
export { submitScore, UNVERIFIED_MARGIN, UNVERIFIED_MIN_ENTRIES } from './submission.ts';
export { RANK_LEVEL_SHIFTS, rebuildRankSlices } from './rank-slices.ts';
export { rankings } from './boards.ts';
export { servedRankings } from './board-pages.ts';
export { BOARD_CHANNEL, boardCacheOf, startBoardCache } from './board-cache.ts';
export { findOnBoard } from './find.ts';
export { discover, myCreated, myParticipating, recommendations } from './discovery.ts';
export { mySubmissions, scoreHistory } from './history.ts';
export { deleteScore, listPendingScores, reviewScore } from './review.ts';
export { listTeams, teamRankings } from './teams.ts';
export { findOnTeamBoard } from './team-find.ts';
export { homeFeed, HOME_OPEN_CHALLENGES, HOME_RECENT_RECORDS } from './home.ts';
export { allGymRows, gymRankings, keepGymBoardNow } from './gym-board.ts';
export { allAllianceRows, allianceRankings } from './alliance-board.ts';
export { forgetGymBoards, gymCacheSettings } from './gym-board-cache.ts';
