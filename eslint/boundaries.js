// The house rules that keep the code base's rooms apart, checked on every relative import:
//   - a web feature never imports another feature (pages and layouts compose features);
//   - the web's layers (webLayerViolation): shared code (components, lib, api, stores, i18n, styles) never
//     imports a feature, a feature never imports the app shell (app, pages, layouts), and a feature is
//     imported from outside only through its index.ts;
//   - a package never imports an app;
//   - a server module reaches another module only through its index.ts (its public surface);
//   - a server module's code uses its own tables only (a tables file may name another's for a foreign
//     key); the exceptions are declared with their reason in eslint/house-rules.js.
// Tests may reach anything: they check the rows and internals they are about.
import path from 'node:path';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));

const WEB_FEATURES = path.join(root, 'apps/web/src/features');
const WEB_SRC = path.join(root, 'apps/web/src');
const WEB_SHARED = ['components', 'lib', 'api', 'stores', 'i18n', 'styles'].map((folder) => path.join(WEB_SRC, folder));
const WEB_SHELL = ['app', 'pages', 'layouts'].map((folder) => path.join(WEB_SRC, folder));
const SERVER_MODULES = path.join(root, 'apps/server/src/modules');
const PACKAGES = path.join(root, 'packages');
const APPS = path.join(root, 'apps');

function firstFolderUnder(folder, file) {
  const relative = path.relative(folder, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [first, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? first : undefined;
}

function isInside(folder, file) {
  const relative = path.relative(folder, file);
  return !relative.startsWith('..') && !path.isAbsolute(relative);
}

const isTest = (file) => /\.test\.tsx?$/.test(file);
const isTables = (file) => /\.tables\.ts$/.test(file);

function allowedForeignTables(options, importer, module) {
  const relative = path.relative(root, importer);
  return (options.foreignTables ?? []).some((exception) => exception.file === relative && exception.modules.includes(module));
}

function serverModuleViolation(importer, imported, options) {
  const importerModule = firstFolderUnder(SERVER_MODULES, importer);
  if (!importerModule || isTest(importer)) return undefined;
  const importedModule = firstFolderUnder(SERVER_MODULES, imported);
  if (!importedModule || importedModule === importerModule) return undefined;
  if (isTables(imported)) {
    if (isTables(importer) || allowedForeignTables(options, importer, importedModule)) return undefined;
    return { messageId: 'foreignTables', data: { from: importerModule, to: importedModule } };
  }
  if (path.basename(imported) !== 'index.ts') {
    return { messageId: 'moduleInternals', data: { from: importerModule, to: importedModule, file: path.basename(imported) } };
  }
  return undefined;
}

/** The feature a path is in or is (`features/auth`, `features/auth/index.ts`), and what follows its folder. */
function webFeatureOf(file) {
  const relative = path.relative(WEB_FEATURES, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [feature, ...rest] = relative.split(path.sep);
  return { feature, rest: rest.join('/') };
}

/** The web's layers (bulletproof-react): shared code below features, features below the app shell. */
export function webLayerViolation(importer, imported) {
  const target = webFeatureOf(imported);
  const source = webFeatureOf(importer);
  if (target && WEB_SHARED.some((folder) => isInside(folder, importer))) {
    return { messageId: 'sharedImportsFeature', data: { to: target.feature } };
  }
  if (source && WEB_SHELL.some((folder) => isInside(folder, imported))) {
    return { messageId: 'featureImportsShell', data: { from: source.feature, to: path.relative(WEB_SRC, imported).split(path.sep)[0] } };
  }
  if (!target || source?.feature === target.feature) return undefined;
  if (source) return { messageId: 'featureImport', data: { from: source.feature, to: target.feature } };
  if (!['', 'index', 'index.ts'].includes(target.rest)) {
    return { messageId: 'featureDeepImport', data: { to: target.feature, path: target.rest.replace(/\.tsx?$/, '') } };
  }
  return undefined;
}

export function boundaryViolation(importer, imported, options = {}) {
  const importerFeature = firstFolderUnder(WEB_FEATURES, importer);
  const importedFeature = firstFolderUnder(WEB_FEATURES, imported);
  if (importerFeature && importedFeature && importerFeature !== importedFeature) {
    return { messageId: 'featureImport', data: { from: importerFeature, to: importedFeature } };
  }
  if (isInside(PACKAGES, importer) && isInside(APPS, imported)) {
    return { messageId: 'packageImportsApp', data: {} };
  }
  return serverModuleViolation(importer, imported, options) ?? webLayerViolation(importer, imported);
}

const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps web features, packages and server modules apart' },
    schema: [
      {
        type: 'object',
        properties: {
          foreignTables: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                file: { type: 'string' },
                modules: { type: 'array', items: { type: 'string' } },
                reason: { type: 'string', minLength: 10 },
              },
              required: ['file', 'modules', 'reason'],
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      featureImport:
        'The web feature "{{from}}" imports the feature "{{to}}": move the shared piece to components/, lib/ or api/, or compose both in a page.',
      packageImportsApp: 'A package never imports an app.',
      moduleInternals:
        'The server module "{{from}}" imports {{file}} of "{{to}}": import it from ../{{to}}/index.js, and export it there if it belongs to that module\'s public surface.',
      foreignTables:
        'The server module "{{from}}" uses the tables of "{{to}}": call that module\'s service, or declare the exception with its reason in eslint/house-rules.js.',
      sharedImportsFeature:
        'Shared web code (components, lib, api, stores, i18n, styles) imports the feature "{{to}}": shared code sits below the features, so move what both need here, or compose in a page.',
      featureImportsShell:
        'The web feature "{{from}}" imports {{to}}/: features sit below the app shell (app, pages, layouts), which composes them.',
      featureDeepImport:
        'This imports "{{path}}" inside the feature "{{to}}": import the feature through its index.ts, and export there what other parts use.',
    },
  },
  create(context) {
    const importer = context.filename;
    const options = context.options[0] ?? {};
    function check(node) {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string') return;
      if (/^@spatia\/(server|web)(\/|$)/.test(specifier) && isInside(PACKAGES, importer)) {
        context.report({ node: node.source, messageId: 'packageImportsApp' });
        return;
      }
      if (!specifier.startsWith('.')) return;
      const imported = path.resolve(path.dirname(importer), specifier.replace(/\.js$/, '.ts'));
      const violation = boundaryViolation(importer, imported, options);
      if (violation) context.report({ node: node.source, ...violation });
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { boundaries } };
