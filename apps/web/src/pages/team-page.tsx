import { FeaturePage } from '../components/feature-page';
import { TeamPanel } from '../features/team';

/** /team/index (permission 163): the two-level team, its promotion revenue and the invite link. */
export default function TeamPage() {
  return (
    <FeaturePage titleKey="team.title" subtitleKey="team.subtitle">
      <TeamPanel />
    </FeaturePage>
  );
}
