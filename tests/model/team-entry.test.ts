import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { entryProblem, entryRequest, freeMembers, teamEntryMachine } from '#machines/team-entry.ts';
import samples, { teamFran } from './samples/team-entry.samples.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';

const graph = graphOf({ name: 'team-entry', samples: samples as never });

describe('team-entry chart: generated paths', () => {
  it('enters, refuses each kind of incomplete entry, and comes back from a failure', () => {
    const steps = graph.paths.flatMap((p) => p.steps);
    expect([...new Set(steps.map((s) => s.value as string))].sort()).toEqual(['editing', 'entering']);
    const problems = new Set(steps.map((s) => (s.context as { problem: string | null }).problem));
    expect(problems).toEqual(
      new Set([
        null,
        'Choose a challenge to enter.',
        'Choose at least one member to compete.',
        'Team Fran takes teams of at most 2 members: choose fewer.',
        'Member 3 is already in Team Fran with another team.',
      ]),
    );
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      await drivePath(samples, path, {
        onStep: ({ type, before, snap, calls }) => {
          if (type === 'entry.submit') {
            const problem = entryProblem(before.context);
            if (problem) {
              expect(calls).toEqual([]);
              expect(snap.context.problem).toBe(problem);
            } else expect(calls.map((c) => c.input)).toEqual([entryRequest(before.context)]);
          }
          if (type === 'entry.pick') {
            // The free members come chosen, and what the last entry said goes.
            expect(snap.context.chosen).toEqual(freeMembers(teamFran, [1, 2, 3]));
            expect(snap.context).toMatchObject({ problem: null, entered: null });
          }
          if (type === 'xstate.done.actor.enterChallenge') {
            expect(snap.context).toMatchObject({
              entered: 'Barbell Bandits entered Team Fran. Every competitor was told.',
              challenge: null,
              chosen: [],
              division: before.context.division,
            });
          }
          if (type === 'xstate.error.actor.enterChallenge') {
            expect(snap.context.problem).toBe('Member 3 is already in Team Fran with another team.');
            expect(snap.context.chosen).toEqual(before.context.chosen);
          }
        },
      });
    });
  });
});

describe('entering a team', () => {
  it('sends the challenge, who competes and the division', () => {
    const actor = createActor(teamEntryMachine).start();
    actor.send({ type: 'entry.pick', challenge: { ...teamFran, team_size_max: 3, members_in_it: [] }, memberIds: [5, 6, 7, 8] });
    actor.send({ type: 'entry.setDivision', division: 'scaled' });
    expect(entryRequest(actor.getSnapshot().context)).toEqual({ challengeId: 4, member_ids: [5, 6, 7], division: 'scaled' });
  });
});
