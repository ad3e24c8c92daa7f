// The athletes area's public surface: other areas and the app import only from here.
export { athleteImportHandlers } from './handlers-imports.ts';
export { athleteHandlers } from './handlers.ts';
export { CATALOGUE } from './seed-catalogue.ts';
export { approvedRecord, saveRecords, seedAthletes, seedCatalogue, seedProfiles, testValue, trainingRecords } from './seed.ts';
export type { RecordRow, SeededAthlete, TestRow } from './seed.ts';
export { deliverTimelinePost } from './timeline.ts';
export { myPersonalRecords } from './records.ts';
