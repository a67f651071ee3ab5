// A rule's refusal in the person's language: the same table of codes as the server's field errors
// (shared/api/server-code-texts.ts), so a form says before sending what the server's answer would say.
import { serverText } from '@/shared/api/server-messages';
import type { DisplayText } from '@/shared/lib/display-text';

import type { FieldProblem } from './problem';

/** The message of `problem` (`field.too_long` with its `max`…), from the one table of codes. */
export function problemText(problem: FieldProblem): DisplayText {
  return serverText({ code: problem.code, message: '', params: problem.params });
}
