import { teamEntryMachine, type EntryChallenge } from '#machines/team-entry.ts';
import { defineSamples } from '../samples.ts';

/** Teams of at most two; member 3 is in it with another team already. */
export const teamFran: EntryChallenge = { id: 4, title: 'Team Fran', team_size_max: 2, members_in_it: [{ user_id: 3 }] };

/** A team of three: every check of the form (no challenge, nobody, too many) can fail. */
export default defineSamples({
  machine: teamEntryMachine,
  events: {
    'entry.pick': [{ type: 'entry.pick', challenge: teamFran, memberIds: [1, 2, 3] }],
    'entry.toggle': [
      { type: 'entry.toggle', userId: 3, on: true },
      { type: 'entry.toggle', userId: 1, on: false },
      { type: 'entry.toggle', userId: 2, on: false },
    ],
    'entry.setDivision': [{ type: 'entry.setDivision', division: 'scaled' }],
    'entry.submit': [{ type: 'entry.submit', teamName: 'Barbell Bandits' }],
  },
  actors: {
    enterChallenge: { output: { title: 'Team Fran' }, error: new Error('Member 3 is already in Team Fran with another team.') },
  },
  stateContext: (c) => ({
    picked: c.challenge?.id ?? null,
    chosen: [...c.chosen].sort(),
    division: c.division,
    problem: c.problem,
    entered: c.entered !== null,
  }),
});
