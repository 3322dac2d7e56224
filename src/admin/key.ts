import { AdminApiError } from './errors.js';

/** Printable ASCII without spaces: what a bearer token may hold, and what an HTTP header can carry. */
const tokenChars = /^[\x21-\x7E]+$/;
const prefixShape = /^[A-Za-z0-9]+$/;

const shape = 'the admin API key must have the shape <PREFIX>_<rest>';

/**
 * Checks the `<PREFIX>_<rest>` shape of an admin API key before it is ever sent. With `keyPrefix`
 * (`'mint'` or `'mint_'`) the key must start with exactly that prefix; without it any alphanumeric
 * prefix is accepted. The rest must be non-empty printable ASCII without spaces. Messages describe what
 * is wrong, never the key itself.
 */
export function assertApiKeyShape(apiKey: unknown, keyPrefix?: string): asserts apiKey is string {
  if (typeof apiKey !== 'string' || apiKey.length === 0) {
    throw new AdminApiError('invalid-key', `${shape}, but it is empty`);
  }
  if (keyPrefix !== undefined) {
    const prefix = keyPrefix.endsWith('_') ? keyPrefix.slice(0, -1) : keyPrefix;
    if (!prefixShape.test(prefix)) {
      throw new TypeError(`keyPrefix must be letters and digits (optionally followed by "_"), got ${JSON.stringify(keyPrefix)}`);
    }
    if (!apiKey.startsWith(`${prefix}_`)) {
      throw new AdminApiError('invalid-key', `${shape}, but it does not start with "${prefix}_"`);
    }
    checkRest(apiKey.slice(prefix.length + 1));
    return;
  }
  const underscore = apiKey.indexOf('_');
  if (underscore <= 0 || !prefixShape.test(apiKey.slice(0, underscore))) {
    throw new AdminApiError('invalid-key', `${shape}, but it does not start with letters or digits followed by "_"`);
  }
  checkRest(apiKey.slice(underscore + 1));
}

function checkRest(rest: string): void {
  if (rest.length === 0) {
    throw new AdminApiError('invalid-key', `${shape}, but nothing follows the prefix`);
  }
  if (!tokenChars.test(rest)) {
    throw new AdminApiError('invalid-key', `${shape}, but it contains spaces, control or non-ASCII characters`);
  }
}

/** Whether a key has the expected shape, for callers that only need a yes or no. */
export function isApiKeyShape(apiKey: unknown, keyPrefix?: string): boolean {
  try {
    assertApiKeyShape(apiKey, keyPrefix);
    return true;
  } catch (error) {
    if (error instanceof AdminApiError) return false;
    throw error;
  }
}
