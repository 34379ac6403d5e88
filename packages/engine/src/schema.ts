/**
 * Plain-data files (scenarios, maps, tables, replays) are checked by zod schemas once,
 * at the edge; every problem is reported with the path of the field and the reason.
 */
import type { z } from 'zod';
import { type EngineSetupCode, err, ok, type Result, type SetupError } from './result.ts';

export function formatPath(root: string, path: readonly PropertyKey[]): string {
  let out = root;
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

/** Validates `data` against `schema`; on failure every issue becomes a SetupError. */
export function parseWithSchema<S extends z.ZodType>(
  schema: S,
  data: unknown,
  root = '',
): Result<z.infer<S>, SetupError<EngineSetupCode>[]> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return ok(parsed.data);
  return err(
    parsed.error.issues.map((issue) => ({
      code: 'setup/schema' as const,
      path: formatPath(root, issue.path),
      message: issue.message,
    })),
  );
}
