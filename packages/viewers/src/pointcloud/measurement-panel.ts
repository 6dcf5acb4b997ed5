import { MEASUREMENT_LIMITS, type Measurement } from '@spatia/contract';
import { createIconButton, ICONS, setButtonLabel } from '../shared/controls';
import { fillPlaceholders } from '../shared/language';
import { formatMeasurementOf } from './measurement-math';
import { kindName, type PointCloudViewerStrings } from './strings';

export interface MeasurementPanelOptions {
  strings: PointCloudViewerStrings;
  /** Labels become inputs and each row gets a delete button. */
  editable: boolean;
  onShow: (measurement: Measurement) => void;
  onRename: (id: string, label: string) => void;
  onDelete: (id: string) => void;
}

export interface MeasurementPanel {
  element: HTMLElement;
  show(measurements: readonly Measurement[]): void;
}

/** The side list of measurements: value (a button that centres the view on it), label, delete. */
export function createMeasurementPanel(options: MeasurementPanelOptions): MeasurementPanel {
  const { strings } = options;
  const element = document.createElement('section');
  element.className = 's3d-pc-panel';
  element.setAttribute('aria-label', strings.measurements);
  const title = document.createElement('h2');
  title.textContent = strings.measurements;
  const list = document.createElement('ul');
  element.append(title, list);

  const itemOf = (measurement: Measurement) => {
    const item = document.createElement('li');
    item.className = `s3d-pc-item s3d-pc-item--${measurement.kind}`;
    const name = measurement.label || kindName(strings, measurement.kind);
    const show = document.createElement('button');
    show.type = 'button';
    show.className = 's3d-pc-item__value';
    show.textContent = `${kindName(strings, measurement.kind)} ${formatMeasurementOf(measurement)}`;
    setButtonLabel(show, fillPlaceholders(strings.showMeasurement, { name }));
    show.addEventListener('click', () => options.onShow(measurement));
    if (!options.editable) {
      const label = document.createElement('span');
      label.className = 's3d-pc-item__label';
      label.textContent = measurement.label;
      item.append(label, show);
      return item;
    }
    const input = document.createElement('input');
    input.className = 's3d-pc-item__label';
    input.value = measurement.label;
    input.maxLength = MEASUREMENT_LIMITS.label;
    input.setAttribute('aria-label', strings.label);
    input.placeholder = strings.label;
    input.addEventListener('change', () => options.onRename(measurement.id, input.value.trim().slice(0, MEASUREMENT_LIMITS.label)));
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') input.blur();
    });
    const remove = createIconButton({
      label: fillPlaceholders(strings.deleteMeasurement, { name }),
      icon: ICONS.remove,
      className: 's3d-pc-item__delete',
      onClick: () => options.onDelete(measurement.id),
    });
    item.append(input, show, remove);
    return item;
  };

  return {
    element,
    show(measurements) {
      element.hidden = !options.editable && measurements.length === 0;
      if (measurements.length > 0) {
        list.replaceChildren(...measurements.map(itemOf));
        return;
      }
      const empty = document.createElement('li');
      empty.className = 's3d-pc-panel__empty';
      empty.textContent = strings.noMeasurements;
      list.replaceChildren(empty);
    },
  };
}
