import type { AppContext } from '#server/context.ts';
import { ApiError } from '#server/errors.ts';
import { publishSocketProbe, runServerCheck, sendTestMail } from './admin-testing.ts';
import type { Handlers, OperationId, OperationRequest } from '#server/lib/handler-types.ts';

export const ADMIN_TESTING_ONLY_TEXT = 'Only an administrator can run the platform checks.';

type AdminTestingOps = 'runPlatformCheck' | 'sendTestMail' | 'publishSocketProbe';

/** The checks touch mail, storage and the queue: administrators only, not editors. */
function administrator(request: OperationRequest<OperationId>) {
  const user = request.auth!.user;
  if (user.role !== 'administrator') throw new ApiError(403, ADMIN_TESTING_ONLY_TEXT);
  return user;
}

export function adminTestingHandlers(ctx: AppContext): Handlers<AdminTestingOps> {
  return {
    async runPlatformCheck(request) {
      administrator(request);
      return runServerCheck(ctx, request.params.check);
    },
    async sendTestMail(request) {
      // Only ever the caller's own address: the page cannot be used to send mail to anyone else.
      return sendTestMail(ctx, administrator(request).email);
    },
    async publishSocketProbe(request, reply) {
      const user = administrator(request);
      return reply.code(202).send(await publishSocketProbe(ctx, user.id, request.body.nonce));
    },
  };
}
