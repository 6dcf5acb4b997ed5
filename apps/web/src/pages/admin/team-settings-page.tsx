import { FeaturePage } from '../../components/feature-page';
import { TeamSettingsAdmin } from '../../features/team';

/** The team's promotion rates and pending window (/admin/teamSettings, admins only; docs/team.md). */
export default function TeamSettingsPage() {
  return (
    <FeaturePage titleKey="menu.adminTeamSettings" subtitleKey="team.settings.subtitle">
      <TeamSettingsAdmin />
    </FeaturePage>
  );
}
