// The server's English comes from locales/en.json (issue 12): english() reads it, and no answer's
// sentence is written in the code. The scan below fails on a DomainError or an error body whose
// message is a literal sentence, naming the file and line: use english('<key>') and put the text in
// locales/en.json (`api` for what no page shows).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import catalogue from '../../locales/en.json' with { type: 'json' };
import { type EnglishKey, english } from './english.ts';

const SERVER = path.resolve(import.meta.dirname, '..');

/** Literal texts that are no sentence for a reader, by file, with the reason. */
const ALLOWED = new Set([
  // CHECK_RESPONSES (tests and development): the route, the status and the schema's complaint, for the
  // developer who broke the contract; never answered in production.
  'http/contract.ts',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'seed' || entry.name === 'test' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !/\.test\.ts$|\.fixtures\.ts$/.test(entry.name) ? [full] : [];
  });
}

const isLiteralText = (node: ts.Node | undefined) =>
  node !== undefined &&
  (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node));

/** `message: '…'` of a DomainError, `error: '…'` of an answer's body: literal sentences, as file:line. */
function literalMessages(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const where = (node: ts.Node) =>
    `${path.relative(SERVER, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  if (ALLOWED.has(path.relative(SERVER, file))) return [];
  const visit = (node: ts.Node) => {
    if (ts.isNewExpression(node) && node.expression.getText() === 'DomainError') {
      const options = node.arguments?.[1];
      if (options && ts.isObjectLiteralExpression(options)) {
        for (const property of options.properties) {
          if (ts.isPropertyAssignment(property) && property.name.getText() === 'message') {
            if (isLiteralText(property.initializer)) found.push(where(property));
          }
        }
      }
    }
    // An answer's body written by hand: { error: '…', code: … }.
    if (ts.isObjectLiteralExpression(node)) {
      const names = node.properties.map((p) => p.name?.getText());
      if (names.includes('error') && names.includes('code')) {
        for (const property of node.properties) {
          if (ts.isPropertyAssignment(property) && property.name.getText() === 'error') {
            if (isLiteralText(property.initializer)) found.push(where(property));
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('english()', () => {
  it('is the text of locales/en.json under the key', () => {
    expect(english('notify.video_not_found')).toBe(catalogue.notify.video_not_found);
    expect(english('api.not_found')).toBe('Not found');
  });

  it("fills i18next's {{placeholders}} and leaves one without a value as it is", () => {
    expect(english('form.error.image_too_small', { width: 1250, height: 250 })).toBe(
      'Image upload at least 1250x250',
    );
    expect(english('api.invalid_field', { field: 'video_id' })).toBe('Invalid video_id');
    expect(english('form.error.image_too_small', { width: 1 })).toBe('Image upload at least 1x{{height}}');
  });

  it('refuses a key that names no text', () => {
    expect(() => english('api.no_such_text' as EnglishKey)).toThrow(
      'locales/en.json has no text api.no_such_text',
    );
    expect(() => english('api' as EnglishKey)).toThrow();
  });
});

describe("the server's English", () => {
  it('has no sentence written in the code: every answer takes its text from locales/en.json', () => {
    expect(sourceFiles(SERVER).flatMap(literalMessages)).toEqual([]);
  });

  it('names only keys that locales/en.json has', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(SERVER)) {
      for (const [, key] of readFileSync(file, 'utf8').matchAll(/\benglish\('([^']+)'/g)) {
        let node: unknown = catalogue;
        for (const part of (key as string).split('.')) node = (node as Record<string, unknown>)?.[part];
        if (typeof node !== 'string') missing.push(`${path.relative(SERVER, file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
