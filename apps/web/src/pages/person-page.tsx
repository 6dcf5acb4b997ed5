import { useSearchParams } from 'react-router';
import { PersonHomepageView } from '../features/people';
import { PEOPLE_LINKS } from './person/people-links';
import { isPersonTab, type PersonTab } from '../lib/person-paths';

/** /person (open): one's own homepage, or anyone's with `?uid=`; one's own lists are tabs (`?tab=`). */
export default function PersonPage() {
  const [params, setParams] = useSearchParams();
  const uid = params.get('uid')?.trim() ?? '';
  const tabParam = params.get('tab');
  const tab: PersonTab = isPersonTab(tabParam) ? tabParam : 'works';
  const changeTab = (next: PersonTab) => {
    const query = new URLSearchParams(params);
    if (next === 'works') query.delete('tab');
    else query.set('tab', next);
    setParams(query, { replace: true });
  };
  return <PersonHomepageView key={uid} uid={uid} tab={tab} onTabChange={changeTab} links={PEOPLE_LINKS} />;
}
