// What only a session shows in the header: the Timeline item, the account menu, the
// notification bell, and for administrators the Admin menu and the Admin Tools bar. One chunk, loaded with the session
// (header.tsx), so a visitor who is not signed in never downloads it.
export { TimelineLink } from './timeline-link.tsx';
export { AdminToolsBar } from './admin-bar.tsx';
export { AccountMenuButton, AdminMenuButton } from './account-triggers.tsx';
export { default as NotificationBell } from '#src/features/notifications/notification-bell.tsx';
