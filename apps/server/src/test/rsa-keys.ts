import { generateKeyPairSync } from 'node:crypto';

/** A fresh RSA-2048 key pair as PEM text, the way payment providers hand keys to merchants. */
export function rsaKeyPems(): { privateKeyPem: string; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}
