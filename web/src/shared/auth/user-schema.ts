import * as z from 'zod/mini';

import type { AuthUser } from '../stores/auth-store';

/** The user as login and `GET /user/auth/get` answer it (UserView in the OpenAPI document). */
export const authUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.string(),
}) satisfies z.ZodMiniType<AuthUser>;
