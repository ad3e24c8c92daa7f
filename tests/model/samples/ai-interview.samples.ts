import { aiInterviewMachine } from '#machines/ai-interview.ts';
import { defineSamples } from '../samples.ts';
import { ANSWER_LIMITS, answerProblem } from '#domain/interviews.ts';

const open = { id: 4, status: 'open', current_question_id: 11, story_id: null } as const;
const followUp = { id: 4, status: 'open', current_question_id: 12, story_id: null } as const;
const finished = { id: 4, status: 'finished', current_question_id: null, story_id: null } as const;
const published = { id: 4, status: 'finished', current_question_id: null, story_id: 9 } as const;

export default defineSamples({
  machine: aiInterviewMachine,
  // A new interview, and one resumed by id.
  inputs: [{ resumeId: null }, { resumeId: 4 }],
  events: {
    // An answer, a cleared box, and one too long.
    'interview.type': [
      { type: 'interview.type', value: 'The pacing: I held back for five minutes.' },
      { type: 'interview.type', value: '   ' },
      { type: 'interview.type', value: 'x'.repeat(ANSWER_LIMITS.max + 5) },
    ],
    'interview.send': [{ type: 'interview.send' }],
    'interview.consent': [
      { type: 'interview.consent', value: true },
      { type: 'interview.consent', value: false },
    ],
    'interview.publish': [{ type: 'interview.publish' }],
    'interview.retry': [{ type: 'interview.retry' }],
  },
  actors: {
    // An open interview to answer, a finished one (resumed), and one already published.
    startInterview: { outputs: [open, finished, published], error: new Error('Too many attempts. Please wait a moment and try again.') },
    // A follow-up comes back, or the last answer finishes the interview.
    sendAnswer: { outputs: [followUp, finished], error: new Error('Keep the answer to 600 characters or fewer.') },
    publishInterview: { output: published, error: new Error('This interview is already published as a story.') },
  },
  stateContext: (c) => ({
    question: c.interview?.current_question_id ?? null,
    story: c.interview?.story_id ?? null,
    draft: c.draft.trim().length > 0,
    draftOk: answerProblem(c.draft) === null,
    consent: c.consent,
    problem: c.problem !== null,
  }),
});
