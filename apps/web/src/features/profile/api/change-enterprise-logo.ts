import { api } from '../../../api/client';
import { updateSessionUser } from '../../../stores/session-store';
import { useProfileChange } from './get-profile';
import { getEnterpriseLogoUploadGrant, uploadWithGrant } from './upload';

export interface ChangeEnterpriseLogoInput {
  file: File;
  onProgress?: (percent: number) => void;
}

/** Credentials, the PUT, then PUT /c/my/info {enterpriseLogoUrl}. */
export async function changeEnterpriseLogo({ file, onProgress }: ChangeEnterpriseLogoInput): Promise<string> {
  const grant = await getEnterpriseLogoUploadGrant();
  const url = await uploadWithGrant(grant, file, onProgress);
  await api.put('/c/my/info', { body: { enterpriseLogoUrl: url } });
  // The session keeps the logo only when it is https (spec 3).
  updateSessionUser({ logo: url });
  return url;
}

export function useChangeEnterpriseLogo() {
  return useProfileChange(changeEnterpriseLogo);
}
