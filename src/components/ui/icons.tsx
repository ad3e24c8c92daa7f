import type { ReactNode } from 'react';

// The glyphs of the header and of the shared controls (select, pagination, checkbox, menus),
// drawn here with the lucide set's shapes (lucide.dev, ISC licence) rather than through
// lucide-react: its icon runtime was 1.5 KB of gzip on the first load of every page for a handful
// of fixed glyphs. Pages' own pictures (achievements, the replay player…) use lucide-react.

export type IconProps = { size?: number; strokeWidth?: number; className?: string };

export function SvgIcon({ size, strokeWidth = 2, className, children }: { size: number; children: ReactNode } & IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      className={className}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function SunIcon({ size = 16, ...rest }: IconProps) {
  return (
    <SvgIcon size={size} {...rest}>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M6.34 17.66l-1.41 1.41M19.07 4.93l-1.41 1.41" />
    </SvgIcon>
  );
}

export function MoonIcon({ size = 16, ...rest }: IconProps) {
  return (
    <SvgIcon size={size} {...rest}>
      <path d="M20.985 12.486a9 9 0 1 1-9.473-9.472c.405-.022.617.46.402.803a6 6 0 0 0 8.268 8.268c.344-.215.825-.004.803.401" />
    </SvgIcon>
  );
}

export function MonitorIcon({ size = 16, ...rest }: IconProps) {
  return (
    <SvgIcon size={size} {...rest}>
      <rect width="20" height="14" x="2" y="3" rx="2" />
      <path d="M8 21h8M12 17v4" />
    </SvgIcon>
  );
}

export function MenuIcon({ size = 22, ...rest }: IconProps) {
  return (
    <SvgIcon size={size} {...rest}>
      <path d="M4 5h16M4 12h16M4 19h16" />
    </SvgIcon>
  );
}

export function ChevronDownIcon({ size = 16, ...rest }: IconProps) {
  return (
    <SvgIcon size={size} {...rest}>
      <path d="m6 9 6 6 6-6" />
    </SvgIcon>
  );
}

export function ChevronLeftIcon({ size = 16, ...rest }: IconProps) {
  return (
    <SvgIcon size={size} {...rest}>
      <path d="m15 18-6-6 6-6" />
    </SvgIcon>
  );
}

export function ChevronRightIcon({ size = 16, ...rest }: IconProps) {
  return (
    <SvgIcon size={size} {...rest}>
      <path d="m9 18 6-6-6-6" />
    </SvgIcon>
  );
}
