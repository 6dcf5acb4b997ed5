import type { ComparedVersion } from '../../features/site-pages';
import { tagsBeyondHeadline, useMembershipVersionDetails } from '../../features/membership';

/** The membership versions on offer as the comparison shows them: the tags that say more than price and trial. */
export function useComparedVersions(): { versions: ComparedVersion[]; isPending: boolean } {
  const details = useMembershipVersionDetails();
  return {
    isPending: details.isPending,
    versions: details.data.map((detail) => ({
      id: detail.id,
      name: detail.identityName,
      monthlyPriceFen: detail.monthlyPriceFen,
      trialDays: detail.trialDays,
      priceTags: tagsBeyondHeadline(detail.priceTags, detail),
    })),
  };
}
