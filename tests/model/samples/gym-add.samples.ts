import { gymAddMachine, gymAddProblems } from '#machines/gym-add.ts';
import { defineSamples } from '../samples.ts';

/** The picker's typed name to start; each optional field both right and wrong, and both server answers. */
export default defineSamples({
  machine: gymAddMachine,
  input: { name: 'Iron Temple' },
  events: {
    'gym.edit': [
      { type: 'gym.edit', field: 'name', value: '   ' },
      { type: 'gym.edit', field: 'name', value: ' Iron   Temple ' },
      { type: 'gym.edit', field: 'city', value: ' Berlin ' },
      { type: 'gym.edit', field: 'country', value: 'Deutschland' },
      { type: 'gym.edit', field: 'country', value: 'de' },
      { type: 'gym.edit', field: 'website', value: 'iron.example' },
      { type: 'gym.edit', field: 'website', value: 'https://iron.example' },
    ],
    'gym.submit': [{ type: 'gym.submit' }],
    'gym.useExisting': [{ type: 'gym.useExisting' }],
  },
  actors: {
    addGym: {
      outputs: [
        { gym: { id: 7, name: 'Iron Temple' } },
        { existing: { id: 3, name: 'The Iron Temple' }, detail: 'The Iron Temple is listed already: use it.' },
      ],
      error: new Error('Could not add the gym.'),
    },
  },
  // Which fields are wrong now, which errors show, and whether a listed gym is offered; not the text.
  stateContext: (c) => ({
    wrong: Object.keys(gymAddProblems(c.fields)).sort(),
    shown: Object.keys(c.errors).sort(),
    offered: c.existing !== null,
  }),
});
