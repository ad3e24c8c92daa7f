// The battles area's public surface: other areas and the app import only from here.
export { battleHandlers } from './handlers.ts';
export { battleJobHandlers, closeRound, ROUND_NOTICES_JOB } from './closing.ts';
export { seedDemoBattles } from './seed.ts';
export { battleBoardWatcher } from './board-kept.ts';
export { applyAttemptVerdict, attemptJudged, attemptScores, loadJudgedAttempt, NO_ATTEMPT } from './attempt-verdicts.ts';
