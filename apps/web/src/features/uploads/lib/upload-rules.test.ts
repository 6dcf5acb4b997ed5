import { describe, expect, it } from 'vitest';
import { describeAccept, findFileProblem, inputAccept, lockedAssetKinds, uploadRuleOf } from './upload-rules';

const GB = 1024 ** 3;

describe('upload rules', () => {
  it('describes what a kind accepts for each work type', () => {
    expect(describeAccept(uploadRuleOf('origin', 'pointcloud').accept)).toBe('LAS, LAZ, PLY, XYZ/TXT, E57, ZIP');
    expect(describeAccept(uploadRuleOf('cover', 'model3d').accept)).toBe('JPG, PNG, WebP');
    expect(inputAccept(uploadRuleOf('origin', 'model3d').accept)).toBe(
      'model/gltf-binary,.glb,application/x-ply,.ply,application/zip,.zip',
    );
  });

  it('judges a file by its type or, when the browser gives none, by its ending', () => {
    const origin = uploadRuleOf('origin', 'pointcloud');
    expect(findFileProblem({ name: 'scan.LAS', size: 10, type: '' }, origin)).toBeNull();
    expect(findFileProblem({ name: 'scan.e57', size: 10, type: 'application/octet-stream' }, origin)).toBeNull();
    expect(findFileProblem({ name: 'notes.pdf', size: 10, type: 'application/pdf' }, origin)).toBe('wrongType');
    expect(findFileProblem({ name: 'noending', size: 10, type: '' }, origin)).toBe('wrongType');
    expect(findFileProblem({ name: 'cover.jpg', size: 10, type: 'image/jpeg' }, uploadRuleOf('cover', 'panorama'))).toBeNull();
  });

  it('refuses empty and oversized files before anything is sent', () => {
    const cover = uploadRuleOf('cover', 'panorama');
    expect(findFileProblem({ name: 'a.png', size: 0, type: 'image/png' }, cover)).toBe('empty');
    expect(findFileProblem({ name: 'a.png', size: cover.maxBytes + 1, type: 'image/png' }, cover)).toBe('tooLarge');
    expect(findFileProblem({ name: 'huge.zip', size: 19 * GB, type: 'application/zip' }, uploadRuleOf('origin', 'panorama'))).toBeNull();
  });
});

describe('review locks', () => {
  it('locks the reviewed kinds only while the work waits for or is in review', () => {
    expect(lockedAssetKinds('underReview')).toEqual(['origin', 'cover']);
    expect(lockedAssetKinds('published')).toEqual([]);
  });
});
