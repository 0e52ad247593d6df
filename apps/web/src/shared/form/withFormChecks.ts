import { z } from 'zod';

/**
 * A form's schema built on the request body's schema from the domain (STYLE: never a second copy
 * of the rules): the body schema checks the fields the API takes; `check` adds what only the
 * screen knows (a chosen photo, a rule that depends on a looked-up type's name). The output keeps
 * the two apart: `body` travels as JSON, `extra` holds what travels in its own call.
 */
export function withFormChecks<Body extends z.ZodType, Extra>(
  body: Body,
  options: {
    /** Form values that are not part of the body (photos, removed photos). */
    extraKeys: string[];
    extra: (values: Record<string, unknown>) => Extra;
    check?: (
      values: Record<string, unknown>,
      issue: (path: string, message: string) => void,
    ) => void;
  },
) {
  return z.custom<Record<string, unknown>>().transform((values, ctx) => {
    const fields = Object.fromEntries(
      Object.entries(values ?? {}).filter(
        ([key, value]) => !options.extraKeys.includes(key) && value !== undefined,
      ),
    );
    const parsed = body.safeParse(fields);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({
          code: 'custom',
          path: issue.path,
          message: issue.message,
          input: undefined,
        });
    }
    let failed = !parsed.success;
    options.check?.(values ?? {}, (path, message) => {
      failed = true;
      ctx.addIssue({ code: 'custom', path: path.split('.'), message, input: undefined });
    });
    if (failed || !parsed.success) return z.NEVER;
    return { body: parsed.data as z.output<Body>, extra: options.extra(values ?? {}) };
  });
}
