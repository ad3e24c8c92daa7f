// The settings area's public surface: other areas and the app import only from here.
export { settingsHandlers } from './handlers.ts';
export { acceptsInvitationFrom, getPrivacyChoices, updatePrivacyChoices } from './privacy-choices.ts';
export { timelineAllowed, timelineAllows } from './settings.ts';
