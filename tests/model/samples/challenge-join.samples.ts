import { challengeJoinMachine, joinRequest, offersSaveSex } from '#machines/challenge-join.ts';
import { defineSamples } from '../samples.ts';

/** A team challenge with a waiver and women's and men's boards, not joined yet: every part of the form is in play. */
export const challengeJoinSamples = defineSamples({
  machine: challengeJoinMachine,
  input: {
    title: 'Spring Throwdown',
    isTeamChallenge: true,
    requiresWaiver: true,
    waiver: { version: 2, signed: false },
    entry: null,
    sexBoards: true,
    profileSex: 'male',
  },
  events: {
    'join.setDivision': [{ type: 'join.setDivision', division: 'scaled' }],
    'join.setSex': [
      { type: 'join.setSex', sex: 'female' },
      { type: 'join.setSex', sex: '' },
    ],
    'join.setSaveSex': [{ type: 'join.setSaveSex', save: true }],
    'join.setWaiver': [{ type: 'join.setWaiver', accepted: true }],
    'join.setWaiverName': [{ type: 'join.setWaiverName', name: ' Ana Silva ' }],
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
    signWaiver: {
      output: { version: 2, full_name: 'Ana Silva', signed_at: '2026-11-25T10:00:00.000Z' },
      error: new Error('The waiver changed: version 3 is the current one. Read it and sign that version.'),
    },
    joinChallenge: {
      output: { challenge_id: 3, division: 'scaled' },
      error: new Error('This team is full.'),
    },
  },
  // What would be sent (or what is missing) makes a state, not each keystroke.
  stateContext: (c) => ({
    ready: 'body' in joinRequest(c),
    choice: c.teamChoice,
    problem: c.problem,
    hasEntry: c.hasEntry,
    signed: c.waiverSigned,
    named: c.waiverName.trim() !== '',
    agreed: c.waiverAccepted,
    sexed: c.sex !== '',
    saved: c.saveSex && offersSaveSex(c),
  }),
});

export default challengeJoinSamples;
