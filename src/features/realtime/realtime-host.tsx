import { lazy, Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import type { IncomingMessage } from '../../../machines/socket.ts';
import { achievementFromMessage, achievementsMachine } from '../../../machines/achievements.ts';
import { SessionActor } from '../../lib/session/session-provider.tsx';
import { attachRealtimeHost, attachRealtimeTransport } from '../../lib/realtime.ts';
import { actorInspection } from '../../lib/inspector.ts';
import { secureApi } from '../../api/client.ts';
import { playTone, tonesEnabled } from './tones.ts';

// Motion and confetti load with the first popup, not with the app.
const AchievementOverlay = lazy(() => import('./achievement-overlay.tsx'));

/**
 * The celebration queue and what real-time messages refresh, while the app runs after a
 * sign-in. The socket itself is the session chart's child: sign-in connects it, a renewed
 * token re-authenticates it, another user or sign-out closes it (machines/session.ts).
 */
export default function RealtimeHost() {
  const queryClient = useQueryClient();
  const achievements = useActorRef(
    achievementsMachine.provide({
      actions: {
        celebrate: (_, { achievement }) => {
          if (tonesEnabled()) playTone(achievement.celebration_level);
        },
      },
    }),
    { inspect: actorInspection },
  );
  const socket = SessionActor.useSelector((s) => s.children.socket);
  const userId = SessionActor.useSelector((s) => (s.matches('signedIn') ? (s.context.user?.wp_user_id ?? null) : null));

  useEffect(
    () =>
      attachRealtimeHost((message: IncomingMessage) => {
        const achievement = achievementFromMessage(message);
        if (achievement) {
          achievements.send({ type: 'achievement.received', achievement });
          void queryClient.invalidateQueries({ queryKey: ['get', '/api/achievements/me'] });
        }
        if (message.type === 'streak_updated' || message.type === 'milestone_reached') {
          void queryClient.invalidateQueries({ queryKey: ['get', '/api/achievements/streaks'] });
        }
        if (message.type === 'progress_update') {
          void queryClient.invalidateQueries({ queryKey: ['get', '/api/challenges/my-submissions'] });
        }
      }),
    [achievements, queryClient],
  );

  useEffect(
    () =>
      socket &&
      attachRealtimeTransport({
        join: (room) => socket.send({ type: 'socket.join', room }),
        leave: (room) => socket.send({ type: 'socket.leave', room }),
      }),
    [socket],
  );

  // Days and weeks of streaks are the athlete's own: until they save a profile (where they
  // choose their zone), count them in the zone this browser lives in.
  useEffect(() => {
    if (userId === null) return;
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return;
    void (async () => {
      const { data } = await secureApi.GET('/api/v1/athlete-profiles/me');
      if (data && !data.exists && data.time_zone !== zone)
        await secureApi.PUT('/api/achievements/time-zone', { body: { time_zone: zone } });
    })().catch(() => undefined);
  }, [userId]);

  const current = useSelector(achievements, (s) => s.context.current);
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <AchievementOverlay
        key={String(current.id)}
        achievement={current}
        onDismiss={() => achievements.send({ type: 'achievement.dismiss' })}
      />
    </Suspense>
  );
}
