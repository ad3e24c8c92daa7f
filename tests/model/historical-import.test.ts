import { describe, expect, it } from 'vitest';
import { allRowsValid, fileProblemOf, type PickedFile, type UploadRequest } from '#machines/historical-import.ts';
import samples from './samples/historical-import.samples.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';
import { flush, startReplay } from './replay.ts';

const graph = graphOf({ name: 'historical-import', samples: samples as never });
const REFUSED_TEXT = 'Nothing was imported: some rows have problems.';

/** The page's toasts, heard. */
function toastRecorder() {
  const toasts: string[] = [];
  return {
    toasts,
    actions: {
      notifyImported: (_: unknown, { imported }: { imported: number }) => void toasts.push(`Imported ${imported} results.`),
      notifyRefused: () => void toasts.push(REFUSED_TEXT),
    },
  };
}

describe('historical import chart: generated paths', () => {
  it('reaches every step of the flow, refused included', () => {
    const steps = graph.paths.flatMap((p) => p.steps);
    expect([...new Set(steps.map((s) => s.value as string))].sort()).toEqual([
      'checked',
      'checking',
      'chosen',
      'empty',
      'imported',
      'importing',
      'reading',
      'refused',
    ]);
    // A file that cannot be checked is named with its problem.
    expect(
      steps.some(
        (s) => s.event.type === 'import.choose' && (s.context as { fileProblem: string | null }).fileProblem?.includes('not a .csv file'),
      ),
    ).toBe(true);
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      const { toasts, actions } = toastRecorder();
      await drivePath(samples, path, {
        overrides: { actions },
        onStep: ({ type, event, before, snap, calls }) => {
          const uploads = calls.filter((c) => c.id !== 'readFile').map((c) => c.input);
          if (type === 'import.choose') {
            const picked = (event as unknown as { file: PickedFile | null }).file;
            // A new choice forgets the last file, its check and any import.
            expect(snap.context.check).toBeNull();
            expect(snap.context.imported).toBeNull();
            expect(snap.context.fileProblem).toBe(picked ? fileProblemOf(picked) : null);
            expect(snap.matches('reading')).toBe(!!picked && !fileProblemOf(picked));
          }
          if (type === 'import.check' || type === 'import.import') {
            const dryRun = type === 'import.check';
            if (snap.hasTag('busy')) {
              expect(uploads).toEqual([
                { csv: before.context.file!.text, filename: before.context.file!.name, dry_run: dryRun } satisfies UploadRequest,
              ]);
            } else {
              expect(uploads).toEqual([]);
            }
            // Import is only ever sent after a check found every row valid.
            if (!dryRun && snap.hasTag('busy')) expect(allRowsValid(before.context.check)).toBe(true);
          }
          if (type === 'xstate.done.actor.importCsv') {
            const outcome = (event as unknown as { output: { refused: boolean } }).output;
            expect(toasts.at(-1)).toBe(outcome.refused ? REFUSED_TEXT : 'Imported 1 results.');
            expect(snap.matches(outcome.refused ? 'refused' : 'imported')).toBe(true);
          }
          if (type === 'xstate.error.actor.readFile')
            expect(snap.context.fileProblem).toBe('“results.csv” could not be read. Choose it again.');
        },
      });
    });
  });
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
    const { actor, promises, calls } = startReplay(samples, { input: undefined });
    const uploads = () => calls.filter((c) => c.id !== 'readFile');
    const file = { name: 'a.csv', size: 3, text: async () => 'a,b' };
    actor.send({ type: 'import.choose', file });
    promises.settle('readFile', { output: 'a,b' });
    await flush();
    actor.send({ type: 'import.check' });
    expect(uploads()).toHaveLength(1);
    actor.send({ type: 'import.choose', file: { ...file, name: 'b.csv' } });
    expect(actor.getSnapshot().value).toBe('reading');
    expect(() => promises.settle('checkCsv', { output: { report: {}, refused: false } })).not.toThrow();
    await flush();
    expect(actor.getSnapshot().value).toBe('reading');
    expect(actor.getSnapshot().context.check).toBeNull();
  });
});
