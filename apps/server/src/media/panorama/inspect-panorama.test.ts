import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { rgbPng } from '../../test/png-fixtures.js';
import { inspectPanorama } from './inspect-panorama.js';
import { PanoramaError } from './panorama-error.js';

const folder = mkdtempSync(path.join(os.tmpdir(), 'spatia-inspect-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function fileOf(name: string, content: Buffer | Promise<Buffer>): Promise<string> {
  const file = path.join(folder, name);
  writeFileSync(file, await content);
  return file;
}

/** Noise, so that a JPEG of it has plenty of compressed data to cut. */
function noise(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 1;
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** A PNG that is only a header (and a token of pixel data): its size is whatever it says. */
function pngHeader(width: number, height: number): Buffer {
  return rgbPng(width, height, Buffer.alloc(64));
}

async function failureOf(file: string) {
  const error = await inspectPanorama(file).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PanoramaError);
  const { reason, fileName } = error as PanoramaError;
  return { reason, fileName };
}

describe('inspectPanorama', () => {
  it('answers the size of a 2:1 JPEG, PNG or WebP', async () => {
    expect(await inspectPanorama(await fileOf('room.jpg', noise(512, 256).jpeg().toBuffer()))).toEqual({ width: 512, height: 256 });
    expect(await inspectPanorama(await fileOf('room.png', noise(400, 200).png().toBuffer()))).toEqual({ width: 400, height: 200 });
    expect(await inspectPanorama(await fileOf('room.webp', noise(300, 150).webp().toBuffer()))).toEqual({ width: 300, height: 150 });
  });

  it('allows 1% off 2:1', async () => {
    expect(await inspectPanorama(await fileOf('cropped.jpg', noise(400, 202).jpeg().toBuffer()))).toEqual({ width: 400, height: 202 });
    expect(await failureOf(await fileOf('cropped-more.jpg', noise(400, 206).jpeg().toBuffer()))).toEqual({
      reason: 'notEquirectangular',
      fileName: 'cropped-more.jpg',
    });
  });

  it('refuses a 3:2 photo as not equirectangular', async () => {
    expect(await failureOf(await fileOf('photo.jpg', noise(600, 400).jpeg().toBuffer()))).toEqual({
      reason: 'notEquirectangular',
      fileName: 'photo.jpg',
    });
  });

  it('refuses a GIF, even a 2:1 one, as not equirectangular', async () => {
    expect(
      await failureOf(
        await fileOf(
          'pano.gif',
          sharp({ create: { width: 128, height: 64, channels: 3, background: '#336699' } })
            .gif()
            .toBuffer(),
        ),
      ),
    ).toEqual({ reason: 'notEquirectangular', fileName: 'pano.gif' });
  });

  it('refuses a source larger than 16384×8192 from its header alone', async () => {
    expect(await failureOf(await fileOf('huge.png', Promise.resolve(pngHeader(20000, 10000))))).toEqual({
      reason: 'panoramaTooLarge',
      fileName: 'huge.png',
    });
  });

  it('refuses a truncated JPEG and a file that is no image as unreadable', async () => {
    const whole = await noise(1024, 512).jpeg({ quality: 90 }).toBuffer();
    expect(await failureOf(await fileOf('cut.jpg', Promise.resolve(whole.subarray(0, Math.floor(whole.length * 0.6)))))).toEqual({
      reason: 'unreadableImage',
      fileName: 'cut.jpg',
    });
    expect(await failureOf(await fileOf('notes.jpg', Promise.resolve(Buffer.from('not an image at all'))))).toEqual({
      reason: 'unreadableImage',
      fileName: 'notes.jpg',
    });
  });

  it('lets a missing file fail as it is: the job lost it, the person did nothing wrong', async () => {
    await expect(inspectPanorama(path.join(folder, 'missing.jpg'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
