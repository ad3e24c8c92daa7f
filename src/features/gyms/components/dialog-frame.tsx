import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

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
