import { describe, expect, it } from 'vitest';
import { siteContentProblem, type ProtocolContent } from './site-pages.js';

const protocol = (): ProtocolContent => ({
  title: 'User agreement',
  effectiveDate: '2026-01-01',
  intro: 'Welcome.',
  sections: [{ heading: '1. Your account', paragraphs: ['Keep your password safe.'] }],
  contactNote: '',
});

const both = (content: ProtocolContent) => ({ zh: content, en: protocol() });

describe('siteContentProblem', () => {
  it('takes content of the kind’s shape in both languages', () => {
    expect(siteContentProblem('userProtocol', both(protocol()))).toBeNull();
  });

  it('names the first field that breaks a rule, with the rule and its limit', () => {
    expect(siteContentProblem('userProtocol', { zh: protocol() })).toEqual({ path: 'en', rule: 'type' });
    expect(siteContentProblem('userProtocol', both({ ...protocol(), title: '  ' }))).toEqual({ path: 'zh.title', rule: 'required' });
    expect(siteContentProblem('userProtocol', both({ ...protocol(), title: 'x'.repeat(41) }))).toEqual({
      path: 'zh.title',
      rule: 'tooLong',
      limit: 40,
    });
    expect(siteContentProblem('userProtocol', both({ ...protocol(), effectiveDate: '2026-13-01' }))).toEqual({
      path: 'zh.effectiveDate',
      rule: 'date',
    });
    expect(siteContentProblem('userProtocol', both({ ...protocol(), sections: [] }))).toEqual({
      path: 'zh.sections',
      rule: 'tooFew',
      limit: 1,
    });
    expect(siteContentProblem('userProtocol', both({ ...protocol(), sections: [{ heading: 'h', paragraphs: ['ok', ''] }] }))).toEqual({
      path: 'zh.sections.0.paragraphs.1',
      rule: 'required',
    });
    expect(siteContentProblem('userProtocol', both({ ...protocol(), extra: 1 } as ProtocolContent))).toEqual({
      path: 'zh.extra',
      rule: 'unknownField',
    });
  });

  it('counts characters as people do: an emoji is one', () => {
    expect(siteContentProblem('userProtocol', both({ ...protocol(), title: '😀'.repeat(40) }))).toBeNull();
  });

  it('takes links to this site or over http(s) only', () => {
    const link = (ctaLink: string) => {
      return siteContentProblem('clientDownload', {
        zh: { title: 't', subtitle: '', apps: [{ name: 'n', description: '', apkUrl: ctaLink, iosUrl: '', note: '' }], note: '' },
        en: { title: 't', subtitle: '', apps: [{ name: 'n', description: '', apkUrl: '', iosUrl: '', note: '' }], note: '' },
      });
    };
    for (const ok of ['', '/mobile/download', '#versions', 'https://example.com/app.apk', 'http://10.0.0.1/a.apk'])
      expect(link(ok), ok).toBeNull();
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '//evil.example', 'https://a b', 'ftp://x']) {
      expect(link(bad), bad).toEqual({ path: 'zh.apps.0.apkUrl', rule: 'link' });
    }
  });
});
