import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/index.ts';
import type { Mailer } from './services/mail.ts';

/** What every handler and service gets: configuration, the database, mail and the clock. */
export interface AppContext {
  config: AppConfig;
  database: DatabaseHandle;
  mailer: Mailer;
  /** The current time; tests move it instead of sleeping. */
  now: () => Date;
  /** The key that signs access tokens (set up at start). */
  jwtKey: Uint8Array;
}
