import { proposalChoiceProblem, squadNegotiationMachine } from '#machines/squad-negotiation.ts';
import { defineSamples } from '../samples.ts';

/** A captain proposing to the Bears (offer or request, a short or an over-long note), answering, protecting a member. */
export default defineSamples({
  machine: squadNegotiationMachine,
  events: {
    'pact.to': [{ type: 'pact.to', teamId: 2 }],
    'pact.kind': [{ type: 'pact.kind', kind: 'request' }],
    'pact.note': [
      { type: 'pact.note', note: 'Yours back next round' },
      { type: 'pact.note', note: 'x'.repeat(201) },
    ],
    'pact.propose': [{ type: 'pact.propose' }],
    'pact.answer': [{ type: 'pact.answer', pactId: 7, answer: 'accept' }],
    'immunity.pick': [{ type: 'immunity.pick', userId: 12 }],
    'immunity.use': [{ type: 'immunity.use' }],
    'immunity.confirm': [{ type: 'immunity.confirm' }],
    'immunity.cancel': [{ type: 'immunity.cancel' }],
  },
  actors: {
    proposePact: { output: { id: 7 }, error: new Error('Bears has made its 1 trade this round (at most 1 trade per round).') },
    answerPact: { output: { id: 7 }, error: new Error('This proposal was already withdrawn.') },
    useToken: { output: { id: 3 }, error: new Error('Your squad holds no free immunity token.') },
  },
  // What changes what the captain can do next: a sendable proposal, a chosen member, a problem shown, the last move.
  stateContext: (c) => ({
    sendable: proposalChoiceProblem(c) === null,
    member: c.member !== null,
    problem: c.problem !== null,
    done: c.done,
  }),
});
