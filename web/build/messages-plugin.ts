// Build-time messages: production ships no ICU parser (~8 kB gzipped), and every page downloads the
// messages of the code it runs, in its visitor's language only
// (docs/web.md, 'Messages load with the code that shows them'):
//
// - every `defineMessages` entry in src/ becomes `{id}`: the Polish `defaultMessage` and the
//   description (for translators) are dropped from the code, and the module calls
//   `needMessages(import.meta.url)` (src/i18n/catalogues.ts) as it runs;
// - next to every chunk whose modules declare messages, one catalogue per language holds exactly
//   those messages, pre-parsed to ICU ASTs (as `babel-plugin-formatjs` with `ast: true`): `x.js` gets
//   `x.pl.js` and `x.en.js`. A chunk's name covers its texts too, so a changed translation is a new
//   file name (the files are cached for a year);
// - `@formatjs/icu-messageformat-parser` resolves to its parser-less build.
//
// Tests and the dev server see the sources as written (with the whole catalogues). A `defaultMessage`
// that is not a string literal, or an id a catalogue lacks, fails the build rather than showing an id
// in the browser.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import type { Expression, Node, ObjectLiteralExpression } from 'typescript';
import type { Plugin, Rollup } from 'vite';

const SOURCE = /[\\/]src[\\/].+\.tsx?$/;
/** The languages, each with its catalogue (src/i18n/messages/<locale>.json). */
const LOCALES = ['pl', 'en'] as const;
type Locale = (typeof LOCALES)[number];
type Compiled = Record<string, MessageFormatElement[]>;

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** The module with every `defineMessages` descriptor reduced to its id, and those ids; null without any. */
async function compileDefineMessages(code: string, id: string): Promise<{ code: string; ids: string[] } | null> {
  const ts = (await import('typescript')).default;
  const file = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true, id.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edits: Edit[] = [];
  const ids: string[] = [];

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
      throw new Error(`${id}: the defaultMessage of "${messageId}" must be a string literal`);
    }
    ids.push(messageId);
    edits.push({ start: node.getStart(file), end: node.getEnd(), text: `{ id: ${JSON.stringify(messageId)} }` });
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
  // The chunk this module ends up in loads its catalogue as soon as the module runs.
  out += `\nimport { needMessages as __needMessages } from '@/i18n/catalogues';\n__needMessages(import.meta.url);\n`;
  return { code: out, ids };
}

/** A chunk's catalogue file in `locale`: `assets/x.js` -> `assets/x.en.js` (src/i18n/catalogues.ts). */
export function catalogueFile(chunkFile: string, locale: string): string {
  return chunkFile.replace(/\.js$/, `.${locale}.js`);
}

/** Whether the build wrote catalogues for this chunk (its modules declare messages). */
export function hasCatalogues(bundle: Rollup.OutputBundle, chunkFile: string): boolean {
  return catalogueFile(chunkFile, LOCALES[0]) in bundle;
}

export function precompiledMessages(): Plugin {
  let root = '';
  const catalogues = {} as Record<Locale, Compiled>;
  /** The message ids each source module declares. */
  const declared = new Map<string, string[]>();

  const idsOf = (moduleIds: readonly string[]): string[] =>
    moduleIds.flatMap((module) => declared.get(module.split('?')[0] ?? module) ?? []).sort();

  const pick = (locale: Locale, ids: readonly string[], chunk: string): Compiled => {
    const out: Compiled = {};
    for (const id of ids) {
      const text = catalogues[locale][id];
      if (!text) throw new Error(`${chunk}: message "${id}" is missing from src/i18n/messages/${locale}.json`);
      out[id] = text;
    }
    return out;
  };

  return {
    name: 'nisko-bus:precompiled-messages',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    async buildStart() {
      declared.clear();
      for (const locale of LOCALES) {
        const source = JSON.parse(await readFile(join(root, 'src/i18n/messages', `${locale}.json`), 'utf8')) as Record<string, string>;
        catalogues[locale] = Object.fromEntries(Object.entries(source).map(([key, text]) => [key, parse(text)]));
      }
    },
    async transform(code, id) {
      const path = id.split('?')[0] ?? id;
      if (SOURCE.test(path) && !path.includes('node_modules') && code.includes('defineMessages')) {
        const compiled = await compileDefineMessages(code, path);
        if (compiled === null) return null;
        declared.set(path, compiled.ids);
        return { code: compiled.code, map: null };
      }
      return null;
    },
    // The chunk's file name changes with its messages' texts, and so do its catalogues' names.
    augmentChunkHash(chunk) {
      const ids = idsOf(chunk.moduleIds);
      if (ids.length === 0) return;
      const hash = createHash('sha256');
      for (const locale of LOCALES) hash.update(JSON.stringify(pick(locale, ids, chunk.fileName)));
      return hash.digest('hex');
    },
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const ids = idsOf(output.moduleIds);
        if (ids.length === 0) continue;
        for (const locale of LOCALES) {
          // A module with one export: JSON.parse reads a large literal faster than the JS parser.
          const json = JSON.stringify(pick(locale, ids, output.fileName));
          this.emitFile({
            type: 'asset',
            fileName: catalogueFile(output.fileName, locale),
            source: `export default JSON.parse(${JSON.stringify(json)});\n`,
          });
        }
      }
    },
  };
}

/** In a build the parser is never called: every message is an AST by then. */
export const parserlessAlias = {
  find: /^@formatjs\/icu-messageformat-parser$/,
  replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
};
