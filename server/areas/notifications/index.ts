// The notifications area's public surface: other areas and the app import only from here.
export { notificationHandlers } from './handlers.ts';
export { notificationMailJobHandlers } from './notifications-mail.ts';
export { notify, notifyEach, notifyMany } from './notifications.ts';
