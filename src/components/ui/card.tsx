import type { ReactNode } from 'react';
import { Link as RouterLink } from 'wouter';
import './card.css';

/**
 * A surface with a heading. With `href` the whole card is one link (the heading's link is stretched
 * over the card), the heading still reads as a heading, not as an underlined link.
 */
export function Card({
  title,
  titleAs: Heading = 'h2',
  href,
  meta,
  actions,
  className,
  children,
}: {
  title?: ReactNode;
  titleAs?: 'h2' | 'h3' | 'h4';
  href?: string;
  /** A line above the title (a category, a date). */
  meta?: ReactNode;
  /** Buttons or links at the foot of the card. */
  actions?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <article className={['card', 'ui-card', href ? 'ui-card-linked' : '', className].filter(Boolean).join(' ')}>
      {meta ? <div className="ui-card-meta">{meta}</div> : null}
      {title ? (
        <Heading className="ui-card-title">
          {href ? (
            <RouterLink href={href} className="ui-card-link">
              {title}
            </RouterLink>
          ) : (
            title
          )}
        </Heading>
      ) : null}
      {children}
      {actions ? <div className="ui-card-actions">{actions}</div> : null}
    </article>
  );
}
