import { describe, expect, it } from 'vitest';
import { socketContract } from '#server/lib/realtime/socket-contract.ts';
import { socketMessageProblem } from './socket-contract.ts';

const contract = await socketContract();
const achievement = {
  id: 4,
  type: 'first_score',
  title: 'On the board',
  description: 'Your first score is in: Fran.',
  icon: '🎯',
  rarity: 'common',
  points: 100,
  unlocked_at: '2026-11-20T10:00:00.000Z',
  progress: 100,
  streak_data: null,
  celebration_level: 'subtle',
  share_worthy: false,
  full_screen: false,
};

describe('the socket contract (openapi/realtime.yaml)', () => {
  it('has a schema for every message type the server sends and every command it takes', () => {
    expect([...contract.serverMessages.keys()].sort()).toEqual(
      [
        'PERSONAL_RECORD_ACHIEVED',
        'achievement_unlocked',
        'admin_test_probe',
        'authenticated',
        'battle_attempt_scored',
        'battle_attempt_judged',
        'battle_round_closed',
        'battle_round_opened',
        'broadcast_changed',
        'broadcast_started',
        'broadcast_stopped',
        'commentary_published',
        'connected',
        'error',
        'joined',
        'leaderboard_updated',
        'left',
        'live_count',
        'live_ended',
        'live_reaction',
        'live_segment',
        'live_spectators',
        'milestone_reached',
        'notification_received',
        'progress_update',
        'squad_round_closed',
        'pact_proposed',
        'pact_accepted',
        'pact_declined',
        'pact_withdrawn',
        'immunity_used',
        'streak_updated',
        'theater_changed',
        'theater_votes',
      ].sort(),
    );
    expect([...contract.commands.keys()].sort()).toEqual(
      ['authenticate', 'join_challenge', 'join_live_attempt', 'join_room', 'leave_challenge', 'leave_live_attempt', 'leave_room'].sort(),
    );
  });

  it('accepts the messages the server sends', () => {
    for (const message of [
      { type: 'connected', user_id: 7, expires_at: '2026-11-20T10:15:00.000Z' },
      { type: 'error', detail: 'Messages must be JSON objects with a type.' },
      { type: 'error', for: 'join_room', detail: 'join_room: room_id must match pattern.' },
      { type: 'achievement_unlocked', achievement },
      { type: 'progress_update', challenge_id: 5, challenge_title: 'Fran', place: null, is_best: true },
      {
        type: 'progress_update',
        challenge_id: 5,
        challenge_title: 'Fran',
        place: { rank: 3, of: 12, board: 'Women Rx', category: 'female', division: 'rx' },
        is_best: true,
      },
      { type: 'leaderboard_updated', challenge_id: 5, division: 'rx', user_id: 7, display_name: 'Ana', rank: 1 },
      { type: 'theater_votes', challenge_id: 5, score_id: 9, up: 2, down: 1, total: 1 },
      { type: 'battle_round_closed', battle_id: 3, round_no: 1, field_size: 4, eliminated_count: 2, eliminated: [7, 9], finished: false },
      { type: 'live_count', attempt_id: 4, seq: 12, count: 30, elapsed_ms: 61_000, projected_place: 2 },
      { type: 'live_ended', attempt_id: 4, status: 'ended', end_reason: 'capped', count: 30, elapsed_ms: 600_000, score_text: '30 reps' },
      { type: 'live_spectators', attempt_id: 4, spectators: 3 },
    ])
      expect(socketMessageProblem(message), JSON.stringify(message)).toBeNull();
  });

  it('refuses a message that breaks it, naming what is wrong', () => {
    const board = { type: 'leaderboard_updated', challenge_id: 5, division: 'rx', user_id: 7, display_name: 'Ana', rank: 1 };
    expect(contract.serverMessage(board)).toBe(true);
    expect(socketMessageProblem({ ...board, rank: '1' })).toMatch(/\/rank must be integer/);
    expect(socketMessageProblem({ ...board, division: 'open' })).toMatch(/\/division must be equal to one of the allowed values/);
    expect(socketMessageProblem({ ...board, sent_at: 12 })).toMatch(/must NOT have additional properties \(sent_at\)/);
    const { display_name: _, ...nameless } = board;
    expect(socketMessageProblem(nameless)).toMatch(/must have required property 'display_name'/);
    expect(socketMessageProblem({ type: 'achievement_unlocked', achievement: { ...achievement, rarity: 'mythic' } })).toMatch(
      /\/achievement\/rarity/,
    );
    expect(socketMessageProblem({ type: 'connected', user_id: 7, expires_at: 'soon' })).toMatch(/expires_at must match format "date-time"/);
    expect(socketMessageProblem({ type: 'streak_milestone', count: 3 })).toMatch(/not a message type/);
    expect(socketMessageProblem('connected')).toMatch(/not a message type/);
  });

  it('takes the commands clients send, and refuses malformed ones', () => {
    for (const command of [
      { type: 'join_challenge', challenge_id: 5 },
      { type: 'leave_room', room_id: 'challenge:5' },
      { type: 'join_live_attempt', session_id: 'abc' },
      { type: 'leave_live_attempt', session_id: 'abc' },
      { type: 'authenticate', token: 't' },
    ])
      expect(contract.command(command), JSON.stringify(command)).toBe(true);
    for (const command of [
      { type: 'join_challenge', challenge_id: 'twelve' },
      { type: 'join_room', room_id: 'a b c' },
      { type: 'join_room', room_id: 'gym:1', extra: 1 },
      { type: 'authenticate', token: '' },
      { type: 'dance' },
    ])
      expect(contract.command(command), JSON.stringify(command)).toBe(false);
  });
});
