import type { ReactNode } from 'react';
import './empty-state.css';

/** What a list shows when it has nothing: an icon, a plain sentence, and what to do next. */
export function EmptyState({
  icon,
  title,
  children,
  action,
  headingLevel: Heading = 'h2',
}: {
  icon?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  headingLevel?: 'h2' | 'h3' | 'h4';
}) {
  return (
    <div className="ui-empty">
      {icon ? (
        <div className="ui-empty-icon" aria-hidden>
          {icon}
        </div>
      ) : null}
      <Heading className="ui-empty-title">{title}</Heading>
      {children ? <div className="ui-empty-text">{children}</div> : null}
      {action ? <div className="ui-empty-action">{action}</div> : null}
    </div>
  );
}
