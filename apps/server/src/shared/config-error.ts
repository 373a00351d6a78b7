/**
 * A setting (environment variable or flag) the server cannot start with. Its message names
 * the setting; the server prints just that and exits 1, with no stack trace.
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
