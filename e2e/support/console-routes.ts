import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/*
 * The console's pages, read from the web app's route table (apps/web/src/app/route-table.ts) rather than
 * copied by hand, so that a page added there is opened by the journeys that walk them all. The table is
 * parsed, not imported: importing it would pull every page of the web app into the journeys' type check.
 */

const ROUTE_TABLE = path.join(import.meta.dirname, '..', '..', 'apps', 'web', 'src', 'app', 'route-table.ts');

function propertyOf(object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const property of object.properties) {
    if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name) && property.name.text === name) return property.initializer;
  }
  return undefined;
}

function stringOf(expression: ts.Expression | undefined): string | undefined {
  return expression && ts.isStringLiteral(expression) ? expression.text : undefined;
}

/**
 * The path of every route of the table with the console's layout and a built page (redirects and
 * declared-only routes left out), as the table writes it: `:name` marks a path parameter.
 */
export function consolePaths(): string[] {
  const source = ts.createSourceFile(ROUTE_TABLE, readFileSync(ROUTE_TABLE, 'utf8'), ts.ScriptTarget.Latest, true);
  const paths: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node)) {
      const routePath = stringOf(propertyOf(node, 'path'));
      const meta = propertyOf(node, 'meta');
      if (routePath !== undefined && meta && ts.isObjectLiteralExpression(meta)) {
        const built = propertyOf(node, 'page') !== undefined && propertyOf(node, 'redirect') === undefined;
        if (built && stringOf(propertyOf(meta, 'layout')) === 'console') {
          paths.push(routePath);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (paths.length === 0) throw new Error(`no console route found in ${ROUTE_TABLE}: has the table changed shape?`);
  return paths;
}

/** The route's path with its parameters filled in from `values`; a parameter without a value is an error naming it. */
export function fillPath(routePath: string, values: Readonly<Record<string, string>>): string {
  return routePath.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${routePath}: no value for the path parameter ":${name}"`);
    return encodeURIComponent(value);
  });
}
