import { lazy, Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { fromCallback } from 'xstate';
import { socketMachine, type ConnectionCommand, type IncomingMessage } from '../../../machines/socket.ts';
import { achievementFromMessage, achievementsMachine } from '../../../machines/achievements.ts';
import { SessionActor } from '../../lib/session/session-provider.tsx';
import { apiBaseUrl } from '../../lib/runtime-config.ts';
import { attachRealtimeTransport, emitRealtimeMessage } from '../../lib/realtime.ts';
import { secureApi } from '../../api/client.ts';
import { playTone, tonesEnabled } from './tones.ts';

// Motion and confetti load with the first popup, not with the app.
const AchievementOverlay = lazy(() => import('./achievement-overlay.tsx'));

/** The browser's WebSocket behind the socket machine's `connection` actor. */
const browserConnection = fromCallback<ConnectionCommand, { url: string }>(({ input, sendBack, receive }) => {
  const ws = new WebSocket(input.url);
  ws.onopen = () => sendBack({ type: 'socket.opened' });
  ws.onclose = (event) => sendBack({ type: 'socket.closed', code: event.code, reason: event.reason });
  ws.onmessage = (event) => {
    try {
      const message = JSON.parse(String(event.data)) as IncomingMessage;
      if (message && typeof message.type === 'string') sendBack({ type: 'socket.message', message });
    } catch {
      // Not ours: ignore.
    }
  };
  receive((command) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(command.message));
  });
  return () => {
    ws.onopen = ws.onclose = ws.onmessage = null;
    if (ws.readyState === WebSocket.CONNECTING || ws.readyState === WebSocket.OPEN) ws.close(1000);
  };
});

export function socketUrl(token: string, userId: number): string {
  const params = new URLSearchParams({ token, user_id: String(userId) });
  return `${apiBaseUrl().replace(/^http/, 'ws')}/api/ws?${params}`;
}

/**
 * Owns the real-time connection and the celebration queue while the app runs after a
 * sign-in: connects on sign-in, sends a refreshed token, closes on sign-out.
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
  );
  const socket = useActorRef(
    socketMachine.provide({
      actors: { connection: browserConnection },
      actions: {
        deliverMessage: (_, { message }) => {
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
          emitRealtimeMessage(message);
        },
      },
    }),
  );
  const session = SessionActor.useSelector((s) =>
    s.matches('signedIn') && s.context.token && s.context.user ? { token: s.context.token.token, userId: s.context.user.wp_user_id } : null,
  );
  const token = session?.token ?? null;
  const userId = session?.userId ?? null;

  useEffect(
    () =>
      attachRealtimeTransport({
        join: (room) => socket.send({ type: 'socket.join', room }),
        leave: (room) => socket.send({ type: 'socket.leave', room }),
      }),
    [socket],
  );

  // Sign-in (or another user) connects afresh; a refreshed token re-authenticates the open
  // socket instead of reconnecting; sign-out closes.
  useEffect(() => {
    if (userId === null || token === null) {
      socket.send({ type: 'socket.disconnect' });
      return;
    }
    const url = socketUrl(token, userId);
    const snap = socket.getSnapshot();
    const connectedAs = snap.context.url ? new URL(snap.context.url).searchParams.get('user_id') : null;
    if (snap.matches('disconnected') || snap.matches('failed') || connectedAs !== String(userId)) socket.send({ type: 'socket.connect', url, token });
    else socket.send({ type: 'socket.token', url, token });
  }, [token, userId, socket]);

  // Days and weeks of streaks are the athlete's own: until they save a profile (where they
  // choose their zone), count them in the zone this browser lives in.
  useEffect(() => {
    if (userId === null) return;
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return;
    void (async () => {
      const { data } = await secureApi.GET('/api/v1/athlete-profiles/me');
      if (data && !data.exists && data.time_zone !== zone) await secureApi.PUT('/api/achievements/time-zone', { body: { time_zone: zone } });
    })().catch(() => undefined);
  }, [userId]);

  const current = useSelector(achievements, (s) => s.context.current);
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <AchievementOverlay key={String(current.id)} achievement={current} onDismiss={() => achievements.send({ type: 'achievement.dismiss' })} />
    </Suspense>
  );
}
