import { describe, expect, it } from 'vitest';
import { detailsProblem, stagesProblem } from '#machines/tournament-create.ts';
import samples, { draft } from './samples/tournament-create.samples.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';

const graph = graphOf({ name: 'tournament-create', samples: samples as never });

describe('tournament-create chart: generated paths', () => {
  it('walks both steps, creates, and comes back to the stages from a refusal', () => {
    const steps = graph.paths.flatMap((p) => p.steps);
    expect([...new Set(steps.map((s) => s.value as string))].sort()).toEqual(['created', 'creating', 'details', 'stages']);
    expect(steps.some((s) => s.event.type === 'tournament.back' && s.value === 'details')).toBe(true);
    expect(steps.some((s) => s.event.type === 'xstate.error.actor.createTournament' && s.value === 'stages')).toBe(true);
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      await drivePath(samples, path, {
        onStep: ({ type, event, before, snap, calls }) => {
          if (type === 'tournament.next') {
            // Step 1 goes on only with a name; otherwise it says why and stays.
            const problem = detailsProblem(before.context.draft);
            expect(snap.context.problem).toBe(problem);
            expect(snap.value).toBe(problem ? 'details' : 'stages');
          }
          if (type === 'tournament.submit') {
            const problem = stagesProblem(before.context.draft, (event as unknown as { now: number }).now);
            if (problem) {
              expect(snap.context.problem).toBe(problem);
              expect(calls).toEqual([]);
            } else expect(calls.map((c) => c.input)).toEqual([before.context.draft]);
          }
          if (type === 'xstate.error.actor.createTournament') expect(snap.context.problem).toMatch(/Stage 1/);
          if (type === 'xstate.done.actor.createTournament') expect(snap.context.createdId).toBe(5);
        },
      });
    });
  });
});

describe('the create steps', () => {
  it('refuses a final that opens before the qualifier ends, naming the rule', () => {
    const early = { ...draft, stages: [draft.stages[0]!, { ...draft.stages[1]!, startsAt: '2026-12-02T12:00:00.000Z' }] };
    expect(stagesProblem(early, Date.parse('2026-12-01T10:00:00Z'))).toMatch(/date order/);
    expect(stagesProblem(draft, Date.parse('2026-12-05T10:00:00Z'))).toMatch(/future/);
    expect(detailsProblem({ ...draft, name: 'ab' })).toMatch(/at least 3/);
  });

  it('takes a keep-the-best stage like the engine does, and holds the field it keeps against what advances', () => {
    const now = Date.parse('2026-12-01T10:00:00Z');
    const keepFinal = (keep: number) => ({
      ...draft,
      stages: [draft.stages[0]!, { ...draft.stages[1]!, cuts: [{ kind: 'keep_top' as const, keep }] }],
    });
    const advance = draft.stages[0]!.advance!;
    expect(stagesProblem(keepFinal(advance), now)).toBeNull();
    expect(stagesProblem(keepFinal(advance + 1), now)).toMatch(new RegExp(`advance at least ${advance + 1} athletes`));
    expect(stagesProblem(keepFinal(0), now)).toMatch(/Keep between 1 and/);
  });

  it('takes a bracket as a later stage (no cut rules: its rounds follow from the seeds advancing into it), never as stage 1', () => {
    const now = Date.parse('2026-12-01T10:00:00Z');
    const bracketFinal = { ...draft, stages: [draft.stages[0]!, { ...draft.stages[1]!, format: 'bracket' as const, cuts: [] }] };
    expect(stagesProblem(bracketFinal, now)).toBeNull();
    const bracketFirst = { ...draft, stages: [{ ...draft.stages[0]!, format: 'bracket' as const, cuts: [] }, draft.stages[1]!] };
    expect(stagesProblem(bracketFirst, now)).toMatch(/stage 1 is a battle royale/);
  });
});
