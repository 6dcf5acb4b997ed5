#!/usr/bin/env node
// A small test tour for looking at the viewer in a browser: two scenes whose six faces are solid
// colours labelled with the scene and face, tiles on three levels labelled with level and tile, a
// preview, thumbnails, hotspots of both kinds and a short music loop, laid out as the contract says.
//   node packages/viewers/scripts/make-fixture.mjs [outDir]     (default: a new temp folder; prints it)
// Scene folders are relative ("scenes/a1/"), as in an offline package; screenshot-fixture.mjs serves
// them in the package's form (tour.js, images as scripts) beside dist/standalone/.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

// sharp is a dependency of the server; the fixture borrows it rather than adding a copy.
const sharp = createRequire(new URL('../../../apps/server/package.json', import.meta.url))('sharp');

const FACES = ['left', 'front', 'right', 'back', 'top', 'bottom'];
const TILE_SIZE = 512;
const LEVELS = [
  { faceSize: 512, nbTiles: 1 },
  { faceSize: 1024, nbTiles: 2 },
  { faceSize: 2048, nbTiles: 4 },
];
const LEVEL_TINT = ['#ffffff', '#fff59d', '#b9f6ca'];
const SCENES = [
  {
    id: 'a1',
    name: 'Lobby 大厅',
    colors: { left: '#c62828', front: '#1565c0', right: '#2e7d32', back: '#6a1b9a', top: '#ef6c00', bottom: '#37474f' },
    initialView: { yaw: 0, pitch: 0 },
    fov: 80,
    hotspots: [
      { kind: 'link', id: 'h1', yaw: 0, pitch: -15, targetSceneId: 'a2', arrowYaw: 0, label: '' },
      { kind: 'link', id: 'h2', yaw: -90, pitch: -25, targetSceneId: 'a2', arrowYaw: -120, label: 'Side door 侧门' },
      {
        kind: 'info',
        id: 'h3',
        yaw: 25,
        pitch: 5,
        title: 'Reception 前台',
        text: 'Open 9:00-18:00.\nAsk for a visitor badge.\n\n工作时间 9:00-18:00,请领取访客证。',
        imageUrl: 'scenes/a2/thumb.jpg',
        linkUrl: 'https://example.com/',
      },
    ],
  },
  {
    id: 'a2',
    name: 'Garden 花园',
    colors: { left: '#00838f', front: '#558b2f', right: '#ad1457', back: '#4e342e', top: '#0277bd', bottom: '#3e2723' },
    initialView: { yaw: 180, pitch: 0 },
    fov: 70,
    hotspots: [
      { kind: 'link', id: 'h4', yaw: 180, pitch: -20, targetSceneId: 'a1', arrowYaw: 180, label: '' },
      {
        kind: 'info',
        id: 'h5',
        yaw: 160,
        pitch: 10,
        title: 'Fountain',
        text: 'Built in 1920.',
        imageUrl: '',
        linkUrl: 'javascript:alert(1)',
      },
    ],
  },
];

const outDir = path.resolve(process.argv[2] ?? mkdtempSync(path.join(tmpdir(), 'spatia-tour-fixture-')));

function escapeXml(text) {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** One face at one size: its colour, a border, the scene and face names, an arrow to the face's top edge, and the tile grid. */
function faceSvg(scene, face, size, { nbTiles = 0, level = -1 } = {}) {
  const tile = nbTiles ? size / nbTiles : size;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">`,
    `<rect width="${size}" height="${size}" fill="${scene.colors[face]}"/>`,
    `<rect x="${size * 0.01}" y="${size * 0.01}" width="${size * 0.98}" height="${size * 0.98}" fill="none" stroke="#fff" stroke-width="${size * 0.01}"/>`,
    `<text x="50%" y="44%" font-family="DejaVu Sans, sans-serif" font-size="${size * 0.13}" font-weight="bold" fill="#fff" text-anchor="middle">${escapeXml(face.toUpperCase())}</text>`,
    `<text x="50%" y="58%" font-family="DejaVu Sans, sans-serif" font-size="${size * 0.07}" fill="#fff" text-anchor="middle">scene ${scene.id}</text>`,
    `<text x="50%" y="${size * 0.12}" font-family="DejaVu Sans, sans-serif" font-size="${size * 0.05}" fill="#fff" text-anchor="middle">^ top edge ^</text>`,
  ];
  if (level >= 0) {
    for (let row = 0; row < nbTiles; row++) {
      for (let col = 0; col < nbTiles; col++) {
        parts.push(
          `<rect x="${col * tile}" y="${row * tile}" width="${tile}" height="${tile}" fill="none" stroke="${LEVEL_TINT[level]}" stroke-width="4" stroke-dasharray="24 12"/>`,
          `<text x="${col * tile + 16}" y="${row * tile + 44}" font-family="DejaVu Sans Mono, monospace" font-size="32" fill="${LEVEL_TINT[level]}">L${level} ${col},${row}</text>`,
        );
      }
    }
  } else {
    parts.push(
      `<text x="50%" y="72%" font-family="DejaVu Sans, sans-serif" font-size="${size * 0.06}" fill="#fff" text-anchor="middle">base</text>`,
    );
  }
  parts.push('</svg>');
  return Buffer.from(parts.join(''));
}

/** The face a direction falls on, in Photo Sphere Viewer's convention (yaw 0 = front, +x = left). */
function faceOf(yaw, pitch) {
  const x = -Math.cos(pitch) * Math.sin(yaw);
  const y = Math.sin(pitch);
  const z = Math.cos(pitch) * Math.cos(yaw);
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  const az = Math.abs(z);
  if (ay >= ax && ay >= az) return y > 0 ? 'top' : 'bottom';
  if (ax >= az) return x > 0 ? 'left' : 'right';
  return z > 0 ? 'front' : 'back';
}

function rgbOf(hex) {
  return [1, 3, 5].map((index) => parseInt(hex.slice(index, index + 2), 16));
}

async function writePreview(scene, folder) {
  const width = 2048;
  const height = 1024;
  const pixels = Buffer.alloc(width * height * 3);
  for (let v = 0; v < height; v++) {
    const pitch = (0.5 - (v + 0.5) / height) * Math.PI;
    for (let u = 0; u < width; u++) {
      const yaw = ((u + 0.5) / width - 0.5) * 2 * Math.PI;
      const [r, g, b] = rgbOf(scene.colors[faceOf(yaw, pitch)]);
      const offset = (v * width + u) * 3;
      pixels[offset] = r;
      pixels[offset + 1] = g;
      pixels[offset + 2] = b;
    }
  }
  const preview = sharp(pixels, { raw: { width, height, channels: 3 } });
  await preview.clone().jpeg({ quality: 85 }).toFile(path.join(folder, 'preview.jpg'));
  const label = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="240"><text x="50%" y="56%" font-family="DejaVu Sans, sans-serif" font-size="40" font-weight="bold" fill="#fff" text-anchor="middle">${escapeXml(scene.id)}</text></svg>`,
  );
  await sharp(await preview.clone().resize(480, 240).png().toBuffer())
    .composite([{ input: label }])
    .jpeg({ quality: 85 })
    .toFile(path.join(folder, 'thumb.jpg'));
}

/** One second of a soft 440 Hz tone, as a WAV file. */
function toneWav() {
  const rate = 22050;
  const samples = rate;
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write('RIFF', 0);
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write('WAVEfmt ', 8);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(rate, 24);
  buffer.writeUInt32LE(rate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36);
  buffer.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) buffer.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 3000), 44 + i * 2);
  return buffer;
}

const tourScenes = [];
for (const scene of SCENES) {
  const folder = path.join(outDir, 'scenes', scene.id);
  mkdirSync(path.join(folder, 'base'), { recursive: true });
  for (const face of FACES) {
    await sharp(faceSvg(scene, face, 512))
      .jpeg({ quality: 85 })
      .toFile(path.join(folder, 'base', `${face}.jpg`));
    for (const [level, { faceSize, nbTiles }] of LEVELS.entries()) {
      const image = await sharp(faceSvg(scene, face, faceSize, { nbTiles, level }))
        .png()
        .toBuffer();
      mkdirSync(path.join(folder, 'tiles', String(level), face), { recursive: true });
      for (let row = 0; row < nbTiles; row++) {
        for (let col = 0; col < nbTiles; col++) {
          await sharp(image)
            .extract({ left: col * TILE_SIZE, top: row * TILE_SIZE, width: TILE_SIZE, height: TILE_SIZE })
            .jpeg({ quality: 80 })
            .toFile(path.join(folder, 'tiles', String(level), face, `${col}_${row}.jpg`));
        }
      }
    }
  }
  await writePreview(scene, folder);
  tourScenes.push({
    id: scene.id,
    name: scene.name,
    initialView: scene.initialView,
    fov: scene.fov,
    hotspots: scene.hotspots,
    baseUrl: `scenes/${scene.id}/`,
    panorama: { sourceWidth: 8192, sourceHeight: 4096, tileSize: TILE_SIZE, levels: LEVELS },
  });
}

writeFileSync(path.join(outDir, 'music.wav'), toneWav());
const tour = {
  workUid: 'fixture',
  name: 'Fixture tour 测试漫游',
  scenes: tourScenes,
  autorotateDelay: 0,
  gallery: true,
  musicUrl: 'music.wav',
  revision: 1,
};
writeFileSync(path.join(outDir, 'tour.json'), `${JSON.stringify(tour, null, 2)}\n`);
console.log(outDir);
