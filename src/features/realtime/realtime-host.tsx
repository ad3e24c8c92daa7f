import { lazy, Suspense, useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import type { IncomingMessage } from '#machines/socket.ts';
import { achievementFromMessage, achievementsMachine } from '#machines/achievements.ts';
import { SessionActor } from '#src/lib/session/session-provider.tsx';
import { attachRealtimeHost, attachRealtimeTransport } from '#src/lib/realtime.ts';
import { secureApi } from '#src/api/client.ts';
import { mySettingsQuery } from '#src/lib/units.ts';
import { DEFAULT_IN_APP, popupKindOfAchievement } from '#domain/notifications.ts';
import { playTone, takeStoredTones } from './tones.ts';
import { takeAchievementPopups } from './api/achievements.ts';
import { popupCatchUp } from './popup-catch-up.ts';
import { Pending } from '#src/lib/settled.tsx';

// Motion and confetti load with the first popup, not with the app.
const AchievementOverlay = lazy(() => import('./achievement-overlay.tsx'));

/**
 * The celebration queue and what real-time messages refresh, while the app runs after a
 * sign-in. The socket itself is the session chart's child: sign-in connects it, a renewed
 * token re-authenticates it, another user or sign-out closes it (machines/session.ts).
 */
export default function RealtimeHost() {
  const queryClient = useQueryClient();
  const socket = SessionActor.useSelector((s) => s.children.socket);
  const userId = SessionActor.useSelector((s) => (s.matches('signedIn') ? (s.context.user?.wp_user_id ?? null) : null));
  // Which popups the athlete wants (their settings); messages wait in the buffer until these are known.
  const settings = useQuery({ ...mySettingsQuery(), enabled: userId !== null });
  const inApp = settings.data?.notifications.in_app;
  const wanted = useRef(DEFAULT_IN_APP);
  useEffect(() => {
    wanted.current = inApp ?? DEFAULT_IN_APP;
  }, [inApp]);
  const preferencesKnown = userId === null || settings.isSuccess || settings.isError;

  const achievements = useFlow(
    achievementsMachine.provide({
      actions: {
        celebrate: (_, { achievement }) => {
          if (wanted.current.popup_sound) playTone(achievement.celebration_level);
        },
      },
    }),
  );
  useEffect(() => {
    if (!preferencesKnown) return;
    // Every popup is taken from the server (POST /api/achievements/popups), which hands each achievement to one
    // tab once: when the socket (re)connects (what was unlocked before it was open), when a message says one was
    // unlocked, and when a hidden tab is looked at again. A hidden tab leaves live ones to the tab in view.
    const catchUp = popupCatchUp(takeAchievementPopups, (items) => {
      for (const achievement of items) {
        // A kind switched off is still unlocked and listed; only its popup (and tone) stays away.
        if (wanted.current[popupKindOfAchievement(achievement.type)]) achievements.send({ type: 'achievement.received', achievement });
      }
    });
    const onVisible = () => {
      if (document.visibilityState === 'visible') catchUp();
    };
    document.addEventListener('visibilitychange', onVisible);
    const detach = attachRealtimeHost((message: IncomingMessage) => {
      if (message.type === 'connected') catchUp();
      if (achievementFromMessage(message)) {
        if (document.visibilityState !== 'hidden') catchUp();
        void queryClient.invalidateQueries({ queryKey: ['get', '/api/achievements/me'] });
      }
      if (message.type === 'streak_updated' || message.type === 'milestone_reached') {
        void queryClient.invalidateQueries({ queryKey: ['get', '/api/achievements/streaks'] });
      }
      if (message.type === 'progress_update') {
        void queryClient.invalidateQueries({ queryKey: ['get', '/api/challenges/my-submissions'] });
      }
    });
    return () => {
      detach();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [achievements, queryClient, preferencesKnown]);

  // The tone was a switch of this browser before it was the athlete's: carry an "on" over once.
  const soundOn = inApp?.popup_sound;
  useEffect(() => {
    if (soundOn !== false || !takeStoredTones()) return;
    void (async () => {
      const { data } = await secureApi.PUT('/api/settings', { body: { notifications: { in_app: { popup_sound: true } } } });
      if (data) queryClient.setQueryData(mySettingsQuery().queryKey, data);
    })().catch(() => undefined);
  }, [soundOn, queryClient]);

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
    <Suspense fallback={<Pending />}>
      <AchievementOverlay
        key={String(current.id)}
        achievement={current}
        onDismiss={() => achievements.send({ type: 'achievement.dismiss' })}
      />
    </Suspense>
  );
}
