import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// A simple check that the store shows no hard-coded English: in apps/store/src/**/*.tsx (and the same in
// the seller panel and the shared components of packages/ui), no JSX text
// with letters (`<h1>Cart</h1>`), no string literal with letters as a JSX child (`{'Cart'}`), and no
// literal with letters in the attributes people read or hear (alt, title, aria-label, placeholder).
// Text comes from t(...). It is a heuristic: text built in plain TypeScript outside JSX is not seen.

const root = path.resolve(import.meta.dirname, '..', '..');
const storeSource = path.join(root, 'apps', 'store', 'src');

/** Attributes whose text reaches the user. */
const USER_VISIBLE_ATTRIBUTES = new Set(['alt', 'title', 'aria-label', 'aria-description', 'aria-placeholder', 'aria-roledescription', 'aria-valuetext', 'placeholder']);

/**
 * Literal text that is allowed, each with its reason: "<file relative to apps/store/src>: <text>".
 * Keep it short; a translatable word belongs in locales/en/store-*.json.
 */
const ALLOWED: Record<string, string> = {};

function tsxFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...tsxFiles(full));
    else if (name.endsWith('.tsx')) out.push(full);
  }
  return out;
}

const hasLetters = (text: string) => /\p{L}/u.test(text);

/** "file:line: text" for each literal the user would read. */
function literalTexts(file: string, source: string): string[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    found.push(`${file}:${line + 1}: ${text}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      const text = node.getText(sourceFile).replace(/\s+/g, ' ').trim();
      if (hasLetters(text)) report(node, text);
    } else if (ts.isJsxExpression(node) && node.expression && ts.isJsxElement(node.parent) && (ts.isStringLiteral(node.expression) || ts.isNoSubstitutionTemplateLiteral(node.expression))) {
      if (hasLetters(node.expression.text)) report(node, node.expression.text);
    } else if (ts.isJsxAttribute(node) && USER_VISIBLE_ATTRIBUTES.has(node.name.getText(sourceFile)) && node.initializer) {
      const value = node.initializer;
      const literal = ts.isStringLiteral(value)
        ? value
        : ts.isJsxExpression(value) && value.expression && (ts.isStringLiteral(value.expression) || ts.isNoSubstitutionTemplateLiteral(value.expression))
          ? value.expression
          : undefined;
      if (literal && hasLetters(literal.text)) report(node, `${node.name.getText(sourceFile)}="${literal.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

describe('store source', () => {
  it('the check finds literal text in JSX', () => {
    const sample = `export const A = () => <p title="Hint" alt={'12'}>Hello <b>{'World'}</b> {t('ok')} · 12 <i aria-label={label} /></p>;`;
    expect(literalTexts('sample.tsx', sample)).toEqual(['sample.tsx:1: title="Hint"', 'sample.tsx:1: Hello', 'sample.tsx:1: World']);
  });

  it.each([
    ['the store', storeSource],
    ['the seller panel', path.join(root, 'apps', 'seller', 'src')],
    ['the shared components', path.join(root, 'packages', 'ui', 'src')],
  ])('%s has no literal user-visible text in JSX (text comes from t(...))', (_name, sourceDir) => {
    const files = tsxFiles(sourceDir);
    expect(files.length).toBeGreaterThan(0);
    const found = files
      .flatMap((file) => literalTexts(path.relative(sourceDir, file), readFileSync(file, 'utf8')))
      .filter((entry) => {
        const [, file, text] = /^(.*?):\d+: (.*)$/.exec(entry) ?? [];
        return !(`${file}: ${text}` in ALLOWED);
      });
    expect(found).toEqual([]);
  });
});
