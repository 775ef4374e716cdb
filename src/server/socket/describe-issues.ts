/** Turns zod's issues into one sentence a person can act on, without echoing what was sent. */
import type { z } from 'zod';

export function describeIssues(what: string, error: z.ZodError): string {
  const parts = error.issues.slice(0, 3).map((issue) => {
    const path = issue.path.map(String).join('.');
    return path === '' ? issue.message : `${path}: ${issue.message}`;
  });
  return `${what} is not right: ${parts.join('; ')}.`;
}
