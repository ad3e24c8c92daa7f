import { EmptyState } from './ui/empty-state.tsx';
import { AppLink } from './ui/link.tsx';

/** Where a "not found" page sends the reader back to: a hub or list that holds what was asked for. */
export interface WayBack {
  href: string;
  label: string;
}

export const HOME_WAY_BACK: WayBack = { href: '/', label: 'Go to the home page' };

/**
 * What a page opened for one thing (?id=…) shows when the server answers 404: the page's heading,
 * what was asked for in words ("This squad battle does not exist or was removed") and a way back.
 */
export function NotFoundState({
  what,
  detail,
  back = HOME_WAY_BACK,
  heading,
}: {
  /** The thing asked for, as the sentence's subject: "This squad battle". */
  what?: string;
  /** Without `what`: the server's words for what was not found. */
  detail?: string;
  back?: WayBack;
  /** The page's h1, when the page shows none of its own around this. */
  heading?: string;
}) {
  return (
    <>
      {heading ? <h1>{heading}</h1> : null}
      <EmptyState
        title={what ? `${what} does not exist or was removed` : detail || 'This does not exist or was removed'}
        action={
          <AppLink href={back.href} look="primary">
            {back.label}
          </AppLink>
        }
      >
        The link may be mistyped or out of date.
      </EmptyState>
    </>
  );
}
