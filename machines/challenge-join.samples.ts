import { challengeJoinMachine, joinRequest } from './challenge-join.ts';
import { defineSamples } from './samples.ts';

/** A team challenge with a waiver, not joined yet: every part of the form is in play. */
export const challengeJoinSamples = defineSamples({
  machine: challengeJoinMachine,
  input: { title: 'Spring Throwdown', isTeamChallenge: true, requiresWaiver: true, entry: null },
  events: {
    'join.setDivision': [{ type: 'join.setDivision', division: 'scaled' }],
    'join.setSex': [{ type: 'join.setSex', sex: 'female' }],
    'join.setWaiver': [{ type: 'join.setWaiver', accepted: true }],
    'join.setTeamChoice': [
      { type: 'join.setTeamChoice', choice: 'join' },
      { type: 'join.setTeamChoice', choice: 'create' },
    ],
    'join.setTeamName': [
      { type: 'join.setTeamName', name: ' Barbell Bandits ' },
      { type: 'join.setTeamName', name: 'B' },
    ],
    'join.setTeamId': [{ type: 'join.setTeamId', teamId: '7' }],
    'join.submit': [{ type: 'join.submit' }],
  },
  actors: {
    joinChallenge: {
      output: { challenge_id: 3, division: 'scaled' },
      error: new Error('This team is full.'),
    },
  },
  // What would be sent (or what is missing) makes a state, not each keystroke.
  stateContext: (c) => ({ ready: 'body' in joinRequest(c), choice: c.teamChoice, problem: c.problem, hasEntry: c.hasEntry }),
});

export default challengeJoinSamples;
