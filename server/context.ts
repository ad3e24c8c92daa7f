import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/index.ts';

/** What every handler and service gets: configuration and the database. */
export interface AppContext {
  config: AppConfig;
  database: DatabaseHandle;
}
