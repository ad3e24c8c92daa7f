import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link as RouterLink } from 'wouter';
import { buttonClass, type ButtonSize, type ButtonVariant } from './button.tsx';

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string;
  /** 'link' (default) is underlined text; the others look like a Button. */
  look?: 'link' | ButtonVariant;
  size?: ButtonSize;
  /** Leaves the app (full page load, new origin): a plain <a>; otherwise the router's link. */
  external?: boolean;
  icon?: ReactNode;
}

/** A link that reads as text or as a button, routed inside the app unless `external`. */
export function AppLink({ href, look = 'link', size = 'md', external, icon, className, children, ...rest }: AppLinkProps) {
  const cls = [look === 'link' ? 'ui-link' : buttonClass(look, size), className].filter(Boolean).join(' ');
  const content = (
    <>
      {icon}
      {children}
    </>
  );
  if (external)
    return (
      <a {...rest} href={href} className={cls}>
        {content}
      </a>
    );
  return (
    <RouterLink {...rest} href={href} className={cls}>
      {content}
    </RouterLink>
  );
}
