import type { components } from '../openapi/schema.d.ts';

/**
 * The real-time socket's contract (openapi/realtime.yaml, generated into openapi/schema.d.ts):
 * every message the server writes to a socket and every command a client sends, each a union
 * told apart by `type`. The server sends and publishes only SocketServerMessage and validates
 * what arrives against SocketClientCommand; the client narrows by `type`.
 */
export type SocketServerMessage = components['schemas']['SocketServerMessage'];
export type SocketClientCommand = components['schemas']['SocketClientCommand'];

export type SocketServerMessageType = SocketServerMessage['type'];
export type SocketClientCommandType = SocketClientCommand['type'];

/** One message of the union by its type, e.g. `SocketServerMessageOf<'theater_votes'>`. */
export type SocketServerMessageOf<T extends SocketServerMessageType> = Extract<SocketServerMessage, { type: T }>;

/** Every server message type, once each (a missing or unknown one does not compile). */
const SERVER_MESSAGE_TYPES: Record<SocketServerMessageType, true> = {
  connected: true,
  authenticated: true,
  error: true,
  joined: true,
  left: true,
  streak_updated: true,
  milestone_reached: true,
  achievement_unlocked: true,
  PERSONAL_RECORD_ACHIEVED: true,
  progress_update: true,
  leaderboard_updated: true,
  theater_changed: true,
  theater_votes: true,
  notification_received: true,
  admin_test_probe: true,
  battle_attempt_scored: true,
  battle_attempt_judged: true,
  battle_round_closed: true,
  battle_round_opened: true,
  squad_round_closed: true,
  pact_proposed: true,
  pact_accepted: true,
  pact_declined: true,
  pact_withdrawn: true,
  immunity_used: true,
  commentary_published: true,
  live_count: true,
  live_ended: true,
  live_spectators: true,
  live_reaction: true,
  broadcast_started: true,
  broadcast_changed: true,
  broadcast_stopped: true,
  live_segment: true,
};

/**
 * Whether a parsed frame is one of the server's messages by its `type` (the fields are the
 * contract's, checked against the schema by the server's tests); anything else is dropped.
 */
export function isSocketServerMessage(value: unknown): value is SocketServerMessage {
  if (!value || typeof value !== 'object' || Array.isArray(value) || !('type' in value)) return false;
  const { type } = value;
  return typeof type === 'string' && Object.hasOwn(SERVER_MESSAGE_TYPES, type);
}
