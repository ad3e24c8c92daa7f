import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { FEEDBACK_AUTO_CLOSE_MS, FEEDBACK_LIMITS } from '../domain/constants.ts';

export type FeedbackType = 'general_feedback' | 'bug_report' | 'feature_request';

export interface FeedbackFields {
  type: FeedbackType;
  subject: string;
  description: string;
  page_url: string;
  browser_info: string;
  steps_to_reproduce: string;
}

export type FeedbackPayload = Omit<FeedbackFields, 'steps_to_reproduce'> & { steps_to_reproduce?: string };

export interface FeedbackContext {
  fields: FeedbackFields;
  validationError: string | null;
}

export type FeedbackEvent =
  | { type: 'feedback.open'; page_url: string; browser_info: string }
  | { type: 'feedback.update'; field: Exclude<keyof FeedbackFields, 'type' | 'browser_info'>; value: string }
  | { type: 'feedback.setType'; value: FeedbackType }
  | { type: 'feedback.submit' }
  | { type: 'feedback.close' };

export const FEEDBACK_MISSING_FIELDS_TEXT = 'Please fill in subject and description';

const emptyFields: FeedbackFields = {
  type: 'general_feedback',
  subject: '',
  description: '',
  page_url: '',
  browser_info: '',
  steps_to_reproduce: '',
};

const clamp = (value: string, limit: number) => (value.length > limit ? value.slice(0, limit) : value);

/** What is sent: trimmed, within limits, steps only for a bug report. */
export function feedbackPayload(fields: FeedbackFields): FeedbackPayload {
  const payload: FeedbackPayload = {
    type: fields.type,
    subject: fields.subject.trim(),
    description: fields.description.trim(),
    page_url: clamp(fields.page_url, FEEDBACK_LIMITS.page_url),
    browser_info: clamp(fields.browser_info, FEEDBACK_LIMITS.browser_info),
  };
  if (fields.type === 'bug_report' && fields.steps_to_reproduce.trim()) payload.steps_to_reproduce = fields.steps_to_reproduce.trim();
  return payload;
}

/** The feedback dialog: editing → submitting → submitted (closes itself) or back to editing. */
export const feedbackMachine = setup({
  types: {
    context: {} as FeedbackContext,
    events: {} as FeedbackEvent,
  },
  actors: {
    submitFeedback: fromPromise<unknown, FeedbackPayload>(async () => {
      throw new Error('submitFeedback not provided');
    }),
  },
  actions: {
    prefill: assign(({ context, event }) => {
      assertEvent(event, 'feedback.open');
      // A draft that was never sent is kept; the address and browser are refreshed.
      return {
        fields: {
          ...context.fields,
          page_url: clamp(event.page_url, FEEDBACK_LIMITS.page_url),
          browser_info: clamp(event.browser_info, FEEDBACK_LIMITS.browser_info),
        },
        validationError: null,
      };
    }),
    updateField: assign(({ context, event }) => {
      assertEvent(event, 'feedback.update');
      return {
        fields: { ...context.fields, [event.field]: clamp(event.value, FEEDBACK_LIMITS[event.field]) },
        validationError: null,
      };
    }),
    setType: assign(({ context, event }) => {
      assertEvent(event, 'feedback.setType');
      return { fields: { ...context.fields, type: event.value } };
    }),
    flagMissingFields: assign({ validationError: FEEDBACK_MISSING_FIELDS_TEXT }),
    clearDraft: assign({ fields: emptyFields, validationError: null }),
    /** Provided by the app: */
    notifySubmitted: () => {},
    notifyFailed: (_: unknown, _params: { error: unknown }) => {},
  },
  guards: {
    complete: ({ context }) => context.fields.subject.trim().length > 0 && context.fields.description.trim().length > 0,
  },
  delays: {
    AUTO_CLOSE: FEEDBACK_AUTO_CLOSE_MS,
  },
}).createMachine({
  id: 'feedback',
  context: { fields: emptyFields, validationError: null },
  initial: 'closed',
  states: {
    closed: {
      on: { 'feedback.open': { target: 'editing', actions: 'prefill' } },
    },
    editing: {
      on: {
        'feedback.update': { actions: 'updateField' },
        'feedback.setType': { actions: 'setType' },
        'feedback.submit': [{ guard: 'complete', target: 'submitting' }, { actions: 'flagMissingFields' }],
        'feedback.close': 'closed',
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitFeedback',
        src: 'submitFeedback',
        input: ({ context }) => feedbackPayload(context.fields),
        onDone: { target: 'submitted', actions: ['clearDraft', 'notifySubmitted'] },
        onError: { target: 'editing', actions: { type: 'notifyFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    submitted: {
      after: { AUTO_CLOSE: 'closed' },
      on: { 'feedback.close': 'closed' },
    },
  },
});
