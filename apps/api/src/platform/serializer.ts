import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJson, { type Schema } from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * `anyOf: [{ type: X, … }, { type: 'null' }]`, zod's nullable, as `type: [X, 'null']`: the same
 * schema, which fast-json-stringify writes directly instead of validating each value against the
 * branches of an anyOf.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const schema = Object.fromEntries(
    Object.entries(node as JsonSchema).map(([key, value]) => [key, simplify(value)]),
  );
  const options = schema.anyOf;
  if (Array.isArray(options) && options.length === 2) {
    const nullIndex = options.findIndex(
      (option: JsonSchema) => option.type === 'null' && Object.keys(option).length === 1,
    );
    const other = options[1 - nullIndex] as JsonSchema | undefined;
    if (nullIndex !== -1 && other && typeof other.type === 'string' && !('anyOf' in other)) {
      const { anyOf: _dropped, ...rest } = schema;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return schema;
}

/** The schema without `additionalProperties: false` anywhere. */
function opened(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(opened);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node as JsonSchema)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, opened(value)]),
  );
}

/**
 * The JSON Schema of an answer when writing it from the schema gives what zod's encoding would:
 * every part representable, and the same in both directions (no transform, codec, pipe or
 * default, whose encoding would change the value). Null when it does not.
 */
export function plainJsonSchema(schema: z.ZodType): JsonSchema | null {
  try {
    const output = z.toJSONSchema(schema, {
      io: 'output',
      unrepresentable: 'throw',
      target: 'draft-7',
    });
    const input = z.toJSONSchema(schema, {
      io: 'input',
      unrepresentable: 'throw',
      target: 'draft-7',
    });
    // Output mode closes objects (`additionalProperties: false`), which only says zod strips the
    // undeclared keys: fast-json-stringify writes only the declared ones either way.
    const open = opened(output);
    if (JSON.stringify(open) !== JSON.stringify(input)) return null;
    const { $schema: _version, ...rest } = open as JsonSchema;
    return simplify(rest) as JsonSchema;
  } catch {
    return null;
  }
}

/**
 * An envelope whose `data` is one of several objects (GET /appointment: a day of the agenda or a
 * page of the table): a writer per option, the answer written by the first option whose required
 * fields its data has (so declare the option with more required fields first). fast-json-stringify
 * would otherwise validate the whole data against each option of the `anyOf` to choose one.
 */
function oneOfWriter(json: JsonSchema): ((data: unknown) => string) | null {
  const properties = json.properties as Record<string, JsonSchema> | undefined;
  const options = properties?.data?.anyOf as JsonSchema[] | undefined;
  if (!properties || !options?.every((option) => option.type === 'object')) return null;
  const writers = options.map((option) => ({
    required: (option.required ?? []) as string[],
    write: fastJson({ ...json, properties: { ...properties, data: option } } as unknown as Schema),
  }));
  return (answer: unknown) => {
    const data = (answer as { data?: Record<string, unknown> }).data ?? {};
    const chosen = writers.find(({ required }) => required.every((key) => key in data));
    return (chosen ?? writers[writers.length - 1]!).write(answer);
  };
}

/**
 * Answers written from their schemas: an answer whose zod schema has a plain JSON Schema is
 * written by fast-json-stringify compiled from it (only the declared fields, no generic walk and
 * no second pass of `JSON.stringify`); any other keeps the zod serializer (encode, then
 * stringify). The route table's answer schemas stay the one source of both.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  // Built on the route's first answer, not at start-up: two hundred routes' code generation
  // would otherwise delay the server's readiness by seconds on a busy machine.
  let write: ((data: unknown) => string) | undefined;
  const build = (): ((data: unknown) => string) => {
    const json = plainJsonSchema(route.schema);
    if (json) {
      try {
        return oneOfWriter(json) ?? fastJson(json as unknown as Schema);
      } catch {
        // A schema fast-json-stringify does not take: zod writes it.
      }
    }
    return zodSerializerCompiler(route);
  };
  return (data: unknown) => (write ??= build())(data);
};
