import type { AppContext } from '../context.ts';
import { achievementHandlers } from './achievements.ts';
import { athleteHandlers } from './athletes.ts';
import { athleteImportHandlers } from './athlete-imports.ts';
import { authHandlers } from './auth.ts';
import { challengeHandlers } from './challenges.ts';
import { feedbackHandlers } from './feedback.ts';
import { systemHandlers } from './system.ts';

/** Every operation's handler, keyed by operationId. */
export function allHandlers(ctx: AppContext) {
  return {
    ...systemHandlers(ctx),
    ...authHandlers(ctx),
    ...feedbackHandlers(ctx),
    ...challengeHandlers(ctx),
    ...achievementHandlers(ctx),
    ...athleteHandlers(ctx),
    ...athleteImportHandlers(ctx),
  };
}
