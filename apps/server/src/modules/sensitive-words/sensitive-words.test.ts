import { ErrorCode } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { sharedTestApp } from '../../test/shared-test-app.js';
import { json } from '../../test/test-app.js';
import { findSensitiveWords, normalizeForMatching } from './sensitive-words.service.js';

describe('findSensitiveWords', () => {
  const words = ['赌博', 'casino', 'escort service'];

  it('finds words however they are disguised: width, case, spaces and punctuation', () => {
    expect(findSensitiveWords('线上赌 博平台', words)).toEqual(['赌博']);
    expect(findSensitiveWords('Ｃａｓｉｎｏ night', words)).toEqual(['casino']);
    expect(findSensitiveWords('E-S-C-O-R-T  service', words)).toEqual(['escort service']);
    expect(findSensitiveWords('上海外滩全景漫游', words)).toEqual([]);
  });

  it('normalizes to compatible, lower-case, unspaced text', () => {
    expect(normalizeForMatching(' Ａｂ，c D ')).toBe('abcd');
  });
});

describe('GET /api/sensitiveWordArray and the server check', () => {
  const testApp = sharedTestApp();

  it('serves the seeded list without a token', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/sensitiveWordArray' });
    expect(response.statusCode).toBe(200);
    const words = json<{ data: string[] }>(response).data;
    expect(words).toEqual(expect.arrayContaining(['赌博', '毒品', 'casino']));
    expect(words.length).toBeGreaterThan(30);
  });

  it("refuses text with a listed word, naming the field and the word in the caller's language", async () => {
    const { sensitiveWords } = testApp.app.services;
    await expect(sensitiveWords.assertClean('name', '周末赌博之旅')).rejects.toMatchObject({
      code: ErrorCode.validation,
      field: 'name',
      problem: 'sensitiveWords',
      problemParams: { words: '赌博' },
    });
    await expect(sensitiveWords.assertClean('description', '杭州西湖 360° 全景')).resolves.toBeUndefined();
  });
});
