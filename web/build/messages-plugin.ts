// Build-time message compilation, so production ships no ICU parser (~8 kB gzipped) and no Polish
// catalogue in the first download (the Polish texts are the `defaultMessage`s, which travel with the
// code that uses them, lazy routes included):
//
// - every `defineMessages` entry in src/ becomes `{id, defaultMessage: <ICU AST>}`: the description
//   (for translators) is dropped and the text pre-parsed, as `babel-plugin-formatjs` with `ast: true`;
// - the JSON catalogues (src/i18n/messages/*.json) become ASTs too;
// - `@formatjs/icu-messageformat-parser` resolves to its parser-less build.
//
// Tests and the dev server see the sources as written. A `defaultMessage` that is not a string literal
// cannot be compiled and fails the build, rather than failing at run time in the browser.
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Expression, Node, ObjectLiteralExpression } from 'typescript';
import type { Plugin } from 'vite';

const CATALOGUE = /[\\/]src[\\/]i18n[\\/]messages[\\/][a-z-]+\.json$/;
const SOURCE = /[\\/]src[\\/].+\.tsx?$/;

interface Edit {
  start: number;
  end: number;
  text: string;
}

async function compileDefineMessages(code: string, id: string): Promise<string | null> {
  const ts = (await import('typescript')).default;
  const file = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true, id.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edits: Edit[] = [];

  const compileDescriptor = (node: ObjectLiteralExpression) => {
    let messageId: string | undefined;
    let defaultMessage: Expression | undefined;
    for (const property of node.properties) {
      if (!ts.isPropertyAssignment(property)) continue;
      const name = property.name.getText(file);
      if (name === 'id' && ts.isStringLiteralLike(property.initializer)) messageId = property.initializer.text;
      if (name === 'defaultMessage') defaultMessage = property.initializer;
    }
    if (!messageId || !defaultMessage) return;
    if (!ts.isStringLiteralLike(defaultMessage)) {
      throw new Error(`${id}: the defaultMessage of "${messageId}" must be a string literal to be compiled`);
    }
    const ast = JSON.stringify(parse(defaultMessage.text));
    edits.push({
      start: node.getStart(file),
      end: node.getEnd(),
      text: `{ id: ${JSON.stringify(messageId)}, defaultMessage: ${ast} }`,
    });
  };

  const visit = (node: Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'defineMessages' &&
      node.arguments[0] &&
      ts.isObjectLiteralExpression(node.arguments[0])
    ) {
      for (const property of node.arguments[0].properties) {
        if (ts.isPropertyAssignment(property) && ts.isObjectLiteralExpression(property.initializer)) {
          compileDescriptor(property.initializer);
        }
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);

  if (edits.length === 0) return null;
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return out;
}

export function precompiledMessages(): Plugin {
  return {
    name: 'nisko-bus:precompiled-messages',
    apply: 'build',
    enforce: 'pre',
    async transform(code, id) {
      const path = id.split('?')[0] ?? id;
      if (CATALOGUE.test(path)) {
        const catalogue = JSON.parse(code) as Record<string, string>;
        const compiled = Object.fromEntries(Object.entries(catalogue).map(([key, text]) => [key, parse(text)]));
        // Still JSON: Vite's JSON plugin turns it into a module next.
        return { code: JSON.stringify(compiled), map: null };
      }
      if (SOURCE.test(path) && !path.includes('node_modules') && code.includes('defineMessages')) {
        const compiled = await compileDefineMessages(code, path);
        return compiled === null ? null : { code: compiled, map: null };
      }
      return null;
    },
  };
}

/** In a build the parser is never called: every message is an AST by then. */
export const parserlessAlias = {
  find: /^@formatjs\/icu-messageformat-parser$/,
  replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
};
