import type { ReactNode } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { DialogFrame } from './dialog-frame.tsx';
import { DialogActions } from '#src/components/dialog-actions.tsx';

/** "Are you sure?" before something that cannot be undone. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pending: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <DialogFrame title={title} description={children} onClose={onClose}>
      <DialogActions error={error}>
        <Button variant="danger" loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </DialogFrame>
  );
}
