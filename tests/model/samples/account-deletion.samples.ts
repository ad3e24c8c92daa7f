import { accountDeletionMachine } from '#machines/account-deletion.ts';
import { defineSamples } from '../samples.ts';

export default defineSamples({
  machine: accountDeletionMachine,
  events: {
    'deletion.begin': [{ type: 'deletion.begin' }],
    'deletion.password': [
      { type: 'deletion.password', password: 'correct horse battery' },
      { type: 'deletion.password', password: '' },
    ],
    'deletion.code': [
      { type: 'deletion.code', code: ' 123456 ' },
      { type: 'deletion.code', code: '12ab' },
    ],
    'deletion.back': [{ type: 'deletion.back' }],
    'deletion.cancel': [{ type: 'deletion.cancel' }],
  },
  actors: {
    sendCode: { output: { message: 'We have emailed you a code.' }, error: new Error('That password is not right.') },
    confirmDeletion: {
      output: { erase_after: '2026-12-07T10:00:00.000Z' },
      error: new Error('That code is wrong or has expired. Ask for a new code with your password.'),
    },
  },
  stateContext: (c) => ({ error: c.error, eraseAfter: c.eraseAfter }),
});
