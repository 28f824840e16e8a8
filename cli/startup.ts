import { type Config, ConfigError, loadConfig } from '../server/config.ts';
import { DataDirLockedError } from '../server/db/data-dir-lock.ts';
import { type DatabaseHandle, openDatabase } from '../server/db/database.ts';

/** True for the start-up failures that are the operator's to fix: say what is wrong, not where. */
export function isOperatorError(error: unknown): error is Error {
  return error instanceof ConfigError || error instanceof DataDirLockedError;
}

/** Loads the configuration and opens the database for a command; a bad setting or a busy data
 * directory ends the command with its message and exit code 1. */
export async function openForCommand(): Promise<{ config: Config; handle: DatabaseHandle }> {
  try {
    const config = loadConfig();
    return { config, handle: await openDatabase(config) };
  } catch (error) {
    if (!isOperatorError(error)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
