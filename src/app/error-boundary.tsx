import { Component, type ErrorInfo, type ReactNode } from 'react';
import { resetFailedPageLoads } from './lazy-page.tsx';
import { reportClientError } from '../lib/report-error.ts';

interface Props {
  children: ReactNode;
  /** Changing it (e.g. the location) clears a shown error. */
  resetKey?: string;
}

interface State {
  error: unknown;
  hasError: boolean;
  attempt: number;
}

export const GENERIC_ERROR_TEXT = 'Something went wrong. Please retry or contact support.';

/** Shows a render failure in words; Retry re-renders the page without reloading. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, hasError: false, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Page failed to render', error, info.componentStack);
    // A chunk that failed to load is reported by its own event (main.tsx), not twice.
    if (!isChunkLoadError(error)) reportClientError('render', error);
  }

  override componentDidUpdate(prev: Props) {
    if (this.state.hasError && prev.resetKey !== this.props.resetKey) this.retry();
  }

  retry = () => {
    resetFailedPageLoads();
    this.setState((s) => ({ error: null, hasError: false, attempt: s.attempt + 1 }));
  };

  override render() {
    if (!this.state.hasError) return <ErrorBoundaryChildren key={this.state.attempt}>{this.props.children}</ErrorBoundaryChildren>;
    const { error } = this.state;
    if (import.meta.env.DEV) {
      return (
        <div role="alert" className="error-page container">
          <h1>An error occured:</h1>
          <pre className="error-message">{error instanceof Error ? error.message : 'Something went wrong'}</pre>
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Reload page
          </button>
        </div>
      );
    }
    return (
      <div role="alert" className="error-page container">
        <h1>{error instanceof Error ? GENERIC_ERROR_TEXT : 'Something went wrong'}</h1>
        <p className="muted">If it keeps happening, tell us through the Feedback button at the bottom of the page.</p>
        <button type="button" className="btn btn-primary" onClick={this.retry}>
          Retry
        </button>
      </div>
    );
  }
}

/** Whether a render failed because a page's code could not be fetched (reported as 'chunk'). */
function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|Loading chunk/i.test(error.message);
}

function ErrorBoundaryChildren({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
