import { describe, expect, it } from 'vitest';
import { embedCode, publicWorkUrl } from './share-links';

describe('share links', () => {
  it('points at the public page', () => {
    expect(publicWorkUrl('https://spatia.example', 'W1x')).toBe('https://spatia.example/details/W1x');
    expect(publicWorkUrl('http://localhost:8080/', 'a b')).toBe('http://localhost:8080/details/a%20b');
  });

  it("writes the same iframe as the owner's share endpoint, with the title escaped", () => {
    expect(embedCode('https://s.example/details/W1', 'Tom\'s "loft" <1>')).toBe(
      '<iframe src="https://s.example/details/W1?embed=1" title="Tom&#39;s &#34;loft&#34; &#60;1&#62;" width="800" height="600" style="border:0" allow="fullscreen; gyroscope; accelerometer; xr-spatial-tracking" allowfullscreen></iframe>',
    );
  });
});
