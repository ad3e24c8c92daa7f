import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { isCountryCode, isWebsite, tidyGymText } from '../domain/gyms.ts';

/** A gym as the list knows it; the app's actor hands back its full summary, and the chart passes that on. */
export interface ListedGym {
  id: number;
  name: string;
}

export type GymAddField = 'name' | 'city' | 'country' | 'website';
export type GymAddFields = Record<GymAddField, string>;
export type GymAddErrors = Partial<Record<'name' | 'country' | 'website' | 'form', string>>;

/** The body of POST /api/gyms: what was typed, tidied. */
export interface GymAddRequest {
  name: string;
  city: string;
  country: string;
  website: string;
}

/** What the server answers: the new gym, or a near-duplicate already listed (409) with its words. */
export type GymAddOutcome<G extends ListedGym = ListedGym> = { gym: G } | { existing: G; detail: string };

export interface GymAddContext {
  fields: GymAddFields;
  errors: GymAddErrors;
  /** The listed near-duplicate the server offered instead. */
  existing: ListedGym | null;
}

export type GymAddEvent =
  | { type: 'gym.edit'; field: GymAddField; value: string }
  | { type: 'gym.submit' }
  /** Take the listed near-duplicate instead. */
  | { type: 'gym.useExisting' };

export const GYM_NAME_MISSING_TEXT = 'Give the gym a name.';
export const GYM_COUNTRY_TEXT = 'Use the two-letter code, such as DE or US.';
export const GYM_WEBSITE_TEXT = 'Use an address starting with https://.';

/** What is wrong with the typed fields, per field (empty: they can be sent). */
export function gymAddProblems(fields: GymAddFields): GymAddErrors {
  const found: GymAddErrors = {};
  if (!tidyGymText(fields.name)) found.name = GYM_NAME_MISSING_TEXT;
  if (fields.country.trim() && !isCountryCode(fields.country.trim())) found.country = GYM_COUNTRY_TEXT;
  if (fields.website.trim() && !isWebsite(fields.website.trim())) found.website = GYM_WEBSITE_TEXT;
  return found;
}

export const gymAddRequest = (fields: GymAddFields): GymAddRequest => ({
  name: tidyGymText(fields.name),
  city: tidyGymText(fields.city),
  country: fields.country.trim().toUpperCase(),
  website: fields.website.trim(),
});

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/**
 * "Add a new gym" from the gym picker: editing → saving → added, or back to editing with
 * the server's words; a near-duplicate offers the listed gym, which the athlete may take.
 */
export const gymAddMachine = setup({
  types: {
    context: {} as GymAddContext,
    events: {} as GymAddEvent,
    /** `name`: what was typed in the picker. */
    input: {} as { name: string },
  },
  actors: {
    addGym: fromPromise<GymAddOutcome, GymAddRequest>(async () => {
      throw new Error('addGym not provided');
    }),
  },
  actions: {
    edit: assign(({ context, event }) => {
      assertEvent(event, 'gym.edit');
      return { fields: { ...context.fields, [event.field]: event.value } };
    }),
    // A submit shows the fields' problems (or none) and forgets the offered gym.
    check: assign(({ context }) => ({ errors: gymAddProblems(context.fields), existing: null })),
    offerExisting: assign((_, params: { existing: ListedGym; detail: string }) => ({
      existing: params.existing,
      errors: { form: params.detail },
    })),
    showFailure: assign((_, params: { error: unknown }) => ({ errors: { form: messageOf(params.error, 'Could not add the gym.') } })),
    /** Provided by the page: the gym is chosen (new, or the listed one), and `added` says whether it is new. */
    picked: (_, _params: { gym: ListedGym; added: boolean }) => {},
  },
  guards: {
    fieldsValid: ({ context }) => Object.keys(gymAddProblems(context.fields)).length === 0,
    isNew: (_, params: { outcome: GymAddOutcome }) => 'gym' in params.outcome,
    existingOffered: ({ context }) => context.existing !== null,
  },
}).createMachine({
  id: 'gymAdd',
  context: ({ input }) => ({ fields: { name: input.name, city: '', country: '', website: '' }, errors: {}, existing: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'gym.edit': { actions: 'edit' },
        'gym.submit': [{ guard: 'fieldsValid', target: 'saving', actions: 'check' }, { actions: 'check' }],
        'gym.useExisting': {
          guard: 'existingOffered',
          target: 'picked',
          actions: { type: 'picked', params: ({ context }) => ({ gym: context.existing!, added: false }) },
        },
      },
    },
    saving: {
      tags: ['busy'],
      on: { 'gym.edit': { actions: 'edit' } },
      invoke: {
        id: 'addGym',
        src: 'addGym',
        input: ({ context }) => gymAddRequest(context.fields),
        onDone: [
          {
            guard: { type: 'isNew', params: ({ event }) => ({ outcome: event.output }) },
            target: 'picked',
            actions: { type: 'picked', params: ({ event }) => ({ gym: (event.output as { gym: ListedGym }).gym, added: true }) },
          },
          {
            target: 'editing',
            actions: {
              type: 'offerExisting',
              params: ({ event }) => event.output as { existing: ListedGym; detail: string },
            },
          },
        ],
        onError: { target: 'editing', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    picked: { type: 'final' },
  },
});
