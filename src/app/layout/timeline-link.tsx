import { useState } from 'react';
import { secureApi } from '../../api/client.ts';
import { toast } from '../../lib/toast.ts';
import { useSessionView } from '../../lib/session/session-view.ts';

export const TIMELINE_LOGIN_TEXT = 'Please log in to access WordPress features.';
export const TIMELINE_FAILED_TEXT = 'Unable to navigate to WordPress. Please try again.';
export const TIMELINE_TOKEN_FAILED_TEXT = 'Failed to generate navigation token';

/** Opens the community-site timeline in a new tab through a signed handoff link. */
export function TimelineLink({ className }: { className?: string }) {
  const { user } = useSessionView();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    if (!user?.email) {
      toast({ title: TIMELINE_LOGIN_TEXT, variant: 'error' });
      return;
    }
    // Open the tab inside the click so it is not blocked, then point it at the handoff.
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    setBusy(true);
    try {
      const { data } = await secureApi.POST('/api/wordpress-jwt/generate-navigation-token', { body: { redirect_path: '/timeline/' } });
      if (!data) throw new Error(TIMELINE_TOKEN_FAILED_TEXT);
      if (!data.success || !data.handoff_url) {
        tab?.close();
        toast({ title: TIMELINE_TOKEN_FAILED_TEXT, description: data.message, variant: 'error' });
        return;
      }
      if (tab) tab.location.href = data.handoff_url;
      else window.open(data.handoff_url, '_blank', 'noopener,noreferrer');
    } catch {
      tab?.close();
      toast({ title: TIMELINE_FAILED_TEXT, variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={className} onClick={() => void open()} aria-busy={busy}>
      Timeline<span className="visually-hidden"> (opens the community site in a new tab)</span>
    </button>
  );
}
