/** A setting that cannot be used: printed as its one-line message at start, never a stack. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
