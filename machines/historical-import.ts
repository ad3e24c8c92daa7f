import { assertEvent, assign, fromPromise, setup, type DoneActorEvent } from 'xstate';
import { HISTORICAL_UPLOAD_FILENAME_MAX_LENGTH, HISTORICAL_UPLOAD_MAX_BYTES } from '../domain/constants.ts';

/** A file the admin picked or dropped (a browser File is one). */
export interface PickedFile {
  name: string;
  size: number;
  text(): Promise<string>;
}

export interface LoadedFile {
  name: string;
  size: number;
  text: string;
}

/** The server's report of a check or an import (the contract's HistoricalUploadReport, as far as the flow reads it). */
export interface ImportReport {
  total_rows: number;
  valid_rows: number;
  imported: number;
  linked: number;
}

/** An import either went in or was refused (422: rows are invalid, nothing imported) with the report of why. */
export interface ImportOutcome<R extends ImportReport = ImportReport> {
  report: R;
  refused: boolean;
}

/** The body of POST /api/v1/athlete-profiles/admin/historical-upload. */
export interface UploadRequest {
  csv: string;
  filename: string;
  dry_run: boolean;
}

export interface HistoricalImportContext {
  /** The file being read. */
  pending: { name: string; size: number } | null;
  file: LoadedFile | null;
  fileProblem: string | null;
  /** The latest check of the file (or the report of why an import was refused). */
  check: ImportReport | null;
  imported: ImportReport | null;
  error: string | null;
}

export type HistoricalImportEvent =
  { type: 'import.choose'; file: PickedFile | null } | { type: 'import.check' } | { type: 'import.import' };

const MEGABYTE = 1024 * 1024;

/** Why a picked file cannot be checked, in words; null when it can. */
export function fileProblemOf(file: Pick<PickedFile, 'name' | 'size'>): string | null {
  if (!/\.csv$/i.test(file.name)) return `“${file.name}” is not a .csv file. Save the sheet as CSV and choose it again.`;
  if (file.size > HISTORICAL_UPLOAD_MAX_BYTES)
    return `“${file.name}” is ${(file.size / MEGABYTE).toFixed(1)} MB; the limit is ${HISTORICAL_UPLOAD_MAX_BYTES / MEGABYTE} MB. Split it into smaller files.`;
  if (file.size === 0) return `“${file.name}” is empty.`;
  return null;
}

/** Import is offered once a check found rows and every one of them valid. */
export const allRowsValid = (check: ImportReport | null) => !!check && check.total_rows > 0 && check.valid_rows === check.total_rows;

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

const requestFor = (file: LoadedFile | null, dryRun: boolean): UploadRequest => ({
  csv: file?.text ?? '',
  filename: (file?.name ?? '').slice(0, HISTORICAL_UPLOAD_FILENAME_MAX_LENGTH),
  dry_run: dryRun,
});

/** The CSV historical import: choose → read → check (dry run) → import → imported or refused. */
export const historicalImportMachine = setup({
  types: {
    context: {} as HistoricalImportContext,
    events: {} as HistoricalImportEvent,
  },
  actors: {
    readFile: fromPromise<string, PickedFile>(({ input }) => input.text()),
    checkCsv: fromPromise<ImportOutcome, UploadRequest>(async () => {
      throw new Error('checkCsv not provided');
    }),
    importCsv: fromPromise<ImportOutcome, UploadRequest>(async () => {
      throw new Error('importCsv not provided');
    }),
  },
  actions: {
    // A new choice starts over: nothing of the last file is kept.
    startOver: assign({ pending: null, file: null, fileProblem: null, check: null, imported: null, error: null }),
    flagFile: assign(({ event }) => {
      assertEvent(event, 'import.choose');
      return { fileProblem: event.file ? fileProblemOf(event.file) : null };
    }),
    holdPicked: assign(({ event }) => {
      assertEvent(event, 'import.choose');
      return { pending: event.file && { name: event.file.name, size: event.file.size } };
    }),
    clearError: assign({ error: null }),
    /** Provided by the app (toasts). */
    notifyImported: (_: unknown, _params: { imported: number }) => {},
    notifyRefused: () => {},
  },
  guards: {
    nothingPicked: ({ event }) => {
      assertEvent(event, 'import.choose');
      return event.file === null;
    },
    fileUnfit: ({ event }) => {
      assertEvent(event, 'import.choose');
      return event.file !== null && fileProblemOf(event.file) !== null;
    },
    allRowsValid: ({ context }) => allRowsValid(context.check),
    importRefused: ({ event }) => (event as unknown as DoneActorEvent<ImportOutcome>).output.refused,
  },
}).createMachine({
  id: 'historicalImport',
  context: { pending: null, file: null, fileProblem: null, check: null, imported: null, error: null },
  initial: 'empty',
  // A file may be chosen at any time; a check or import under way is dropped with the old file.
  on: {
    'import.choose': [
      { guard: 'nothingPicked', target: '.empty', actions: 'startOver' },
      { guard: 'fileUnfit', target: '.empty', actions: ['startOver', 'flagFile'] },
      { target: '.reading', actions: ['startOver', 'holdPicked'] },
    ],
  },
  states: {
    empty: {},
    reading: {
      invoke: {
        id: 'readFile',
        src: 'readFile',
        input: ({ event }) => {
          assertEvent(event, 'import.choose');
          return event.file!;
        },
        onDone: {
          target: 'chosen',
          actions: assign(({ event, context }) => ({
            file: { name: context.pending!.name, size: context.pending!.size, text: event.output },
            pending: null,
          })),
        },
        onError: {
          target: 'empty',
          actions: assign(({ context }) => ({
            fileProblem: `“${context.pending?.name ?? ''}” could not be read. Choose it again.`,
            pending: null,
          })),
        },
      },
    },
    chosen: {
      on: { 'import.check': 'checking' },
    },
    checking: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'checkCsv',
        src: 'checkCsv',
        input: ({ context }) => requestFor(context.file, true),
        onDone: { target: 'checked', actions: assign(({ event }) => ({ check: event.output.report })) },
        onError: {
          target: 'chosen',
          actions: assign(({ event }) => ({ error: messageOf(event.error, 'Could not check the file.') })),
        },
      },
    },
    checked: {
      on: {
        'import.check': 'checking',
        'import.import': { guard: 'allRowsValid', target: 'importing' },
      },
    },
    importing: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'importCsv',
        src: 'importCsv',
        input: ({ context }) => requestFor(context.file, false),
        onDone: [
          {
            guard: 'importRefused',
            target: 'refused',
            actions: [assign(({ event }) => ({ check: event.output.report })), 'notifyRefused'],
          },
          {
            target: 'imported',
            actions: [
              assign(({ event }) => ({ imported: event.output.report })),
              { type: 'notifyImported', params: ({ event }) => ({ imported: event.output.report.imported }) },
            ],
          },
        ],
        onError: {
          target: 'checked',
          actions: assign(({ event }) => ({ error: messageOf(event.error, 'Could not import the file.') })),
        },
      },
    },
    refused: {
      on: {
        'import.check': 'checking',
        'import.import': { guard: 'allRowsValid', target: 'importing' },
      },
    },
    // Done with this file: another file is chosen to import more.
    imported: {},
  },
});
