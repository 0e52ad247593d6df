import { z } from 'zod';

/*
 * Apart from the sign-in's schemas (auth.ts): the web app reads the claims of its stored token
 * before its first screen, and needs none of the sign-in's forms for that.
 */

/** The session of spec 000 §3, as the access token's claims carry it. */
export const sessionClaims = z.object({
  userId: z.number().int(),
  username: z.string(),
  fullname: z.string(),
  privileges: z.record(z.string(), z.array(z.string())),
  branchId: z.number().int(),
  branch: z.string(),
  role: z.string(),
  path: z.string(),
  quick_login: z.boolean(),
  /** The branch's IANA time zone, in which the screens show dates. */
  zone: z.string().optional(),
  photo: z.string().nullable(),
});
export type SessionClaims = z.infer<typeof sessionClaims>;
