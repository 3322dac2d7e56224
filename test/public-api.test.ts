import { describe, expect, it } from 'vitest';
import * as api from '../src/index.js';

// The names `import ... from 'docs-build'` offers. Adding one is a decision (document it in the README
// or docs/); removing or renaming one breaks users: this list changes only on purpose.
const publicNames = [
  'AdminApiError',
  'DocsRoot',
  'StageFailure',
  'agentJobSchema',
  'agentJobStatuses',
  'applyMigration',
  'assertApiKeyShape',
  'backoffCap',
  'backoffDelay',
  'build',
  'catalog',
  'checkMigration',
  'compareFields',
  'createAdminClient',
  'createDiagnostic',
  'docsSchema',
  'draftOpenapi',
  'errorSchema',
  'finalAgentJobStatuses',
  'formatGithub',
  'formatHuman',
  'formatJson',
  'isAdminApiError',
  'isApiKeyShape',
  'isFinalStatus',
  'loadConfig',
  'normalizeBaseUrl',
  'normalizeSite',
  'parseRetryAfter',
  'readConfiguration',
  'resolveBackoff',
  'runJobChecks',
  'serializeDraft',
  'serializeManifest',
  'sortDiagnostics',
  'validateConfig',
  'waitForAgentJob',
];

describe('the public API', () => {
  it('exports exactly the documented names', () => {
    expect(Object.keys(api).sort()).toEqual([...publicNames].sort());
  });
});
