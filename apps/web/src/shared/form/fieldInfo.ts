import type { z } from 'zod';
import { fieldLabels } from '@clinica/domain';

/** What a form shows of a body schema's field: its label, its length limit, whether it is required. */
export interface FieldInfo {
  label: string | undefined;
  maxLength: number | undefined;
  required: boolean;
}

/** The schemas a field's own schema is wrapped in or made of, outermost first. */
function* layers(schema: z.core.$ZodType): Generator<z.core.$ZodType> {
  yield schema;
  const def = schema._zod.def as {
    type: string;
    innerType?: z.core.$ZodType;
    in?: z.core.$ZodType;
    out?: z.core.$ZodType;
  };
  // `.optional()`, `.nullable()`, `.default()`… wrap; a `.pipe()`, a `.transform()` and
  // `z.preprocess` make a pipe whose input (a builder's text) or output (preprocess) is the field.
  if (def.innerType) yield* layers(def.innerType);
  if (def.type === 'pipe') {
    if (def.in) yield* layers(def.in);
    if (def.out) yield* layers(def.out);
  }
}

/**
 * Reads a field of a body schema: the label its builder registered (`fieldLabels` in
 * packages/domain/src/fields.ts), the `max` of its text, and whether it refuses a missing value
 * (so the form marks it required exactly when the server would answer 'es obligatorio').
 */
export function fieldInfo(schema: z.ZodObject, name: string): FieldInfo {
  const field = schema.shape[name] as z.ZodType | undefined;
  if (!field) throw new Error(`The schema has no field '${name}'`);
  let label: string | undefined;
  let maxLength: number | undefined;
  for (const layer of layers(field)) {
    label ??= fieldLabels.get(layer)?.label;
    if (maxLength === undefined && layer._zod.def.type === 'string') {
      maxLength = (layer as z.ZodString).maxLength ?? undefined;
    }
  }
  return { label, maxLength, required: !field.safeParse(undefined).success };
}
