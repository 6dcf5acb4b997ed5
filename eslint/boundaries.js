// The house rules that keep the code base's rooms apart, checked on every relative import:
//   - a web feature never imports another feature (pages and layouts compose features);
//   - a package never imports an app;
//   - a server module never imports another module's repository (it calls that module's service).
import path from 'node:path';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));

const WEB_FEATURES = path.join(root, 'apps/web/src/features');
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

export function boundaryViolation(importer, imported) {
  const importerFeature = firstFolderUnder(WEB_FEATURES, importer);
  const importedFeature = firstFolderUnder(WEB_FEATURES, imported);
  if (importerFeature && importedFeature && importerFeature !== importedFeature) {
    return { messageId: 'featureImport', data: { from: importerFeature, to: importedFeature } };
  }
  if (isInside(PACKAGES, importer) && isInside(APPS, imported)) {
    return { messageId: 'packageImportsApp', data: {} };
  }
  const importerModule = firstFolderUnder(SERVER_MODULES, importer);
  const importedModule = firstFolderUnder(SERVER_MODULES, imported);
  if (importerModule && importedModule && importerModule !== importedModule && /\.repository\.[jt]s$/.test(imported)) {
    return { messageId: 'foreignRepository', data: { from: importerModule, to: importedModule } };
  }
  return undefined;
}

const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps web features, packages and server modules apart' },
    schema: [],
    messages: {
      featureImport:
        'The web feature "{{from}}" imports the feature "{{to}}": move the shared piece to components/, lib/ or api/, or compose both in a page.',
      packageImportsApp: 'A package never imports an app.',
      foreignRepository: 'The server module "{{from}}" imports the repository of "{{to}}": call that module\'s service instead.',
    },
  },
  create(context) {
    const importer = context.filename;
    function check(node) {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string') return;
      if (/^@spatia\/(server|web)(\/|$)/.test(specifier) && isInside(PACKAGES, importer)) {
        context.report({ node: node.source, messageId: 'packageImportsApp' });
        return;
      }
      if (!specifier.startsWith('.')) return;
      const imported = path.resolve(path.dirname(importer), specifier.replace(/\.js$/, '.ts'));
      const violation = boundaryViolation(importer, imported);
      if (violation) context.report({ node: node.source, ...violation });
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { boundaries } };
