import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/*
 * The public site's pages, read from the web app's route table and its open paths (spec 2.1), parsed rather
 * than imported as e2e/support/console-routes.ts does: a page another change adds to the table is walked
 * by the journeys without an edit here.
 */

const WEB_APP = path.join(import.meta.dirname, '..', '..', 'apps', 'web', 'src', 'app');

function propertyOf(object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const property of object.properties) {
    if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name) && property.name.text === name) return property.initializer;
  }
  return undefined;
}

function stringOf(expression: ts.Expression | undefined): string | undefined {
  return expression && ts.isStringLiteral(expression) ? expression.text : undefined;
}

/** The string literals of the array that `const <name> = [...]` holds in navigation-rules.ts. */
function openList(name: string): string[] {
  const file = path.join(WEB_APP, 'navigation-rules.ts');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const values: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name) {
      const collect = (inner: ts.Node): void => {
        if (ts.isStringLiteral(inner)) values.push(inner.text);
        ts.forEachChild(inner, collect);
      };
      if (node.initializer) collect(node.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (values.length === 0) throw new Error(`no ${name} found in ${file}: has it changed shape?`);
  return values;
}

function isOpen(routePath: string, openPaths: readonly string[], openPrefixes: readonly string[]): boolean {
  const sample = routePath.replace(/:\w+/g, 'x');
  return (
    openPaths.some((open) => sample === open || (open.endsWith('/') && open !== '/' && sample.startsWith(open))) ||
    openPrefixes.some((prefix) => sample.startsWith(prefix))
  );
}

/**
 * Every route of the table with a built page (redirects and declared-only routes left out) that a visitor
 * without a token may open: the public layout's pages and the other open paths of spec 2.1, as the table
 * writes them (`:name` marks a path parameter).
 */
export function publicPaths(): string[] {
  const openPaths = openList('OPEN_PATHS');
  const openPrefixes = openList('OPEN_PREFIXES');
  const file = path.join(WEB_APP, 'route-table.ts');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const paths: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node)) {
      const routePath = stringOf(propertyOf(node, 'path'));
      const meta = propertyOf(node, 'meta');
      if (routePath !== undefined && meta && ts.isObjectLiteralExpression(meta)) {
        const built = propertyOf(node, 'page') !== undefined && propertyOf(node, 'redirect') === undefined;
        const layout = stringOf(propertyOf(meta, 'layout'));
        if (built && (layout === 'public' || isOpen(routePath, openPaths, openPrefixes)) && !paths.includes(routePath)) {
          paths.push(routePath);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (paths.length === 0) throw new Error(`no public route found in ${file}: has the table changed shape?`);
  return paths;
}
