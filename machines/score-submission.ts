import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { SCORE_NOTE_MAX_LENGTH } from '../domain/constants.ts';
import { parseDecimal, parseTime, parseWhole } from '../domain/scoring/parse.ts';
import type { ScoreType } from '../domain/scoring/types.ts';
import { distanceUnitOf, loadUnitOf, type UnitPreference } from '../domain/unit-preference.ts';
import { checkExternalVideoUrl } from '../domain/judging.ts';

export type LoadUnit = 'kg' | 'lb';
export type DistanceUnit = 'm' | 'km' | 'mi';

/** What of the challenge decides which fields a score has. */
export interface ScoreRules {
  score_type: ScoreType;
  time_cap_seconds: number | null;
  has_tiebreak: boolean;
}

/** The body of POST /api/challenges/{id}/submit-score (the contract's ScoreSubmission). */
export interface ScoreBody {
  time_ms?: number;
  capped?: boolean;
  reps?: number;
  rounds?: number;
  load_value?: number;
  load_unit?: LoadUnit;
  distance_value?: number;
  distance_unit?: DistanceUnit;
  calories?: number;
  points?: number;
  tiebreak_ms?: number;
  note?: string;
  /** The score's video for the judges: one of the athlete's uploads (ready, or still processing), or a YouTube/Vimeo link. */
  video_id?: string;
  video_url?: string;
}

/** What the server answers, as far as the confirmation shows it. */
export interface ScoreSaved {
  /** The server's ScoreView; status and value let the page show a weight or distance in the athlete's units. */
  score: {
    display: string;
    verification: string;
    status?: string;
    value?: number;
    /** unverified (a judge watches it), waiting_for_video (its upload still processes), no_video, judged. */
    video_check?: string;
  };
  is_best: boolean;
  rank: number | null;
  /** The place naming its board (domain/places.ts), with what opens that board; null for a held score. */
  place?: { rank: number; of: number; board: string; category: string; division: 'rx' | 'scaled' } | null;
  message?: string;
}

export interface ScoreFields {
  time: string;
  capped: boolean;
  reps: string;
  rounds: string;
  amount: string;
  loadUnit: LoadUnit;
  distanceUnit: DistanceUnit;
  tiebreak: string;
  note: string;
}

export type ScoreTextField = 'time' | 'reps' | 'rounds' | 'amount' | 'tiebreak' | 'note';

/** The video a score is submitted with: none, one of the athlete's ready uploads, or a YouTube/Vimeo link. */
export interface ScoreVideoChoice {
  kind: 'none' | 'upload' | 'link';
  videoId: string;
  url: string;
  /**
   * An upload made from the score form that is still being processed. It is sent as it is: the server holds the
   * score ("Unverified: waiting for its video") and sends it to the judges once processing is over.
   */
  processing?: boolean;
}

export const NO_VIDEO: ScoreVideoChoice = { kind: 'none', videoId: '', url: '' };

/** The submission fields for the video choice, or the sentence that says what is missing. */
export function scoreVideoFields(choice: ScoreVideoChoice): Pick<ScoreBody, 'video_id' | 'video_url'> | { problem: string } {
  if (choice.kind === 'upload') {
    return choice.videoId ? { video_id: choice.videoId } : { problem: 'Choose one of your videos.' };
  }
  if (choice.kind === 'link') {
    const checked = checkExternalVideoUrl(choice.url);
    return checked.ok ? { video_url: checked.url } : { problem: checked.detail };
  }
  return {};
}

export interface ScoreSubmissionContext {
  rules: ScoreRules;
  fields: ScoreFields;
  video: ScoreVideoChoice;
  /** What is missing from the video choice, shown by the video picker (the score's own problem is `problem`). */
  videoProblem: string | null;
  problem: string | null;
  saved: ScoreSaved | null;
  /**
   * The submit attempt: its Idempotency-Key and the body it was made for. A retry of the same body (after a
   * lost answer or an error) sends the same key, so the server stores the score once; a changed body or
   * "Submit another" starts a new attempt with a new key.
   */
  attempt: ScoreAttempt | null;
}

export interface ScoreAttempt {
  key: string;
  /** The body as sent, in JSON, to tell a retry from a new submission. */
  body: string;
}

/** What the submitScore actor gets: the body and the attempt's Idempotency-Key. */
export interface ScoreRequest {
  body: ScoreBody;
  idempotencyKey: string;
}

/** A fresh Idempotency-Key (a random UUID: 36 letters, digits and dashes, the contract's form). */
export const newAttemptKey = (): string => globalThis.crypto.randomUUID();

/** The attempt for this body: the held one when the body is the same, otherwise a new key. */
export function attemptFor(held: ScoreAttempt | null, body: ScoreBody | null): ScoreAttempt {
  const json = JSON.stringify(body ?? {});
  return held && held.body === json ? held : { key: newAttemptKey(), body: json };
}

export type ScoreSubmissionEvent =
  | { type: 'score.update'; field: ScoreTextField; value: string }
  | { type: 'score.setCapped'; capped: boolean }
  | { type: 'score.setLoadUnit'; unit: LoadUnit }
  | { type: 'score.setDistanceUnit'; unit: DistanceUnit }
  | { type: 'score.setVideo'; video: ScoreVideoChoice }
  | { type: 'score.submit' }
  | { type: 'score.another' };

export const emptyScoreFields: ScoreFields = {
  time: '',
  capped: false,
  reps: '',
  rounds: '',
  amount: '',
  loadUnit: 'kg',
  distanceUnit: 'km',
  tiebreak: '',
  note: '',
};

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/**
 * What the athlete typed, read into the body that is sent, or the first problem in words.
 * The one place this flow parses typed values (through domain/scoring).
 */
export function readScore(rules: ScoreRules, fields: ScoreFields): { body: ScoreBody } | { problem: string } {
  try {
    const body: ScoreBody = {};
    switch (rules.score_type) {
      case 'time':
        if (fields.capped) {
          body.capped = true;
          body.reps = parseWhole(fields.reps, 'Reps');
        } else body.time_ms = parseTime(fields.time);
        break;
      case 'reps':
        body.reps = parseWhole(fields.reps, 'Reps');
        break;
      case 'calories':
        body.calories = parseWhole(fields.amount, 'Calories');
        break;
      case 'points':
        body.points = parseWhole(fields.amount, 'Points');
        break;
      case 'rounds_reps':
        body.rounds = parseWhole(fields.rounds, 'Rounds');
        body.reps = fields.reps.trim() ? parseWhole(fields.reps, 'Reps') : 0;
        break;
      case 'load':
        body.load_value = parseDecimal(fields.amount, 'The load');
        if (body.load_value <= 0) throw new Error('Enter the load, more than zero.');
        body.load_unit = fields.loadUnit;
        break;
      case 'distance':
        body.distance_value = parseDecimal(fields.amount, 'The distance');
        if (body.distance_value <= 0) throw new Error('Enter the distance, more than zero.');
        body.distance_unit = fields.distanceUnit;
        break;
    }
    if (rules.has_tiebreak && fields.tiebreak.trim()) body.tiebreak_ms = parseTime(fields.tiebreak);
    if (fields.note.trim()) body.note = fields.note.trim();
    return { body };
  } catch (err) {
    return { problem: messageOf(err, 'This score cannot be read.') };
  }
}

const readFrom = (context: ScoreSubmissionContext) => readScore(context.rules, context.fields);

/** What is sent: the typed score read by the domain, with the video's fields (null while either cannot be sent). */
export function submissionBody(context: Pick<ScoreSubmissionContext, 'rules' | 'fields' | 'video'>): ScoreBody | null {
  const read = readScore(context.rules, context.fields);
  const video = scoreVideoFields(context.video);
  return 'body' in read && !('problem' in video) ? { ...read.body, ...video } : null;
}

/**
 * Submitting a challenge score, with its video for the judges if any: editing → submitting →
 * saved (or back to editing with the server's words). The score and the video are checked
 * here, once, before anything is sent.
 */
export const scoreSubmissionMachine = setup({
  types: {
    context: {} as ScoreSubmissionContext,
    events: {} as ScoreSubmissionEvent,
    /** `units`: the athlete's preference picks the unit weights and distances start in (kg/km or lb/mi). */
    input: {} as { rules: ScoreRules; units?: UnitPreference },
  },
  actors: {
    submitScore: fromPromise<ScoreSaved, ScoreRequest>(async () => {
      throw new Error('submitScore not provided');
    }),
  },
  actions: {
    updateField: assign(({ context, event }) => {
      assertEvent(event, 'score.update');
      const value = event.field === 'note' ? event.value.slice(0, SCORE_NOTE_MAX_LENGTH) : event.value;
      return { fields: { ...context.fields, [event.field]: value } };
    }),
    setCapped: assign(({ context, event }) => {
      assertEvent(event, 'score.setCapped');
      return { fields: { ...context.fields, capped: event.capped } };
    }),
    setLoadUnit: assign(({ context, event }) => {
      assertEvent(event, 'score.setLoadUnit');
      return { fields: { ...context.fields, loadUnit: event.unit } };
    }),
    setDistanceUnit: assign(({ context, event }) => {
      assertEvent(event, 'score.setDistanceUnit');
      return { fields: { ...context.fields, distanceUnit: event.unit } };
    }),
    setVideo: assign(({ event }) => {
      assertEvent(event, 'score.setVideo');
      return { video: event.video };
    }),
    flagVideo: assign(({ context }) => {
      const video = scoreVideoFields(context.video);
      return { videoProblem: 'problem' in video ? video.problem : null };
    }),
    clearVideoProblem: assign({ videoProblem: null }),
    flagUnreadable: assign(({ context }) => {
      const read = readFrom(context);
      return { problem: 'problem' in read ? read.problem : null };
    }),
    clearProblem: assign({ problem: null }),
    holdAttempt: assign(({ context }) => ({ attempt: attemptFor(context.attempt, submissionBody(context)) })),
    // "Submit another" keeps what was typed, so a corrected score is one edit away; the video goes (it was this score's),
    // and so does the attempt: the next submit is a new score with a new Idempotency-Key.
    startOver: assign({ problem: null, saved: null, video: NO_VIDEO, videoProblem: null, attempt: null }),
  },
  guards: {
    scoreReadable: ({ context }) => 'body' in readFrom(context),
    videoUnready: ({ context }) => 'problem' in scoreVideoFields(context.video),
  },
}).createMachine({
  id: 'scoreSubmission',
  context: ({ input }) => ({
    rules: input.rules,
    fields: { ...emptyScoreFields, loadUnit: loadUnitOf(input.units ?? 'metric'), distanceUnit: distanceUnitOf(input.units ?? 'metric') },
    video: NO_VIDEO,
    videoProblem: null,
    problem: null,
    saved: null,
    attempt: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'score.update': { actions: 'updateField' },
        'score.setCapped': { actions: 'setCapped' },
        'score.setLoadUnit': { actions: 'setLoadUnit' },
        'score.setDistanceUnit': { actions: 'setDistanceUnit' },
        'score.setVideo': { actions: 'setVideo' },
        // The video is checked first: while it is missing, the score's own problem stays as it was.
        'score.submit': [
          { guard: 'videoUnready', actions: 'flagVideo' },
          { guard: 'scoreReadable', target: 'submitting', actions: ['clearProblem', 'clearVideoProblem', 'holdAttempt'] },
          { actions: ['flagUnreadable', 'clearVideoProblem'] },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitScore',
        src: 'submitScore',
        input: ({ context }) => ({ body: submissionBody(context) ?? {}, idempotencyKey: context.attempt?.key ?? newAttemptKey() }),
        onDone: { target: 'saved', actions: assign(({ event }) => ({ saved: event.output })) },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({ problem: messageOf(event.error, 'Could not submit the score.') })),
        },
      },
    },
    saved: {
      on: { 'score.another': { target: 'editing', actions: 'startOver' } },
    },
  },
});
