import { useParams, useSearchParams } from 'react-router';
import { MobilePage } from '../components/mobile-page';
import { SandboxCheckoutPanel } from '../features/recharge';

/**
 * Opened on any device from a sandbox recharge QR code, or by a phone payment's redirect (with `return`, where
 * it goes back once paid); /mobile is an open prefix (spec 2.1), no sign-in.
 */
export default function MobileSandboxPayPage() {
  const { orderNo = '' } = useParams();
  const [searchParams] = useSearchParams();
  return (
    <MobilePage>
      <SandboxCheckoutPanel orderNo={orderNo} sign={searchParams.get('sign') ?? ''} returnTo={searchParams.get('return')} />
    </MobilePage>
  );
}
