// Catalogue tests several server suites create: the same body, so a change to the tests contract changes one place.

export const MILE = {
  name: '1-mile run',
  category: 'endurance',
  movement: 'run',
  unit: 'seconds',
  direction: 'lower',
  min_value: 210,
  max_value: 3600,
  standards: [
    {
      sex: 'any',
      bodyweight_min_kg: null,
      bodyweight_max_kg: null,
      anchors: [
        { score: 0, value: 720 },
        { score: 1000, value: 240 },
      ],
    },
  ],
  status: 'active',
};

/** A 2k row, timed (lower is better), 5 to 20 minutes. */
export const ROW_2K = {
  name: '2k row',
  description: '2,000 metres on a rower.',
  category: 'endurance',
  movement: 'row',
  unit: 'seconds',
  direction: 'lower',
  min_value: 300,
  max_value: 1200,
  standards: [
    {
      sex: 'any',
      bodyweight_min_kg: null,
      bodyweight_max_kg: null,
      anchors: [
        { score: 0, value: 600 },
        { score: 1000, value: 360 },
      ],
    },
  ],
  status: 'active',
};
