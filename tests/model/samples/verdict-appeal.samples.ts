import { verdictAppealMachine } from '#machines/verdict-appeal.ts';
import { defineSamples } from '../samples.ts';

export default defineSamples({
  machine: verdictAppealMachine,
  events: {
    'appeal.open': [{ type: 'appeal.open' }],
    'appeal.edit': [
      { type: 'appeal.edit', value: '  rep 12   ' },
      { type: 'appeal.edit', value: 'Rep 12 reached full lockout at 3:41 in the video.' },
    ],
    'appeal.submit': [{ type: 'appeal.submit' }],
    'appeal.cancel': [{ type: 'appeal.cancel' }],
  },
  actors: {
    sendAppeal: { output: { ok: true }, error: new Error('This verdict was appealed already.') },
  },
});
