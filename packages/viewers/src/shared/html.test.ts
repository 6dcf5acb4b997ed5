import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { escapeHtml, html, trustedHtml } from './html';

describe('html', () => {
  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#60;/a&#62;');
  });

  it('escapes every value put into a template, in text and in attributes', () => {
    const name = '<img src=x onerror=alert(1)>';
    expect(html`<p title="${name}">${name}</p>`.toString()).toBe(
      '<p title="&#60;img src=x onerror=alert(1)&#62;">&#60;img src=x onerror=alert(1)&#62;</p>',
    );
    expect(html`<span>${'"&amp;\''}${42}</span>`.toString()).toBe('<span>&#34;&#38;amp;&#39;42</span>');
  });

  it('keeps markup made by html or trustedHtml, alone or in arrays, and writes nothing for null, undefined and false', () => {
    const icon = trustedHtml('<svg aria-hidden="true"></svg>');
    const items = ['<a>', 'b&c'].map((text) => html`<li>${text}</li>`);
    expect(html`<ul>${items}</ul>${icon}${null}${undefined}${false}`.toString()).toBe(
      '<ul><li>&#60;a&#62;</li><li>b&#38;c</li></ul><svg aria-hidden="true"></svg>',
    );
  });

  it('escapes what only looks like markup: strings are never trusted', () => {
    const lookalike = { toString: () => '<b>' } as unknown as string;
    expect(html`${lookalike}`.toString()).toBe('&#60;b&#62;');
  });
});

describe('the viewers', () => {
  it('write HTML into the page in one place only: the icon buttons, from Html', () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const sources = ['src', 'standalone', 'dev'].flatMap((folder) =>
      readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.(ts|html)$/.test(file) && !file.endsWith('.test.ts'))
        .map((file) => path.join(folder, file)),
    );
    const writers = sources.flatMap((file) =>
      readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
        .filter((line) => /innerHTML|outerHTML|insertAdjacentHTML|document\.write|srcdoc|createContextualFragment|DOMParser/.test(line))
        .map((line) => `${file.split(path.sep).join('/')}: ${line.trim()}`),
    );
    expect(writers).toEqual(['src/shared/controls.ts: button.innerHTML = options.icon.toString();']);
  });
});
