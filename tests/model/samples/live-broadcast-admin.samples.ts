import { broadcastAdminMachine } from '#machines/live-broadcast-admin.ts';
import { defineSamples } from '../samples.ts';

export default defineSamples({
  machine: broadcastAdminMachine,
  events: {
    'form.setTitle': [{ type: 'form.setTitle', title: ' Friday Night Burpees ' }],
    'form.setSource': [{ type: 'form.setSource', source: 'stream' }],
    'form.pickAttempt': [{ type: 'form.pickAttempt', attemptId: 7 }],
    'form.setStreamUrl': [{ type: 'form.setStreamUrl', url: 'https://www.twitch.tv/repforge' }],
    // Clearing the planned start (a time ahead depends on the day the tests run; tests/unit covers the rule).
    'form.setWhen': [{ type: 'form.setWhen', when: '' }],
    'form.submit': [{ type: 'form.submit' }],
    'broadcast.start': [{ type: 'broadcast.start', id: 3 }],
    'broadcast.stop': [{ type: 'broadcast.stop', id: 3 }],
    'broadcast.cancel': [{ type: 'broadcast.cancel', id: 4 }],
  },
  actors: {
    scheduleBroadcast: { output: { id: 5 }, error: new Error('That attempt is no longer live; pick one that is live now.') },
    startBroadcast: { output: { id: 3 }, error: new Error('Another broadcast is live; stop it before starting this one.') },
    stopBroadcast: { output: { id: 3 }, error: new Error('This broadcast has already ended.') },
    cancelBroadcast: { output: null, error: new Error('This broadcast is live; stop it instead.') },
  },
  // What decides where the form can go: which source, which fields are filled, what refusal shows, which row is busy.
  stateContext: (c) => ({
    source: c.source,
    title: c.title !== '',
    attempt: c.attemptId !== null,
    url: c.streamUrl !== '',
    problem: c.problem !== null,
    actionProblem: c.actionProblem !== null,
    acting: c.acting,
  }),
});
