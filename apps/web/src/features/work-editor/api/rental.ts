import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PHONE_PATTERN,
  RENTAL_ADDRESS_MAX,
  RENTAL_AREA_MAX,
  RENTAL_AREA_MIN,
  RENTAL_CONTACT_NAME_MAX,
  RENTAL_PLACE_MAX,
  RENTAL_RENT_MAX_FEN,
  RENTAL_RENT_MIN_FEN,
  parseYuanToFen,
  type RentalDetails,
  type RentalInput,
} from '@spatia/contract';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { textLength } from '../../../lib/text-count';

/** What the rental tab's form holds: the rent as typed in yuan, numbers null while empty. */
export interface RentalFormValues {
  rentYuan: string;
  area: number | null;
  bedrooms: number | null;
  livingRooms: number | null;
  bathrooms: number | null;
  floor: number | null;
  totalFloors: number | null;
  address: string;
  district: string;
  city: string;
  contactName: string;
  contactPhone: string;
  listed: boolean;
}

export type RentalField = Exclude<keyof RentalFormValues, 'listed'>;
export type RentalProblem = { field: RentalField; problem: 'required' | 'invalid' | 'tooLong' | 'floorAboveTotal' };

export function emptyRentalForm(address: string, contactPhone: string): RentalFormValues {
  return {
    rentYuan: '',
    area: null,
    bedrooms: 1,
    livingRooms: 1,
    bathrooms: 1,
    floor: null,
    totalFloors: null,
    address,
    district: '',
    city: '',
    contactName: '',
    contactPhone,
    listed: true,
  };
}

export function rentalToForm(details: RentalDetails): RentalFormValues {
  const yuan = details.rentFen / 100;
  return {
    rentYuan: Number.isInteger(yuan) ? String(yuan) : yuan.toFixed(2),
    area: details.area,
    bedrooms: details.bedrooms,
    livingRooms: details.livingRooms,
    bathrooms: details.bathrooms,
    floor: details.floor,
    totalFloors: details.totalFloors,
    address: details.address,
    district: details.district,
    city: details.city,
    contactName: details.contactName,
    contactPhone: details.contactPhone,
    listed: details.listed,
  };
}

/** Every problem of the form, checked as the server will; none: `toRentalInput` gives what to send. */
export function findRentalProblems(values: RentalFormValues): RentalProblem[] {
  const problems: RentalProblem[] = [];
  const rent = values.rentYuan.trim() === '' ? null : parseYuanToFen(values.rentYuan);
  if (values.rentYuan.trim() === '') problems.push({ field: 'rentYuan', problem: 'required' });
  else if (rent === null || rent < RENTAL_RENT_MIN_FEN || rent > RENTAL_RENT_MAX_FEN)
    problems.push({ field: 'rentYuan', problem: 'invalid' });
  if (values.area === null) problems.push({ field: 'area', problem: 'required' });
  else if (values.area < RENTAL_AREA_MIN || values.area > RENTAL_AREA_MAX) problems.push({ field: 'area', problem: 'invalid' });
  for (const field of ['bedrooms', 'livingRooms', 'bathrooms'] as const) {
    if (values[field] === null) problems.push({ field, problem: 'required' });
  }
  if (values.floor !== null && values.totalFloors !== null && values.floor > values.totalFloors) {
    problems.push({ field: 'floor', problem: 'floorAboveTotal' });
  }
  const texts: [RentalField, string, number, boolean][] = [
    ['address', values.address, RENTAL_ADDRESS_MAX, true],
    ['district', values.district, RENTAL_PLACE_MAX, false],
    ['city', values.city, RENTAL_PLACE_MAX, false],
    ['contactName', values.contactName, RENTAL_CONTACT_NAME_MAX, true],
  ];
  for (const [field, text, max, required] of texts) {
    if (required && !text.trim()) problems.push({ field, problem: 'required' });
    else if (textLength(text.trim()) > max) problems.push({ field, problem: 'tooLong' });
  }
  if (!values.contactPhone.trim()) problems.push({ field: 'contactPhone', problem: 'required' });
  else if (!PHONE_PATTERN.test(values.contactPhone.trim())) problems.push({ field: 'contactPhone', problem: 'invalid' });
  return problems;
}

export function toRentalInput(values: RentalFormValues): RentalInput {
  return {
    rentFen: parseYuanToFen(values.rentYuan) ?? 0,
    area: values.area ?? 0,
    bedrooms: values.bedrooms ?? 0,
    livingRooms: values.livingRooms ?? 0,
    bathrooms: values.bathrooms ?? 0,
    floor: values.floor,
    totalFloors: values.totalFloors,
    address: values.address.trim(),
    district: values.district.trim(),
    city: values.city.trim(),
    contactName: values.contactName.trim(),
    contactPhone: values.contactPhone.trim(),
    listed: values.listed,
  };
}

/** GET /model/{uid}/rental: the work's rental details (null: none yet). */
export function useWorkRental(uid: string) {
  return useQuery({
    queryKey: queryKeys.rentals.ofWork(uid),
    queryFn: (): Promise<RentalDetails | null> => api.get('/model/{uid}/rental', { params: { path: { uid } } }),
  });
}

/** PUT and DELETE /model/{uid}/rental; the public listing is refreshed after either. */
export function useSaveRental(uid: string) {
  const queryClient = useQueryClient();
  const settle = (details: RentalDetails | null) => {
    queryClient.setQueryData(queryKeys.rentals.ofWork(uid), details);
    void queryClient.invalidateQueries({ queryKey: [...queryKeys.rentals.all, 'search'] });
  };
  const save = useMutation({
    mutationFn: (input: RentalInput): Promise<RentalDetails> => api.put('/model/{uid}/rental', { params: { path: { uid } }, body: input }),
    onSuccess: settle,
  });
  const remove = useMutation({
    mutationFn: () => api.delete('/model/{uid}/rental', { params: { path: { uid } } }),
    onSuccess: () => settle(null),
  });
  return { save, remove };
}
