import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/index.ts';
import type { BackgroundTasks } from './lib/background.ts';
import type { Mailer } from './lib/mail.ts';

/** What every handler and service gets: configuration, the database, mail, the clock and deferred work. */
export interface AppContext {
  config: AppConfig;
  database: DatabaseHandle;
  mailer: Mailer;
  /** The current time; tests move it instead of sleeping. */
  now: () => Date;
  /** The key that signs access tokens (set up at start); also keys the hashes of short codes. */
  jwtKey: Uint8Array;
  /** Work done after the answer (mail, sign-in bookkeeping); tests await `tasks.settled()`. */
  tasks: BackgroundTasks;
}
