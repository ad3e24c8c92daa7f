import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
/* eslint-disable no-control-regex -- matching control characters is this module's purpose */

/** Control characters no field may hold: C0 (NUL…US) and DEL; PostgreSQL refuses NUL in text outright. */
const CONTROL = /[\x00-\x1f\x7f]/;
/** In a JSON body, multi-line text (descriptions, stories, a CSV) keeps its tabs and line breaks. */
const CONTROL_IN_TEXT = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;

type Part = 'query' | 'params' | 'body';

/** The first string (value or key) in `value` holding a character of `pattern`, as a dotted path. */
export function findControlCharacter(value: unknown, pattern: RegExp, root: string): { where: string; code: number } | null {
  // Iterative, so a deeply nested body cannot overflow the stack.
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [node, where] = stack.pop()!;
    if (typeof node === 'string') {
      const match = pattern.exec(node);
      if (match) return { where, code: match[0].charCodeAt(0) };
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push([node[i], `${where}[${i}]`]);
    } else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        const match = pattern.exec(key);
        if (match) return { where: `${where} (a field name)`, code: match[0].charCodeAt(0) };
        stack.push([child, `${where}.${key}`]);
      }
    }
  }
  return null;
}

const codePoint = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

/** The media type of a request without its parameters: 'application/json; charset=utf-8' → 'application/json'. */
function mediaType(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

function accepts(declared: string[], type: string): boolean {
  return declared.some((d) => d === type || d === '*/*' || (d.endsWith('/*') && type.startsWith(d.slice(0, -1))));
}

/**
 * Two checks before the contract's validation, for every route:
 * - a body in a media type the operation does not declare is refused with 415: the glue
 *   validates `application/json` bodies only, so a JSON body sent as text/plain would reach
 *   the handler unchecked;
 * - control characters in any query, path or body string are refused with 400 (tab and
 *   line breaks stay allowed in body text), so they never reach the database.
 */
export function registerInputGuards(app: FastifyInstance) {
  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    const declared = (request.routeOptions.schema?.body as { content?: Record<string, unknown> } | undefined)?.content;
    if (declared && request.body !== undefined) {
      const types = Object.keys(declared);
      const type = mediaType(request);
      if (!accepts(types, type)) {
        return reply.code(415).send({ detail: `Send this request's body as ${types.join(' or ')}${type ? `, not ${type}` : ''}.` });
      }
    }
    for (const part of ['params', 'query', 'body'] as Part[]) {
      const found = findControlCharacter(request[part], part === 'body' ? CONTROL_IN_TEXT : CONTROL, part);
      if (found) {
        return reply
          .code(400)
          .send({ detail: `${found.where} contains a control character (${codePoint(found.code)}); remove it and try again.` });
      }
    }
  });
}
