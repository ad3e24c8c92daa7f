// The commentary area's public surface: other areas and the app import only from here.
export { commentaryHandlers } from './handlers.ts';
export { commentaryJobHandlers } from './lines.ts';
export { DRAFTS_PER_SLOT, MODEL_BEHIND_TEXT } from './drafts.ts';
export { noteScoreMove, type ScoreMove } from './moves.ts';
export { boardMarks, liveBoardScore, noteLiveCount, type LiveCountMove } from './live-moves.ts';
export { noteBattleRound, type BattleRoundClosed } from './battle-moves.ts';
export { CallBudget, modelClient, modelFailure, modelWriter, templateWriter, writerFor, type LineWriter } from './writers.ts';
export { seedDemoCommentary } from './seed.ts';
