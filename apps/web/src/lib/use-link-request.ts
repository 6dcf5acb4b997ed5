import { useEffect, useEffectEvent } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A request a link carries in the address, such as `?edit={uid}`: `act` runs once with its value,
 * then the parameter leaves the address, so that going back or reloading does not ask again.
 */
export function useLinkRequest(param: string, act: (value: string) => void): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const value = searchParams.get(param);
  const onRequest = useEffectEvent(act);
  useEffect(() => {
    if (value === null) return;
    onRequest(value);
    setSearchParams(
      (params) => {
        params.delete(param);
        return params;
      },
      { replace: true },
    );
  }, [param, value, setSearchParams]);
}
