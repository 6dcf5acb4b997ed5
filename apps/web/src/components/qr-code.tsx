import { QR_CODE_SIZE_PX } from '@spatia/contract';
import { QRCodeCanvas } from 'qrcode.react';

interface QrCodeProps {
  value: string;
  /** What the code opens, for screen readers. */
  label: string;
  testId: string;
  className?: string;
}

/** A QR code at the site's one size, with the highest error correction (phones read it off a screen). */
export function QrCode({ value, label, testId, className }: QrCodeProps) {
  return (
    <QRCodeCanvas
      value={value}
      size={QR_CODE_SIZE_PX}
      level="H"
      marginSize={0}
      role="img"
      aria-label={label}
      data-testid={testId}
      className={className}
    />
  );
}
