import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { allRowsValid, fileProblemOf, historicalImportMachine, type UploadRequest } from '../../machines/historical-import.ts';
import { historicalImportSamples as samples } from '../../machines/historical-import.samples.ts';
import { ControlledPromises, replayEvent, transitionPaths } from './flow-replay.ts';
import { sampleEvents } from './sample-events.ts';

function drive() {
  const clock = new SimulatedClock();
  const promises = new ControlledPromises();
  const sent: UploadRequest[] = [];
  const toasts: string[] = [];
  const call = fromPromise(({ input, self }: { input: UploadRequest; self: { id: string } }) => {
    sent.push(input);
    return promises.wait(self.id);
  });
  const actor = createActor(
    historicalImportMachine.provide({
      actors: {
        readFile: fromPromise(({ self }) => promises.wait(self.id)),
        checkCsv: call as never,
        importCsv: call as never,
      },
      actions: {
        notifyImported: (_, { imported }) => void toasts.push(`Imported ${imported} results.`),
        notifyRefused: () => void toasts.push('Nothing was imported: some rows have problems.'),
      },
    }),
    { clock },
  ).start();
  return { clock, promises, sent, toasts, actor };
}

describe('historical import machine paths', () => {
  const paths = transitionPaths(historicalImportMachine, {
    events: sampleEvents(samples),
    stateContext: (c) => ({
      file: c.file?.name ?? null,
      fileProblem: c.fileProblem,
      check: c.check && allRowsValid(c.check),
      imported: c.imported !== null,
      error: c.error,
    }),
  });

  it('reaches every step of the flow, refused included', () => {
    const reached = new Set(paths.map((p) => p.state.value));
    expect([...reached].sort()).toEqual(['checked', 'checking', 'chosen', 'empty', 'imported', 'importing', 'reading', 'refused']);
    // A file that cannot be checked is named with its problem.
    expect(
      paths.some((p) => p.steps.at(-1)!.event.type === 'import.choose' && p.state.context.fileProblem?.includes('not a .csv file')),
    ).toBe(true);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { clock, promises, sent, toasts, actor } = drive();
      for (const step of path.steps) {
        const type = step.event.type as string;
        const before = actor.getSnapshot();
        const sentBefore = sent.length;
        await replayEvent(step.event, { actor, clock, promises, delayMs: () => 0 });
        const snap = actor.getSnapshot();
        expect(snap.value, type).toEqual(step.state.value);
        expect(snap.context.fileProblem).toBe(step.state.context.fileProblem);
        expect(snap.context.error).toBe(step.state.context.error);
        if (type === 'import.choose') {
          const picked = (step.event as unknown as { file: { name: string; size: number } | null }).file;
          // A new choice forgets the last file, its check and any import.
          expect(snap.context.check).toBeNull();
          expect(snap.context.imported).toBeNull();
          expect(snap.context.fileProblem).toBe(picked ? fileProblemOf(picked) : null);
          expect(snap.matches('reading')).toBe(!!picked && !fileProblemOf(picked));
        }
        if (type === 'import.check' || type === 'import.import') {
          const dryRun = type === 'import.check';
          if (snap.hasTag('busy')) {
            expect(sent.slice(sentBefore)).toEqual([
              { csv: before.context.file!.text, filename: before.context.file!.name, dry_run: dryRun },
            ]);
          } else {
            expect(sent).toHaveLength(sentBefore);
          }
          // Import is only ever sent after a check found every row valid.
          if (!dryRun && snap.hasTag('busy')) expect(allRowsValid(before.context.check)).toBe(true);
        }
        if (type === 'xstate.done.actor.importCsv') {
          const outcome = (step.event as unknown as { output: { refused: boolean } }).output;
          expect(toasts.at(-1)).toBe(outcome.refused ? 'Nothing was imported: some rows have problems.' : 'Imported 1 results.');
          expect(snap.matches(outcome.refused ? 'refused' : 'imported')).toBe(true);
        }
        if (type === 'xstate.error.actor.readFile')
          expect(snap.context.fileProblem).toBe('“results.csv” could not be read. Choose it again.');
      }
      actor.stop();
    });
  }
});

describe('choosing a file', () => {
  it('names what is wrong with a file that cannot be checked', () => {
    expect(fileProblemOf({ name: 'sheet.xlsx', size: 10 })).toBe(
      '“sheet.xlsx” is not a .csv file. Save the sheet as CSV and choose it again.',
    );
    expect(fileProblemOf({ name: 'big.CSV', size: 21 * 1024 * 1024 })).toBe(
      '“big.CSV” is 21.0 MB; the limit is 20 MB. Split it into smaller files.',
    );
    expect(fileProblemOf({ name: 'a.csv', size: 0 })).toBe('“a.csv” is empty.');
    expect(fileProblemOf({ name: 'a.csv', size: 20 * 1024 * 1024 })).toBeNull();
  });

  it('drops a check under way when another file is chosen', async () => {
    const { actor, promises, sent } = drive();
    const file = { name: 'a.csv', size: 3, text: async () => 'a,b' };
    actor.send({ type: 'import.choose', file });
    promises.settle('readFile', { output: 'a,b' });
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'import.check' });
    expect(sent).toHaveLength(1);
    actor.send({ type: 'import.choose', file: { ...file, name: 'b.csv' } });
    expect(actor.getSnapshot().value).toBe('reading');
    expect(() => promises.settle('checkCsv', { output: { report: {}, refused: false } })).not.toThrow();
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('reading');
    expect(actor.getSnapshot().context.check).toBeNull();
  });
});
