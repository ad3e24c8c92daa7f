import { useEffect, useState, type ComponentType } from 'react';
import type { SessionUser } from '#src/lib/session/session-view.ts';
import { MobileTriggerFace } from './menu-faces.tsx';

// The header's menus (account, admin, phone sheet) carry Radix dropdown/dialog and their
// positioning code, which the first paint does not need. Each shows a plain button that looks
// and reads the same as the menu's trigger; the menu's chunk loads on hover or focus, and the
// first press swaps in the menu, open. The account and admin buttons are in account-triggers.tsx,
// which loads with a session (signed-in-parts.tsx).

type MenuModule<P> = { default: ComponentType<P & { defaultOpen?: boolean }> };

/** One menu chunk: loaded once, kept; a failed load is tried again on the next press. */
export function menuChunk<P>(importer: () => Promise<MenuModule<P>>) {
  let loaded: MenuModule<P> | null = null;
  let pending: Promise<MenuModule<P>> | null = null;
  return {
    current: () => loaded,
    load(): Promise<MenuModule<P>> {
      pending ??= importer().then(
        (m) => (loaded = m),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
  };
}

const mobileChunk = menuChunk<{ user: SessionUser | null; restoring: boolean; onSignOut: () => void }>(() => import('./mobile-menu.tsx'));

export function useMenuChunk<P>(chunk: ReturnType<typeof menuChunk<P>>) {
  // A menu whose chunk is already in (opened before) renders as itself from the start.
  const [mod, setMod] = useState(chunk.current);
  const [pressed, setPressed] = useState(false);
  useEffect(() => {
    if (mod || !pressed) return;
    let live = true;
    chunk.load().then(
      (m) => live && setMod(m),
      (error: unknown) => {
        console.error('A menu failed to load:', error);
        if (live) setPressed(false);
      },
    );
    return () => {
      live = false;
    };
  }, [chunk, mod, pressed]);
  // Fetch early, but swap only on a press: a stand-in never changes under a focused keyboard user.
  const prefetch = () => void chunk.load().catch(() => undefined);
  const stand = {
    type: 'button' as const,
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerEnter: prefetch,
    onFocus: prefetch,
    onClick: () => setPressed(true),
  };
  return { Real: mod?.default ?? null, pressed, stand };
}

export function MobileMenuButton(props: { user: SessionUser | null; restoring: boolean; onSignOut: () => void }) {
  const { Real, pressed, stand } = useMenuChunk(mobileChunk);
  if (Real) return <Real {...props} defaultOpen={pressed} />;
  return (
    <button {...stand} aria-haspopup="dialog" className="menu-button" aria-label="Menu">
      <MobileTriggerFace />
    </button>
  );
}
