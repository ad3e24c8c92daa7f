import { allRowsValid, historicalImportMachine, type ImportOutcome, type PickedFile } from '#machines/historical-import.ts';
import { defineSamples } from '../samples.ts';

const csv = 'athlete,email,test,value,unit,date,source\nJordan Example,jordan@example.com,Back Squat,140,kg,2025-03-15,Spring Throwdown\n';
const file = (name: string, size: number): PickedFile => ({ name, size, text: async () => csv });

const report = (total_rows: number, valid_rows: number, imported = 0, linked = 0) => ({
  dry_run: imported === 0,
  total_rows,
  valid_rows,
  errors: [],
  preview: [],
  imported,
  linked,
  batch_id: imported ? 1 : null,
});

export const historicalImportSamples = defineSamples({
  machine: historicalImportMachine,
  events: {
    'import.choose': [
      { type: 'import.choose', file: file('results.csv', csv.length) },
      { type: 'import.choose', file: file('results.xlsx', 4_000) },
      { type: 'import.choose', file: file('huge.csv', 21 * 1024 * 1024) },
      { type: 'import.choose', file: file('empty.csv', 0) },
      { type: 'import.choose', file: null },
    ],
    'import.check': [{ type: 'import.check' }],
    'import.import': [{ type: 'import.import' }],
  },
  actors: {
    readFile: { output: csv, error: new DOMException('The file could not be read.', 'NotReadableError') },
    checkCsv: {
      // A clean check, and one that finds bad rows (so import stays closed).
      outputs: [
        { report: report(1, 1), refused: false },
        { report: report(3, 2), refused: false },
      ] satisfies ImportOutcome[],
      error: new Error('Could not check the file.'),
    },
    importCsv: {
      // An import that lands, one the server refuses for bad rows, and one refused with every row valid (tried again).
      outputs: [
        { report: report(1, 1, 1, 1), refused: false },
        { report: report(3, 2), refused: true },
        { report: report(1, 1), refused: true },
      ] satisfies ImportOutcome[],
      error: new Error('Network error. Please check your connection.'),
    },
  },
  // The file by name, its problem, whether its check found every row valid, and what came back make a state.
  stateContext: (c) => ({
    file: c.file?.name ?? null,
    fileProblem: c.fileProblem,
    check: c.check && allRowsValid(c.check),
    imported: c.imported !== null,
    error: c.error,
  }),
});

export default historicalImportSamples;
