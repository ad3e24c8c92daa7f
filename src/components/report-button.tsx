import { lazy, Suspense, useRef, useState } from 'react';
import { KIND_LABELS, type ReportableKind } from '#domain/moderation.ts';
import { useSessionView } from '../lib/session/session-view.ts';
import { Button } from './ui/button.tsx';
import { FlagIcon } from './ui/control-icons.tsx';
import { Pending } from '#src/lib/settled.tsx';

// The dialog (Radix, the reasons, the request) loads with the first click: boards and profiles stay light.
const ReportDialog = lazy(() => import('./report-dialog.tsx'));

/**
 * "Report" for a profile, challenge, score, team or video: a small button opening a dialog with the
 * reasons and optional words. Shown to signed-in users other than the item's author.
 */
export function ReportButton({
  kind,
  itemId,
  authorId,
  subject,
  compact = false,
}: {
  kind: ReportableKind;
  itemId: string | number;
  /** The item's author: they do not see the button. */
  authorId?: number | null;
  /** What is reported, for the dialog's text and the button's accessible name ("Fran", "Ana's score"). */
  subject: string;
  /** A flag icon instead of the word (rows of a board): the accessible name and the tooltip still say Report. */
  compact?: boolean;
}) {
  const { user } = useSessionView();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  if (!user || (authorId != null && authorId === user.wp_user_id)) return null;
  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  return (
    <>
      <Button
        ref={trigger}
        variant="ghost"
        size="sm"
        className={compact ? 'report-button report-button-compact' : 'report-button'}
        aria-haspopup="dialog"
        aria-label={`Report ${KIND_LABELS[kind]}: ${subject}`}
        title={compact ? 'Report' : undefined}
        onClick={() => setOpen(true)}
      >
        {compact ? <FlagIcon size={15} /> : 'Report'}
      </Button>
      {open && (
        <Suspense fallback={<Pending />}>
          <ReportDialog kind={kind} itemId={String(itemId)} subject={subject} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
