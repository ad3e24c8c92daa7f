import type { AppContext } from '../context.ts';
import { systemHandlers } from './system.ts';

/** Every operation's handler, keyed by operationId. */
export function allHandlers(ctx: AppContext) {
  return {
    ...systemHandlers(ctx),
  };
}
