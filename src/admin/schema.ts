import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { agentJobStatuses, type AgentJobStatus } from './types.js';

// ajv-formats is CommonJS; its function sits on `.default` under both tsc (NodeNext) and Node's loader.
const addFormats = addFormatsModule.default;

/**
 * The AgentJob as it may arrive. The API description does not say which fields are always present, so
 * the non-nullable fields are required and the nullable ones (`prLink`, `archivedAt`, `source.ref`) may
 * also be absent; the client turns absent into null. Unknown fields are allowed (a newer server may add
 * some) and dropped by the client.
 */
export interface AgentJobWire {
  id: string;
  status: AgentJobStatus;
  source: { repository: string; ref?: string | null };
  model: string;
  prLink?: string | null;
  createdAt: string;
  archivedAt?: string | null;
}

export interface ErrorWire {
  error: string;
}

export const agentJobSchema = {
  $id: 'docs-build:admin/agent-job',
  type: 'object',
  required: ['id', 'status', 'source', 'model', 'createdAt'],
  properties: {
    id: { type: 'string', minLength: 1 },
    status: { type: 'string', enum: [...agentJobStatuses] },
    source: {
      type: 'object',
      required: ['repository'],
      properties: {
        repository: { type: 'string', format: 'uri' },
        ref: { type: ['string', 'null'] },
      },
    },
    model: { type: 'string' },
    // `<repo_url>/pull/<number>`: anything else is not the pull request the table promises.
    prLink: { type: ['string', 'null'], format: 'uri', pattern: '/pull/[0-9]+/?$' },
    createdAt: { type: 'string', format: 'date-time' },
    archivedAt: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;

export const errorSchema = {
  $id: 'docs-build:admin/error',
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'string' } },
} as const;

interface Validators {
  agentJob: ValidateFunction<AgentJobWire>;
  error: ValidateFunction<ErrorWire>;
}

let compiled: Validators | undefined;

/** Compiled on first use, once per process: compiling costs far more than validating. */
export function validators(): Validators {
  if (!compiled) {
    const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
    addFormats(ajv, ['uri', 'date-time']);
    compiled = {
      agentJob: ajv.compile<AgentJobWire>(agentJobSchema),
      error: ajv.compile<ErrorWire>(errorSchema),
    };
  }
  return compiled;
}

/** `<pointer> <message>` lines; ajv messages quote the schema (allowed values), never the data. */
export function describeProblems(validate: ValidateFunction): string[] {
  return (validate.errors ?? []).map((e) => {
    const where = e.instancePath === '' ? '(root)' : e.instancePath;
    const allowed = e.keyword === 'enum' ? `: ${((e.params as { allowedValues?: unknown[] }).allowedValues ?? []).join(', ')}` : '';
    return `${where} ${e.message ?? 'is invalid'}${allowed}`;
  });
}
