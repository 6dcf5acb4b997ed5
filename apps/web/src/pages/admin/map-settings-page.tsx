import { FeaturePage } from '../../components/feature-page';
import { MapSettingsAdmin } from '../../features/map';

/** The base map of the site's maps (/admin/mapSettings, admins only; docs/map.md). */
export default function MapSettingsPage() {
  return (
    <FeaturePage titleKey="menu.adminMapSettings" subtitleKey="map.settings.subtitle">
      <MapSettingsAdmin />
    </FeaturePage>
  );
}
