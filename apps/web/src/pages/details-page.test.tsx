import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import type { Measurement, ModelView, PointCloudView, Tour } from '@spatia/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpError, type HttpAdapter, type HttpResponse } from '../api/client';
import { registerFeedback } from '../api/feedback';
import { i18n } from '../i18n';
import { clearSession, sessionStore } from '../stores/session-store';
import { WALL } from '../test/measurements';
import { workDetail } from '../test/work-detail';
import DetailsPage from './details-page';

const createTourViewer = vi.fn((_container: HTMLElement, _tour: Tour, _options: { language: string }) => ({ destroy: vi.fn() }));
vi.mock('@spatia/viewers/tour', () => ({ createTourViewer }));
const mountModelViewer = vi.fn((_container: HTMLElement, _options: { modelUrl: string; posterUrl?: string }) => ({
  destroy: vi.fn(),
  resetView: vi.fn(),
  setAutoRotate: vi.fn(),
}));
vi.mock('@spatia/viewers/model', () => ({ mountModelViewer }));
type PointCloudOptions = {
  octreeUrl: string;
  editable: boolean;
  measurements: Measurement[];
  onMeasurementsChange?: (list: Measurement[]) => void;
};
const mountPointCloudViewer = vi.fn((_container: HTMLElement, _options: PointCloudOptions) => ({
  destroy: vi.fn(),
  setColorMode: vi.fn(),
  setMeasurements: vi.fn(),
  getMeasurements: vi.fn(() => []),
}));
vi.mock('@spatia/viewers/pointcloud', () => ({ mountPointCloudViewer }));

// The page's answer carries no views figure unless a test adds one.
const { views, ...work } = workDetail({
  name: 'Loft on the river',
  description: 'Two floors.\nLots of light.',
  tags: ['loft', 'river'],
  coverUrl: '/files/cover.jpg',
  owner: { uid: 'U7', name: 'Ann Lee', avatarUrl: '' },
  assets: [
    { id: 9, kind: 'coverVideo', url: '/files/video.mp4', fileName: 'v.mp4', size: 1, contentType: 'video/mp4', sha256: '', createdAt: 0 },
  ],
});

const tour: Tour = {
  workUid: 'W1',
  name: 'Loft on the river',
  scenes: [
    {
      id: 'a1',
      name: 'Hall',
      initialView: { yaw: 0, pitch: 0 },
      fov: 80,
      hotspots: [],
      baseUrl: '/files/derived/W1/a1/',
      panorama: { sourceWidth: 4096, sourceHeight: 2048, tileSize: 512, levels: [{ faceSize: 512, nbTiles: 1 }] },
    },
  ],
  autorotateDelay: 0,
  gallery: false,
  musicUrl: null,
  musicAssetId: null,
  revision: 1,
};

type Reply = { status: number; body: unknown };
let replies: Record<string, Reply> = {};

beforeEach(() => {
  registerFeedback({ message: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() } });
  const adapter: HttpAdapter = async (config) => {
    const reply = replies[config.url ?? ''] ?? { status: 404, body: { code: 404, msg: 'Not found' } };
    const response: HttpResponse = { status: reply.status, statusText: '', data: reply.body, headers: {} };
    if (reply.status >= 400) throw new HttpError('failed', 'ERR_BAD_RESPONSE', response);
    return response;
  };
  http.defaults.adapter = adapter;
  createTourViewer.mockClear();
  mountModelViewer.mockClear();
  mountPointCloudViewer.mockClear();
});

afterEach(() => {
  cleanup();
  clearSession();
  replies = {};
});

const ok = (data: unknown): Reply => ({ status: 200, body: { code: 0, msg: 'ok', data } });

async function renderPage(path = '/details/W1', language: 'zh' | 'en' = 'en') {
  await act(() => i18n.changeLanguage(language));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/details/:id', Component: DetailsPage },
      { path: '/', element: <p>home page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <AntdApp>
        <RouterProvider router={router} />
      </AntdApp>
    </QueryClientProvider>,
  );
  return router;
}

describe('the public page of a work', () => {
  it('shows the viewer with the tour, then name, author, tags, description and cover video', async () => {
    replies = { '/model/W1': ok(work), '/model/W1/tour': ok(tour) };
    await renderPage();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Loft on the river');
    await waitFor(() => expect(createTourViewer).toHaveBeenCalledTimes(1));
    const [, shownTour, options] = createTourViewer.mock.calls[0]!;
    expect(shownTour).toEqual(tour);
    expect(options.language).toBe('en');
    expect(screen.getByTestId('details-author').getAttribute('href')).toBe('/userWork/U7');
    expect(screen.getByTestId('details-author').textContent).toContain('Ann Lee');
    const tags = within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('listitem');
    expect(tags.map((tag) => tag.textContent)).toEqual(['loft', 'river']);
    expect(screen.getByRole('region', { name: 'Description' }).textContent).toBe('DescriptionTwo floors.\nLots of light.');
    expect(screen.getByTestId('details-video').getAttribute('src')).toBe('/files/video.mp4');
    // No views figure until the server sends one.
    expect(screen.queryByTestId('details-views')).toBeNull();
  });

  it('shows the views when the work carries them', async () => {
    replies = { '/model/W1': ok({ ...work, views: 1234 }), '/model/W1/tour': ok(tour) };
    await renderPage();
    expect((await screen.findByTestId('details-views')).textContent).toContain('1.2k views');
  });

  it('shares the link, a QR code and an embed code', async () => {
    replies = { '/model/W1': ok(work), '/model/W1/tour': ok(tour) };
    await renderPage();
    fireEvent.click(await screen.findByTestId('details-share'));
    const url = `${window.location.origin}/details/W1`;
    expect((await screen.findByTestId<HTMLInputElement>('share-url')).value).toBe(url);
    expect(screen.getByTestId<HTMLTextAreaElement>('share-embed').value).toContain(
      `<iframe src="${url}?embed=1" title="Loft on the river"`,
    );
    const qr = screen.getByTestId('share-qr');
    expect(qr.tagName).toBe('CANVAS');
    expect(qr.getAttribute('aria-label')).toBe('QR code of the link');
  });

  it('says the work is offline or gone on 404, in both languages, with a way home', async () => {
    replies = { '/model/W1': { status: 404, body: { code: 404, msg: 'Not found' } } };
    await renderPage('/details/W1', 'zh');
    expect((await screen.findByTestId('work-notice')).textContent).toContain('该作品已下线或不存在');
    cleanup();
    const router = await renderPage();
    expect((await screen.findByTestId('work-notice')).textContent).toContain('This work is offline or does not exist');
    fireEvent.click(screen.getByTestId('work-notice-home'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(createTourViewer).not.toHaveBeenCalled();
  });

  it('says the tour is still being processed on 1903, keeping the work below', async () => {
    replies = { '/model/W1': ok(work), '/model/W1/tour': { status: 409, body: { code: 1903, msg: 'Not processed yet' } } };
    await renderPage();
    expect((await screen.findByTestId('work-notice')).textContent).toContain('This tour is still being processed');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Loft on the river');
    expect(createTourViewer).not.toHaveBeenCalled();
  });

  it('tells the owner that an offline work is theirs only, without sharing', async () => {
    replies = { '/model/W1': ok({ ...work, status: 'unpublished' }), '/model/W1/tour': ok(tour) };
    await renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This work is offline: only you can see this page. Put it online to share it.',
    );
    expect(screen.queryByTestId('details-share')).toBeNull();
  });

  it('shows the viewer alone in an embed', async () => {
    replies = { '/model/W1': ok(work), '/model/W1/tour': ok(tour) };
    await renderPage('/details/W1?embed=1');
    await waitFor(() => expect(createTourViewer).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.queryByTestId('details-share')).toBeNull();
  });

  it('shows a 3D model from its scene, with its facts, and no tour', async () => {
    const scene = {
      type: 'model3d',
      workUid: 'W1',
      name: 'Pavilion',
      baseUrl: '/files/derived/W1/r1/spatial/',
      manifest: {
        kind: 'model',
        poster: true,
        after: { triangles: 1_234_567, fileBytes: 5 * 1024 * 1024, textures: 0, maxTextureSize: 0 },
      },
    } as unknown as ModelView;
    replies = { '/model/W1': ok({ ...work, type: 'model3d' }), '/model/W1/scene': ok(scene) };
    await renderPage();
    await waitFor(() => expect(mountModelViewer).toHaveBeenCalledTimes(1));
    expect(mountModelViewer.mock.calls[0]![1]).toMatchObject({
      modelUrl: '/files/derived/W1/r1/spatial/model.glb',
      posterUrl: '/files/derived/W1/r1/spatial/poster.jpg',
    });
    expect(screen.getByTestId('details-facts').textContent).toContain('1.2M triangles');
    expect(screen.getByTestId('details-facts').textContent).toContain('5 MB');
    // The viewer is drawn inside the region that names the model.
    const region = screen.getByRole('region', { name: '3D model: Loft on the river' });
    expect(region.contains(mountModelViewer.mock.calls[0]![0])).toBe(true);
    expect(createTourViewer).not.toHaveBeenCalled();
    expect(screen.queryByTestId('details-downloads')).toBeNull();
  });

  describe('a point cloud', () => {
    const scene = {
      type: 'pointcloud',
      workUid: 'W1',
      name: 'Terrain',
      baseUrl: '/files/derived/W1/r1/spatial/',
      manifest: { kind: 'pointcloud', points: 2_500_000, attributes: { rgb: true, intensity: true } },
      measurements: { revision: 2, measurements: [WALL] },
    } as unknown as PointCloudView;
    const cloudWork = {
      ...work,
      type: 'pointcloud',
      assets: [
        {
          id: 3,
          kind: 'origin',
          url: '/files/origin/terrain.las',
          fileName: 'terrain.las',
          size: 1,
          contentType: '',
          sha256: '',
          createdAt: 1,
        },
      ],
    };

    it('is read-only for a visitor, with its point count', async () => {
      replies = { '/model/W1': ok(cloudWork), '/model/W1/scene': ok(scene) };
      await renderPage();
      await waitFor(() => expect(mountPointCloudViewer).toHaveBeenCalledTimes(1));
      expect(mountPointCloudViewer.mock.calls[0]![1]).toMatchObject({
        octreeUrl: '/files/derived/W1/r1/spatial/octree.bin',
        editable: false,
        measurements: [WALL],
      });
      expect(screen.getByTestId('details-facts').textContent).toContain('2.5M points');
      expect(screen.queryByRole('button', { name: /Save measurements/ })).toBeNull();
      expect(screen.queryByTestId('details-downloads')).toBeNull();
    });

    it('lets the owner save changed measurements, and offers the original and the LAS export', async () => {
      sessionStore.set((session) => ({ ...session, uid: 'U7', token: 't' }));
      replies = {
        '/model/W1': ok(cloudWork),
        '/model/W1/scene': ok(scene),
        '/model/W1/measurements': ok({ revision: 3, measurements: [WALL, { ...WALL, id: 'm2' }] }),
      };
      await renderPage();
      await waitFor(() => expect(mountPointCloudViewer).toHaveBeenCalledTimes(1));
      const options = mountPointCloudViewer.mock.calls[0]![1];
      expect(options.editable).toBe(true);
      const save = await screen.findByRole('button', { name: /Save measurements/ });
      expect(save.hasAttribute('disabled')).toBe(true);
      act(() => options.onMeasurementsChange!([WALL, { ...WALL, id: 'm2' }]));
      const barState = () => screen.getByTestId('measurements-bar').querySelector('[aria-live]')?.textContent;
      expect(barState()).toBe('Unsaved changes');
      expect(save.hasAttribute('disabled')).toBe(false);
      fireEvent.click(save);
      await waitFor(() => expect(screen.getByRole('button', { name: /Save measurements/ }).hasAttribute('disabled')).toBe(true));
      expect(barState()).toBe('2 measurements');
      expect(screen.getByRole('link', { name: /Download original/ }).getAttribute('href')).toBe('/files/origin/terrain.las');
      expect(screen.getByRole('button', { name: /Export LAS/ }).hasAttribute('disabled')).toBe(false);
    });
  });
});
