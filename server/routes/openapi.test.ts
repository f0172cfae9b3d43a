import fs from 'node:fs';
import type { TSchema } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as account from '../../src/api/schemas/account.ts';
import * as admin from '../../src/api/schemas/admin.ts';
import * as common from '../../src/api/schemas/common.ts';
import * as daily from '../../src/api/schemas/daily.ts';
import * as runs from '../../src/api/schemas/runs.ts';
import * as saves from '../../src/api/schemas/saves.ts';
import * as scores from '../../src/api/schemas/scores.ts';
import * as tables from '../../src/api/schemas/tables.ts';
import * as tracks from '../../src/api/schemas/tracks.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

type Json = Record<string, unknown>;
interface Operation {
  parameters?: { in: string; name: string; required: boolean; schema: Json }[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses?: Record<string, { content?: Record<string, { schema: Json }> }>;
}

/** Every schema the client's types come from (src/api/types.ts derives them from these modules). */
const modules = { account, admin, common, daily, runs, saves, scores, tables, tracks };
const exported: [string, Json][] = Object.entries(modules).flatMap(([module, exports]) =>
  Object.entries(exports as Record<string, unknown>)
    .filter(([, value]) => value !== null && typeof value === 'object')
    .map(([name, value]) => [`${module}.${name}`, openApiShape(value as TSchema)] as [string, Json]),
);

/**
 * A schema as the OpenAPI 3.0 document writes it: a null alternative becomes `nullable`,
 * `const` becomes a one-value `enum`, and only JSON survives (no TypeBox markers).
 */
function openApiShape(schema: unknown): Json {
  const json = JSON.parse(JSON.stringify(schema)) as Json;
  return nullable(json) as Json;
}

function nullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullable);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = nullable(value);
  if ('const' in out) {
    const { const: value, ...others } = out;
    return { ...others, enum: [value] };
  }
  if (Array.isArray(out.type) && out.type.includes('null')) {
    const rest = out.type.filter((t) => t !== 'null');
    return { ...out, type: rest.length === 1 ? rest[0] : rest, nullable: true };
  }
  const anyOf = out.anyOf as Json[] | undefined;
  if (anyOf?.length === 2 && anyOf.some((s) => s.type === 'null')) {
    const { anyOf: _, ...others } = out;
    return { ...others, ...(anyOf.find((s) => s.type !== 'null') as Json), nullable: true };
  }
  return out;
}

/** The query parameters of an operation, put back together as the object schema they came from. */
function queryObject(parameters: NonNullable<Operation['parameters']>): Json {
  const query = parameters.filter((p) => p.in === 'query');
  return {
    properties: Object.fromEntries(query.map((p) => [p.name, p.schema])),
    required: query.filter((p) => p.required).map((p) => p.name),
  };
}

function sameQuery(schema: Json, query: Json): boolean {
  if (schema.type !== 'object' || !schema.properties) return false;
  const required = (schema.required as string[] | undefined) ?? [];
  return (
    JSON.stringify(sortKeys(schema.properties)) === JSON.stringify(sortKeys(query.properties)) &&
    JSON.stringify([...required].sort()) === JSON.stringify([...(query.required as string[])].sort())
  );
}

function sortKeys(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(sortKeys);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => [k, sortKeys(v)]),
  );
}

function exportMatching(
  schema: Json,
  same = (a: Json, b: Json) => JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b)),
) {
  return exported.find(([, candidate]) => same(candidate, schema))?.[0] ?? null;
}

describe('the OpenAPI document and the client types come from the same schemas', () => {
  let t: TestApp;
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    paths = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
  });
  afterAll(() => t.close());

  it('reads every module of src/api/schemas (a new one is listed above)', () => {
    const files = fs
      .readdirSync(new URL('../../src/api/schemas/', import.meta.url))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => f.replace(/\.ts$/, ''));
    expect(files.sort()).toEqual(Object.keys(modules).sort());
  });

  it('lists every call', () => {
    const operations = Object.values(paths).flatMap((methods) => Object.keys(methods));
    expect(operations.length).toBeGreaterThanOrEqual(34);
  });

  it('every body, query and JSON response of every call is one of src/api/schemas', () => {
    const unmatched: string[] = [];
    for (const [path, methods] of Object.entries(paths))
      for (const [method, operation] of Object.entries(methods)) {
        const where = `${method.toUpperCase()} ${path}`;
        const body = operation.requestBody?.content['application/json']?.schema;
        if (body && !exportMatching(body)) unmatched.push(`${where} body`);
        const query = queryObject(operation.parameters ?? []);
        if (Object.keys(query.properties as Json).length && !exportMatching(query, sameQuery))
          unmatched.push(`${where} query`);
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          const schema = response.content?.['application/json']?.schema;
          if (schema && !exportMatching(schema)) unmatched.push(`${where} ${status}`);
        }
      }
    expect(unmatched).toEqual([]);
  });

  it('a schema written in a route instead would be caught', () => {
    expect(
      exportMatching(openApiShape({ type: 'object', properties: { success: { type: 'boolean' } } })),
    ).toBeNull();
    expect(exportMatching(openApiShape(scores.ScoreEntry))).toBe('scores.ScoreEntry');
  });
});
