// Issue 16: every user-facing string in the interface goes through i18next. This reads every
// app/**/*.tsx with the TypeScript compiler and fails on JSX text with letters in it, and on the
// user-facing attributes (title, alt, aria-label, placeholder, label) given a literal with letters,
// directly or in a `{…}` expression (a conditional's branches, a template's literal parts). What is not
// language — punctuation, numbers, symbols such as × or ▶ — has no letters and passes; the few tokens
// with letters that are not language are allowed below, each by file and exact text, with the reason.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const APP = path.resolve(import.meta.dirname, '..');
const ATTRIBUTES = new Set(['title', 'alt', 'aria-label', 'placeholder', 'label', 'aria-description']);
const LETTER = /\p{L}/u;

/** `file: text` pairs that have letters and are not language. Keep it short and say why. */
const ALLOWED = new Set<string>([
  // The URL fields' placeholder shows the scheme a link starts with: the same in every language.
  'components/member/member-edit.tsx: https://',
  'components/upload/source-fields.tsx: https://',
]);

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(full);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [full] : [];
  });
}

/** The literal texts an attribute's value may show: string literals and templates' literal parts. */
function literalTexts(node: ts.Node | undefined): string[] {
  if (!node) return [];
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isJsxExpression(node) || ts.isParenthesizedExpression(node)) return literalTexts(node.expression);
  if (ts.isConditionalExpression(node))
    return [...literalTexts(node.whenTrue), ...literalTexts(node.whenFalse)];
  if (ts.isBinaryExpression(node)) {
    const kind = node.operatorToken.kind;
    if (kind === ts.SyntaxKind.BarBarToken || kind === ts.SyntaxKind.QuestionQuestionToken) {
      return [...literalTexts(node.left), ...literalTexts(node.right)];
    }
    if (kind === ts.SyntaxKind.PlusToken) return [...literalTexts(node.left), ...literalTexts(node.right)];
    return [];
  }
  if (ts.isTemplateExpression(node)) {
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
  }
  return [];
}

/** Every literal with letters that a component shows, as `file:line: text`. */
function shownLiterals(file: string, source: string): { where: string; text: string }[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: { where: string; text: string }[] = [];
  const add = (node: ts.Node, text: string) => {
    const line = sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    found.push({ where: `${path.relative(APP, file)}:${line}`, text });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      const text = node.text.replace(/\s+/g, ' ').trim();
      if (LETTER.test(text)) add(node, text);
    } else if (
      ts.isJsxExpression(node) &&
      node.parent &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      // `{'text'}` or `{cond ? 'a' : 'b'}` as a child.
      for (const text of literalTexts(node.expression)) if (LETTER.test(text)) add(node, text);
    } else if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(sourceFile);
      if (ATTRIBUTES.has(name)) {
        for (const text of literalTexts(node.initializer)) if (LETTER.test(text)) add(node, text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

describe('the scan', () => {
  const scan = (source: string) => shownLiterals(path.join(APP, 'x.tsx'), source).map(({ text }) => text);

  it('finds literal text children, attributes and expressions with letters', () => {
    const source = `export const A = ({ on }: { on: boolean }) => (
      <div title="Close">
        Watch later
        <img alt={'Poster'} src="/a.png" />
        <input placeholder={\`Search \${1}\`} aria-label={on ? t('x') : 'Closed'} />
        <Field label="Größe">{on ? '日本語' : null}</Field>
      </div>
    );`;
    expect(scan(source)).toEqual(['Close', 'Watch later', 'Poster', 'Search ', 'Closed', 'Größe', '日本語']);
  });

  it('passes translations, punctuation, numbers and symbols', () => {
    const source = `export const B = () => (
      <p title={t('a.b')} aria-label={label}>
        {t('c')} × 12 – {' · '} ▶ {count}
        <span className="not-language" data-x="word">{variable}</span>
      </p>
    );`;
    expect(scan(source)).toEqual([]);
  });
});

describe('user-facing text in app/**/*.tsx', () => {
  it('comes from i18next, never a literal', () => {
    const bypasses: string[] = [];
    for (const file of tsxFiles(APP)) {
      for (const { where, text } of shownLiterals(file, readFileSync(file, 'utf8'))) {
        const key = `${where.replace(/:\d+$/, '')}: ${text}`;
        if (!ALLOWED.has(key)) bypasses.push(`${where}: ${text}`);
      }
    }
    expect(bypasses).toEqual([]);
  });
});
