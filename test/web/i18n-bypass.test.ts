/**
 * Every word the page shows goes through the catalog (issue 20): a scan of src/web's sources with the
 * TypeScript parser finds JSX text with letters, user-facing attributes (aria-label, title, placeholder, alt,
 * label) given a literal, and string literals that read like words anywhere else. What is left must be on the
 * short list below, each with its reason. Failure values' messages (objects with a `code`) are for developers
 * and logs: the page shows refusalSentence(code) instead.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const WEB = join(import.meta.dirname, '../../src/web');

/** Attributes a person reads or hears. */
const USER_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'title', 'placeholder', 'alt', 'label']);

/** Calls whose string arguments are not shown: the catalog itself, the console, errors for bugs, selectors, media queries. */
const NOT_SHOWN_CALLS =
  /^(t|console\.\w+|Error|document\.querySelector\w*|\w+\.querySelector\w*|\w+\.matchMedia)$/;

/** Words the page may show as they are, e.g. the game's name. Each with why. */
const ALLOWED: Readonly<Record<string, string>> = {
  'Pirates! Stratego': "the game's name (Jumbo sells it under this name everywhere)",
  'Pirates!': "the game's name, its first half in the heading",
  Stratego: "the game's name, its second half in the heading",
  'Bearer ': 'the HTTP Authorization scheme, sent to the server',
  TNT: 'painted on the Powder Barrel, as on the real card',
  Left: "a catalog key's ending (miss.cloth.aboveLeft), not shown",
  Right: "a catalog key's ending (miss.cloth.aboveRight), not shown",
  'not JSON': "parseRecord's reason for the console; the player reads errors.notRecord",
  'no options or actions': "parseRecord's reason for the console",
  'actions is not a list': "parseRecord's reason for the console",
  'the analysis could not be loaded': "the Worker's failure for the console; the page says analysis.failed",
  'The kept game is not one this page can read.': 'the local host to the controller, shown by code',
  'The kept game no longer replays: ': 'the local host to the controller, shown by code',
};

interface Bypass {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'i18n' ? [] : sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** True when `node` sits where its text is never shown: an import, a type, a key, a selector, a failure value. */
function notShown(node: ts.Node): boolean | string {
  for (let at: ts.Node = node.parent; !ts.isSourceFile(at); at = at.parent) {
    if (ts.isJsxAttribute(at)) return at.name.getText();
    if (ts.isImportDeclaration(at) || ts.isExportDeclaration(at) || ts.isLiteralTypeNode(at)) return true;
    if (ts.isCallExpression(at) && NOT_SHOWN_CALLS.test(at.expression.getText())) return true;
    if (ts.isNewExpression(at) && /Error$/.test(at.expression.getText())) return true;
    if (ts.isBinaryExpression(at) && /^(===|!==)$/.test(at.operatorToken.getText())) return true;
    if (ts.isCaseClause(at) && at.expression === node) return true;
    if (
      ts.isObjectLiteralExpression(at) &&
      at.properties.some((p) => p.name !== undefined && p.name.getText() === 'code')
    )
      return true;
  }
  return false;
}

/** Reads like words a person reads: two words, or one capitalised word ('Home', 'Attack!'). */
function wordy(text: string): boolean {
  if (!/[A-Za-z]{2}/.test(text)) return false;
  if (/^[.#[]|\[data-|^[a-z-]+$/.test(text.trim())) return false;
  // A CSS media query kept in a constant ('(orientation: landscape) and (max-height: 500px)') is not words.
  if (/^\(\s*[a-z-]+\s*:[^)]*\)(\s+and\s+\(\s*[a-z-]+\s*:[^)]*\))*$/.test(text.trim())) return false;
  return /[A-Za-z]{2,}\S*\s+\S*[A-Za-z]/.test(text) || /^[A-Z][a-z]+[!.?]?$/.test(text.trim());
}

/** The literals of one source file that bypass the catalog. */
function bypasses(file: string, code: string): Bypass[] {
  const source = ts.createSourceFile(
    file,
    code,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: Bypass[] = [];
  const visit = (node: ts.Node): void => {
    let text: string | null = null;
    if (ts.isJsxText(node)) {
      if (/[A-Za-z]{2}/.test(node.text)) text = node.text.trim();
    } else if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const where = notShown(node);
      if (typeof where === 'string') {
        if (USER_ATTRIBUTES.has(where) && /[A-Za-z]{2}/.test(node.text)) text = node.text;
      } else if (!where && wordy(node.text)) text = node.text;
    }
    if (text !== null && ALLOWED[text.trim()] === undefined && ALLOWED[text] === undefined) {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push({ file: relative(WEB, file), line, text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('every word of the page goes through the catalog', () => {
  it('finds words written straight into the page (the scan works)', () => {
    const code = `
      export const A = () => <p title="Look back">Hello sailor</p>;
      const b = cond ? 'Your turn' : t('x');
      const c = \`Turn \${n} of \${m}\`;
      const d = <button aria-label={t('a')} class="primary big">{'Home'}</button>;
      const e = { code: 'x/y', message: 'For the log only.' };
      if (key === 'Escape') close();
      document.querySelector('[data-end] button');
      import('./nl.ts');`;
    expect(bypasses('/x/sample.tsx', code).map((b) => b.text)).toEqual([
      'Look back',
      'Hello sailor',
      'Your turn',
      'Turn ',
      'Home',
    ]);
  });

  it('src/web has no words outside the catalog but the allowed few', () => {
    const found = sources(WEB).flatMap((file) => bypasses(file, readFileSync(file, 'utf8')));
    expect(found.map((b) => `${b.file}:${b.line}: ${JSON.stringify(b.text)}`)).toEqual([]);
  });

  it("the page never words an event with the engine's English describeEvent, nor its name tables", () => {
    const engineWords =
      /\b(describeEvent|SEAT_NAMES|PIECE_NAMES|CARD_FACE_NAMES|FLAG_CARD_NAMES)\b[^;]*from '(\.\.\/)+engine\/index\.ts'/s;
    const offenders = sources(WEB).filter((file) =>
      [...readFileSync(file, 'utf8').matchAll(/import\s*\{[^}]*\}\s*from\s*'[^']+'/g)].some((m) =>
        engineWords.test(m[0]),
      ),
    );
    expect(offenders.map((f) => relative(WEB, f))).toEqual([]);
  });
});
