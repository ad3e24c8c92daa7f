import * as Dialog from '@radix-ui/react-dialog';
import { useSelector } from '@xstate/react';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { fromPromise } from 'xstate';
import { useLocation } from 'wouter';
import { consentMachine } from '#machines/consent.ts';
import { LEGAL_TITLES } from '#domain/legal.ts';
import { SessionActor } from '#src/lib/session/session-provider.tsx';
import { formatDate } from '#src/lib/format.ts';
import { useAcceptConsents, type LegalDocument } from '../api/legal.ts';
import '../legal.css';

const PAGES = { terms: '/terms-of-service-page', privacy: '/privacy-policy-page' } as const;

/**
 * The blocking dialog for new versions of the terms or the privacy policy: it cannot be dismissed;
 * the account accepts them or signs out. Driven by machines/consent.ts.
 */
export default function ConsentDialog({ documents }: { documents: LegalDocument[] }) {
  const accept = useAcceptConsents();
  const session = SessionActor.useFlowActor();
  const [, navigate] = useLocation();
  const flow = useFlow(
    consentMachine.provide({
      actors: { acceptConsents: fromPromise(({ input }) => accept.mutateAsync(input)) },
      actions: {
        requestSignOut: () => {
          session.send({ type: 'session.logout' });
          navigate('/signed-out-page');
        },
      },
    }),
    { input: { documents: documents.map((d) => ({ kind: d.kind as 'terms' | 'privacy', version: d.version })) } },
  );
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  const problem = useSelector(flow, (s) => s.context.problem);
  const open = useSelector(flow, (s) => s.matches('reviewing') || s.matches('accepting'));
  const names = documents.map((d) => LEGAL_TITLES[d.kind]).join(' and ');
  return (
    <Dialog.Root open={open}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog-content consent-dialog"
          role="alertdialog"
          onEscapeKeyDown={(e) => e.preventDefault()}
          onPointerDownOutside={(e) => e.preventDefault()}
          onInteractOutside={(e) => e.preventDefault()}
        >
          <Dialog.Title className="dialog-title">We updated our {names}</Dialog.Title>
          <Dialog.Description>Please read what changed and accept to keep using RepForge, or sign out.</Dialog.Description>
          <ul className="consent-list">
            {documents.map((d) => (
              <li key={d.kind}>
                <strong>
                  {LEGAL_TITLES[d.kind]}, version {d.version}
                </strong>{' '}
                <span className="muted">(published {formatDate(d.published_at)})</span>
                {d.summary && <p>{d.summary}</p>}
                {d.kind !== 'waiver' && (
                  <p>
                    {/* Relative to <base href>: the page opens beside the dialog, which stays until answered. */}
                    <a href={PAGES[d.kind].slice(1)} target="_blank" rel="noopener noreferrer">
                      Read the {LEGAL_TITLES[d.kind]} (opens in a new tab)
                    </a>
                  </p>
                )}
              </li>
            ))}
          </ul>
          {problem && (
            <p className="error-text" role="alert">
              {problem}
            </p>
          )}
          <div className="dialog-actions">
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => flow.send({ type: 'consent.signOut' })}>
              Sign out
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() => flow.send({ type: 'consent.accept' })}
              autoFocus
            >
              {busy ? 'Saving…' : 'Accept and continue'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
