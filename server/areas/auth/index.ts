// The auth area's public surface: other areas and the app import only from here.
export { AUTH_REQUIRED_TEXT, SESSION_ENDED_TEXT, authenticate, isAdminRole, normalizeEmail, sendLater } from './auth.ts';
export type { Authenticated } from './auth.ts';
export { deviceName } from './devices.ts';
export { authHandlers } from './handlers.ts';
export { adminSetupOpen } from './first-run.ts';
export { DEFAULT_SCRYPT_LOG_N, hashPassword, verifyPassword, warmUpPasswordChecks } from './passwords.ts';
export { recordAuthEvent, requestMeta } from './security-events.ts';
export type { RequestMeta } from './security-events.ts';
export { claimedUserId, optionalAuth, optionalAuthAnd, securityHandlers } from './security.ts';
