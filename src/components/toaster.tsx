import { useSyncExternalStore } from 'react';
import * as Toast from '@radix-ui/react-toast';
import { useLocation } from 'wouter';
import { dismissToast, getToasts, subscribeToasts } from '../lib/toast.ts';

/** Renders the toast queue at the bottom-right; each toast has a close button. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const [, navigate] = useLocation();
  return (
    <Toast.Provider swipeDirection="right" label="Notification">
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          className={`toast toast-${t.variant}`}
          duration={t.durationMs}
          type={t.variant === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
        >
          <div className="toast-body">
            <Toast.Title className="toast-title">{t.title}</Toast.Title>
            {t.description && <Toast.Description className="toast-description">{t.description}</Toast.Description>}
          </div>
          {t.action && (
            <Toast.Action
              className="btn btn-small btn-primary"
              altText={t.action.label}
              onClick={() => {
                t.action?.onClick?.();
                if (t.action?.href) navigate(t.action.href);
              }}
            >
              {t.action.label}
            </Toast.Action>
          )}
          <Toast.Close className="toast-close" aria-label="Close notification">
            <span aria-hidden="true">×</span>
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" />
    </Toast.Provider>
  );
}
