import { describe, expect, it } from 'vitest';
import { describeNetworkChange, type NetworkChange } from '#src/features/gyms/components/network-change-text.ts';

const change = (c: Partial<NetworkChange>): NetworkChange => ({
  id: 1,
  subject: 'league',
  subject_id: 7,
  subject_name: 'Coastal League',
  action: 'create',
  actor_id: 1,
  actor_name: 'Coach Admin',
  detail: {},
  gym_name: null,
  event_name: null,
  created_at: '2026-11-27T10:00:00.000Z',
  ...c,
});

describe('the sports network history in words', () => {
  it('says what each kind of change did', () => {
    expect(describeNetworkChange(change({}))).toBe('League “Coastal League” created');
    expect(describeNetworkChange(change({ subject: 'federation', subject_name: 'Atlantic Federation' }))).toBe(
      'Federation “Atlantic Federation” created',
    );
    expect(describeNetworkChange(change({ action: 'add_gym', gym_name: 'Harbour Barbell' }))).toBe(
      'Gym “Harbour Barbell” added to league “Coastal League”',
    );
    expect(describeNetworkChange(change({ action: 'remove_gym', gym_name: null }))).toBe(
      'A gym no longer listed removed from league “Coastal League”',
    );
    expect(describeNetworkChange(change({ action: 'add_event', event_name: 'Coastal Throwdown' }))).toBe(
      'Event “Coastal Throwdown” added to league “Coastal League”',
    );
    expect(describeNetworkChange(change({ action: 'remove_event', event_name: 'Coastal Throwdown' }))).toBe(
      'Event “Coastal Throwdown” removed from league “Coastal League”',
    );
    expect(describeNetworkChange(change({ action: 'delete' }))).toBe('League “Coastal League” deleted');
    expect(
      describeNetworkChange(change({ subject: 'federation', subject_name: 'Atlantic', action: 'delete', detail: { leagues_left: 2 } })),
    ).toBe('Federation “Atlantic” deleted (its 2 leagues are left without a federation)');
  });

  it('names a rename and the other fields an edit changed', () => {
    expect(
      describeNetworkChange(
        change({ subject: 'federation', subject_name: 'Celtic', action: 'update', detail: { name: 'Atlantic → Celtic' } }),
      ),
    ).toBe('Federation “Atlantic” renamed “Celtic”');
    expect(
      describeNetworkChange(
        change({
          action: 'update',
          detail: { name: 'Coast → Coastal League', seasonStartsOn: '2026-01-01 → 2026-02-01', federationId: '3 → ' },
        }),
      ),
    ).toBe('League “Coast” renamed “Coastal League”; season start and federation changed');
    expect(describeNetworkChange(change({ action: 'update', detail: { description: ' → New' } }))).toBe(
      'League “Coastal League”: description changed',
    );
    expect(describeNetworkChange(change({ action: 'update', detail: {} }))).toBe('League “Coastal League” saved with no change');
  });
});
