import { formatYuan, type RentalCard } from '@spatia/contract';
import type { TFunction } from 'i18next';

/** Monthly rent from fen: ¥4,500 (whole yuan without the cents, as listings read). */
export function formatRent(rentFen: number): string {
  const text = formatYuan(rentFen);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}

/** "2室1厅1卫" / "2 bd · 1 lr · 1 ba". */
export function formatRooms(card: Pick<RentalCard, 'bedrooms' | 'livingRooms' | 'bathrooms'>, t: TFunction): string {
  return t('rentals.rooms', { bedrooms: card.bedrooms, livingRooms: card.livingRooms, bathrooms: card.bathrooms });
}

/** "12/30 层" / "Floor 12 of 30"; '' when not said. */
export function formatFloor(card: Pick<RentalCard, 'floor' | 'totalFloors'>, t: TFunction): string {
  if (card.floor === null) return '';
  return card.totalFloors === null
    ? t('rentals.floor', { floor: card.floor })
    : t('rentals.floorOf', { floor: card.floor, total: card.totalFloors });
}

/** The place line: district and city before the address, where given. */
export function formatPlace(card: Pick<RentalCard, 'address' | 'district' | 'city'>): string {
  return [card.city, card.district, card.address].filter(Boolean).join(' · ');
}
