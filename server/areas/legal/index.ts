// The legal area's public surface: other areas and the app import only from here.
export { legalHandlers } from './handlers.ts';
export { checkSignUpVersions, recordSignUpConsent, signedCurrentWaiver } from './legal.ts';
