/**
 * Text from people (scene names, hotspot labels, titles and texts, the tour's name) is text everywhere.
 * Photo Sphere Viewer takes HTML strings for captions, tooltips, markers, panels and gallery titles and
 * writes them with innerHTML, so every string the viewers hand it is built here: `html` escapes each
 * value put into it, and only markup of our own (`trustedHtml`, e.g. an icon) goes in as it is.
 * Where no HTML string is asked for, build DOM nodes and set `textContent` instead.
 */

/** `&<>"'` as character references: safe between tags and inside quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Markup that is safe to write as it is: made by `html`, or a constant of ours given to `trustedHtml`. */
class SafeMarkup {
  constructor(private readonly markup: string) {}

  toString(): string {
    return this.markup;
  }
}
export type Html = SafeMarkup;

export type HtmlValue = string | number | Html | readonly Html[] | null | undefined | false;

/**
 * A tagged template whose every `${value}` is escaped, except `Html` (and arrays of it); `null`,
 * `undefined` and `false` write nothing, so `${cond && html`…`}` works.
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let markup = strings[0]!;
  values.forEach((value, index) => {
    markup += htmlOf(value) + strings[index + 1]!;
  });
  return new SafeMarkup(markup);
}

/** Markup written by us, never containing anything a person typed: icons and the like. */
export function trustedHtml(markup: string): Html {
  return new SafeMarkup(markup);
}

function htmlOf(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeMarkup) return value.toString();
  if (Array.isArray(value)) return value.map((item) => htmlOf(item)).join('');
  return escapeHtml(String(value));
}
