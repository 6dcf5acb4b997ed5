import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { ChinaMapPicker, type MapPoint } from './china-map-picker';

afterEach(() => cleanup());

function Harness({ picks }: { picks: (string | null)[] }) {
  const [point, setPoint] = useState<MapPoint | null>({ lat: 39.9, lng: 116.4 });
  return (
    <ChinaMapPicker
      value={point}
      onChange={(next, province) => {
        setPoint(next);
        picks.push(province);
      }}
      provinceLabel={(code) => (code === '110000' ? 'Beijing' : undefined)}
    />
  );
}

describe('ChinaMapPicker', () => {
  it('draws the provinces offline, names the point`s province and moves it with the keys', async () => {
    await act(() => i18n.changeLanguage('en'));
    const picks: (string | null)[] = [];
    render(<Harness picks={picks} />);
    const svg = await screen.findByTestId('china-map-svg');
    expect(svg.querySelectorAll('path')).toHaveLength(34);
    expect(screen.getByTestId('china-map-marker')).toBeTruthy();
    expect(screen.getByTestId('china-map-status').textContent).toContain('Beijing');

    fireEvent.keyDown(svg, { key: 'ArrowRight' });
    expect(picks).toHaveLength(1);
    const [moved] = picks;
    // One fiftieth of the country eastwards from Beijing: Hebei or Tianjin.
    expect(['130000', '120000']).toContain(moved);

    fireEvent.click(screen.getByTestId('china-map-clear'));
    expect(screen.queryByTestId('china-map-marker')).toBeNull();
    expect(picks.at(-1)).toBeNull();
  });
});
