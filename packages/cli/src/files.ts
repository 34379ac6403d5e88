/**
 * Reading the JSON files the CLI is handed (tables, scenarios, replays, exports): a
 * missing file, bad JSON or a file of the wrong shape is a UsageError naming the file
 * and, for the shape, the first offending field.
 */
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { UsageError } from './usage.ts';

export function readJson(path: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(
      `cannot read ${what} ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${path} is not JSON: ${(e as Error).message}`);
  }
}

/** Reads a JSON file and checks it against a schema. */
export function readJsonAs<S extends z.ZodType>(path: string, what: string, schema: S): z.infer<S> {
  const parsed = schema.safeParse(readJson(path, what));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UsageError(`${path}: ${issue.path.join('.') || '(file)'}: ${issue.message}`);
  }
  return parsed.data;
}
