import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Button } from './ui/button.tsx';

/** The end of a dialog's form: its error (if any), then Cancel (closes the dialog) beside its action. */
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
