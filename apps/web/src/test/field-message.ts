/**
 * The message antd's form shows under a field (its validation error), read from the form item that
 * holds the field: the item a `noStyle` field sits in shows that field's errors too.
 */
export function fieldMessage(field: HTMLElement): string {
  const item = field.closest('.ant-form-item:not(.ant-form-item-no-style)') ?? field.closest('.ant-form-item');
  return item?.querySelector('.ant-form-item-explain')?.textContent ?? '';
}
