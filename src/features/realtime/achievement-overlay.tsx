import { useEffect, useId, useRef } from 'react';
import { LazyMotion, domAnimation, m, useReducedMotion, type MotionProps } from 'motion/react';
import type { Achievement } from '#machines/achievements.ts';
import { STREAK_NAMES } from '#domain/achievement-rules.ts';
import { CONFETTI_PIECES, LEGENDARY_SPARKLES } from '#domain/constants.ts';
import { toast } from '#src/lib/toast.ts';
import { AchievementIcon } from './components/achievement-icon.tsx';
import './realtime.css';

export type Placement = 'top-center' | 'bottom-center' | 'center';

/** Small news at the bottom, the usual at the top, the big moments in the middle of the screen. */
export function placementOf(a: Pick<Achievement, 'celebration_level' | 'full_screen'>): Placement {
  if (a.full_screen || a.celebration_level === 'legendary') return 'center';
  return a.celebration_level === 'subtle' ? 'bottom-center' : 'top-center';
}

export function shareText(title: string) {
  return `I just unlocked: ${title}`;
}

async function share(title: string) {
  const text = shareText(title);
  const url = window.location.href;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ text, url });
    } catch {
      // The athlete closed the share sheet.
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(`${text} ${url}`);
    toast({ title: 'Copied to clipboard', description: 'Paste it wherever you want to share it.', variant: 'success' });
  } catch {
    toast({ title: 'Sharing is not available in this browser.', variant: 'error' });
  }
}

function entrance(level: Achievement['celebration_level']): MotionProps {
  if (level === 'legendary') {
    return {
      initial: { scale: 0.2, rotate: -270, opacity: 0 },
      animate: { scale: 1, rotate: 0, opacity: 1 },
      transition: { type: 'spring', stiffness: 140, damping: 11 },
    };
  }
  if (level === 'epic') {
    return {
      initial: { scale: 0.85, opacity: 0 },
      animate: { scale: 1, opacity: 1, rotate: [0, -5, 5, -3, 3, 0] },
      transition: { duration: 0.9 },
    };
  }
  return {
    initial: { scale: 0.6, opacity: 0 },
    animate: { scale: 1, opacity: 1 },
    transition: { type: 'spring', stiffness: 420, damping: 22 },
  };
}

function Sparkles() {
  return (
    <span className="achievement-sparkles" aria-hidden="true">
      {Array.from({ length: LEGENDARY_SPARKLES }, (_, i) => {
        const angle = (i / LEGENDARY_SPARKLES) * 2 * Math.PI;
        return (
          <m.span
            key={i}
            className="sparkle"
            initial={{ x: 0, y: 0, opacity: 0, scale: 0.4 }}
            animate={{ x: Math.cos(angle) * 180, y: Math.sin(angle) * 140, opacity: [0, 1, 0], scale: [0.4, 1.2, 0.6] }}
            transition={{ duration: 1.6, delay: 0.2 + (i % 5) * 0.08, repeat: 2, repeatDelay: 0.6 }}
          />
        );
      })}
    </span>
  );
}

/** One achievement popup (or the full-screen celebration of a personal record). */
export default function AchievementOverlay({ achievement, onDismiss }: { achievement: Achievement; onDismiss: () => void }) {
  const reduced = useReducedMotion() ?? false;
  const titleId = useId();
  const level = achievement.celebration_level;
  const placement = placementOf(achievement);

  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (reduced || level === 'subtle' || !canvas.current) return;
    let cancelled = false;
    let reset: (() => void) | undefined;
    const target = canvas.current;
    void import('canvas-confetti').then(({ default: confetti }) => {
      if (cancelled) return;
      // Our own decorative canvas (hidden from assistive technology), not one added to <body>.
      const fire = confetti.create(target, { resize: true, disableForReducedMotion: true });
      reset = () => fire.reset();
      void fire({
        particleCount: CONFETTI_PIECES,
        spread: 110,
        startVelocity: 45,
        origin: { y: placement === 'bottom-center' ? 0.9 : 0.35 },
      });
    });
    return () => {
      cancelled = true;
      reset?.();
    };
  }, [reduced, level, placement]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDismiss();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onDismiss]);

  const motionProps = reduced ? {} : entrance(level);
  const streak = achievement.streak_data;
  return (
    <LazyMotion features={domAnimation}>
      <canvas ref={canvas} className="confetti-canvas" aria-hidden="true" />
      <div className={`achievement-layer placement-${placement}${achievement.full_screen ? ' full-screen' : ''}`}>
        <m.section
          className={`achievement-popup rarity-${achievement.rarity} level-${level}`}
          role="status"
          aria-live="polite"
          aria-labelledby={titleId}
          data-testid="achievement-popup"
          {...motionProps}
        >
          {level === 'legendary' && !reduced && <Sparkles />}
          <span className="achievement-icon" aria-hidden="true">
            <AchievementIcon achievement={achievement} size={achievement.full_screen ? 72 : 44} />
          </span>
          <p className="achievement-rarity">{achievement.rarity.toUpperCase()}</p>
          <p className="achievement-title" id={titleId}>
            {achievement.full_screen ? 'Personal record! ' : 'Achievement unlocked: '}
            <strong>{achievement.title}</strong>
          </p>
          {achievement.description && <p className="achievement-description">{achievement.description}</p>}
          {streak && (
            <p className="achievement-streak">
              <strong>{streak.current_streak}</strong> · {STREAK_NAMES[streak.streak_type]}
            </p>
          )}
          <p className="achievement-points">+{achievement.points} points</p>
          <div className="achievement-actions">
            {achievement.share_worthy && (
              <button type="button" className="btn btn-primary" onClick={() => void share(achievement.title)}>
                Share Achievement
              </button>
            )}
            <button type="button" className="btn btn-secondary" onClick={onDismiss}>
              Close
            </button>
          </div>
        </m.section>
      </div>
    </LazyMotion>
  );
}
