import { SITE_URL_MAX, type SiteContentProblem, type SiteFieldSpec, type SiteFieldTree } from '@spatia/contract';

/** An empty value of a field, as a new item of a list starts (lists get their fewest items). */
export function emptyValue(spec: SiteFieldSpec): unknown {
  switch (spec.type) {
    case 'text':
    case 'paragraph':
    case 'link':
    case 'date':
      return '';
    case 'boolean':
      return false;
    case 'integer':
      return spec.min;
    case 'choice':
      return spec.options[0];
    case 'texts':
      return Array.from({ length: spec.minItems }, () => '');
    case 'list':
      return Array.from({ length: spec.minItems }, () => emptyTree(spec.fields));
    case 'group':
      return emptyTree(spec.fields);
  }
}

export function emptyTree(tree: SiteFieldTree): Record<string, unknown> {
  return Object.fromEntries(Object.entries(tree).map(([name, spec]) => [name, emptyValue(spec)]));
}

/** `en.features.2.text` → the form's name path `['en', 'features', 2, 'text']`. */
export function namePathOf(path: string): (string | number)[] {
  return path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** The message key and values that say what a problem of the contract's check means, for the editor. */
export function problemMessage(problem: SiteContentProblem): { key: string; values: Record<string, unknown> } {
  return { key: `sitePages.problems.${problem.rule}`, values: { limit: problem.limit ?? SITE_URL_MAX } };
}
