import { useRef } from 'react';

/** The latest non-null `value`: a dialog keeps showing its work's name while it animates closed. */
export function useRetained<T>(value: T | null): T | null {
  const last = useRef(value);
  if (value !== null) last.current = value;
  return value ?? last.current;
}
