import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';

/** The sports network's dialogs: open while mounted, closed by Escape, the overlay or `onClose`; a title and an optional line under it. */
export function DialogFrame({
  title,
  description,
  onClose,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content" {...(description === undefined ? { 'aria-describedby': undefined } : {})}>
          <Dialog.Title className="dialog-title">{title}</Dialog.Title>
          {description !== undefined && <Dialog.Description className="muted">{description}</Dialog.Description>}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The dialog's error (if any), then Cancel (closes it) beside its one action. */
export function DialogActions({ error, children }: { error?: string | null; children: ReactNode }) {
  return (
    <>
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
      <div className="dialog-actions">
        <Dialog.Close asChild>
          <Button>Cancel</Button>
        </Dialog.Close>
        {children}
      </div>
    </>
  );
}
