import { lazy, Suspense } from 'react';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { usePendingConsents } from './api/legal.ts';
import { Pending } from '#src/lib/settled.tsx';

// Radix and the chart load only when a new version is actually waiting.
const ConsentDialog = lazy(() => import('./components/consent-dialog.tsx'));

/**
 * Mounted app-wide while signed in: asks once per page load which current terms and privacy
 * versions the account has not accepted, and blocks the app with a dialog until it does.
 */
export default function ConsentHost() {
  const { user } = useSessionView();
  const pending = usePendingConsents(user?.wp_user_id ?? null);
  const documents = pending.data?.documents ?? [];
  if (!user || documents.length === 0) return null;
  const key = documents.map((d) => `${d.kind}${d.version}`).join('-');
  return (
    <Suspense fallback={<Pending />}>
      <ConsentDialog key={key} documents={documents} />
    </Suspense>
  );
}
