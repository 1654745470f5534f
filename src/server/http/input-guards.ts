import type { FastifyInstance, FastifyRequest } from 'fastify';
import { texts } from '../../shared/validation-texts';
import { fieldErrors, MAX_REPORTED_FIELDS } from '../domain-errors';
import { HttpError } from './http-errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A form endpoint's envelope (`patient` of `patient[first_name]`), set by `route()` from its definition. */
    formEnvelope?: string;
  }
}

export const FORBIDDEN_CHARACTERS_MESSAGE = texts.notAllowedCharacters;

/** Keys and values a JSON body or query may hold in all: far above any form, far below a flood. */
export const MAX_NODES = 2000;
/** Levels of nesting below the top of a JSON body or query (JSON bodies are scanned for it before parsing too). */
export const MAX_DEPTH = 12;

/**
 * The bidirectional controls: embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069) and the
 * marks (U+200E, U+200F, U+061C). They change the order text is shown in ("Trojan Source"), so a name or a
 * file name could read as something it is not (`invoice\u202Efdp.exe` shows as `invoiceexe.pdf`).
 */
function isBidiControl(code: number): boolean {
  return (
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0x200e ||
    code === 0x200f ||
    code === 0x061c
  );
}

/**
 * True when `text` holds a control character other than tab, line feed and carriage return (NUL, which
 * PostgreSQL refuses in text, DEL and the C1 controls U+0080–U+009F, such as a terminal's escape, and the rest,
 * which no person types into a form), a bidirectional control, or half of a surrogate pair (`"\ud800"` in
 * JSON: not a character, and stored it would silently become U+FFFD). The line and paragraph separators
 * (U+2028, U+2029) pass: text pasted into a message can hold them; one-line fields refuse them
 * (`hasHiddenCharacter`).
 */
export function hasForbiddenCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20) {
      if (code !== 0x09 && code !== 0x0a && code !== 0x0d) return true;
    } else if ((code >= 0x7f && code <= 0x9f) || (code >= 0x061c && isBidiControl(code))) return true;
    else if (code >= 0xd800 && code <= 0xdfff) {
      const next = text.charCodeAt(index + 1);
      if (code > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return true;
      index += 1;
    }
  }
  return false;
}

export function forbiddenCharacterError(fields: string[]): HttpError {
  return new HttpError(
    422,
    'invalid_characters',
    FORBIDDEN_CHARACTERS_MESSAGE,
    fieldErrors(fields.slice(0, MAX_REPORTED_FIELDS).map((field) => [field, [FORBIDDEN_CHARACTERS_MESSAGE]])),
  );
}

export const tooLarge = () => new HttpError(413, 'too_large', 'The request is too large.');

/** A body nested deeper or holding more values than any form: refused while it is parsed, or after. */
export const tooComplex = () =>
  new HttpError(413, 'too_complex', 'The request is nested too deeply or holds too many values for a form.');

/** The path of `key` under `path` (`patient.first_name`), as the 422 answer names the field. */
const pathOf = (path: string, key: string) => (path ? `${path}.${key}` : key);

/**
 * Walks a parsed query or JSON body once: answers the paths of text holding forbidden characters (in
 * keys or values), and refuses a body too big or too deep to be a form with 413. It runs on every request, so
 * a field's path is written out only for an object to walk into or a field to report, and no list of entries
 * is made per object (an API list's query, `?page=1&per_page=4`, walked clean, costs no garbage).
 */
function findForbidden(input: unknown, found: string[]): void {
  let nodes = 0;
  const visit = (value: unknown, path: string, depth: number) => {
    nodes += 1;
    if (nodes > MAX_NODES || depth > MAX_DEPTH) throw tooComplex();
    if (typeof value === 'string') {
      if (hasForbiddenCharacter(value)) found.push(path || '_');
      return;
    }
    if (!value || typeof value !== 'object') return;
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      if (hasForbiddenCharacter(key)) {
        found.push(pathOf(path, key));
        continue;
      }
      const child = (value as Record<string, unknown>)[key];
      if (child !== null && typeof child === 'object') visit(child, pathOf(path, key), depth + 1);
      else {
        // A leaf: counted and checked as `visit` would, its path written only when it is reported.
        nodes += 1;
        if (nodes > MAX_NODES || depth + 1 > MAX_DEPTH) throw tooComplex();
        if (typeof child === 'string' && hasForbiddenCharacter(child)) found.push(pathOf(path, key) || '_');
      }
    }
  };
  visit(input, '', 0);
}

/**
 * One guard for every route, before any handler reads its input: a path id with a forbidden character
 * is an unknown record (404); a query or JSON field with one answers 422. Multipart forms are checked
 * where they are read (`readForm`).
 */
export function registerInputGuards(app: FastifyInstance): void {
  // A callback, not an async function: it runs for every request, and nearly all pass.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      refuseForbiddenCharacters(request);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}

function refuseForbiddenCharacters(request: FastifyRequest): void {
  const params = request.params as Record<string, unknown> | undefined;
  if (params) {
    for (const name in params) {
      const value = Object.hasOwn(params, name) ? params[name] : undefined;
      if (name !== '*' && typeof value === 'string' && hasForbiddenCharacter(value))
        throw new HttpError(404, 'not_found', 'Not found');
    }
  }
  const forbidden: string[] = [];
  findForbidden(request.query, forbidden);
  const { body } = request;
  // A request without a body (every GET) has nothing more to walk, nor an envelope to look up.
  if (body !== undefined && body !== null && !request.isMultipart?.()) {
    const fromBody: string[] = [];
    findForbidden(body, fromBody);
    if (fromBody.length > 0) {
      const envelope = request.routeOptions.config.formEnvelope;
      const inEnvelope = `${envelope}.`;
      for (const path of fromBody)
        forbidden.push(envelope && path.startsWith(inEnvelope) ? path.slice(inEnvelope.length) : path);
    }
  }
  if (forbidden.length > 0) throw forbiddenCharacterError(forbidden);
}
