/**
 * How deep a client's JSON may nest (issue #22): the server's bodies and live messages
 * are shallow (an export nests 5 deep, an action 3), and 6,000 levels of `[[[...]]]` in
 * an action, the options or an import overflowed the stack somewhere past the parser (a
 * 500). Depth is counted on the text before it is parsed, in one pass that takes no stack.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.ts';

/** Nesting allowed in a request body or a live message: arrays and objects, the outermost counted. */
export const MAX_JSON_DEPTH = 32;

/** Whether JSON text nests arrays and objects more than `max` deep (strings skipped, escapes too). */
export function nestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * The server's JSON bodies parsed as fastify parses them (prototype poisoning refused),
 * once their nesting is known to be shallow: deeper, 400 `request/invalid`.
 */
export function parseShallowJson(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = String(body);
    if (nestsDeeperThan(text)) {
      done(new ApiError(400, 'request/invalid', `JSON nests at most ${MAX_JSON_DEPTH} deep`), undefined);
      return;
    }
    json(req, text, done);
  });
}
