import { Button, type ButtonProps } from 'antd';
import { isExternalLink } from '@spatia/contract';
import { useNavigate } from 'react-router';

/**
 * A call to action whose target the operator wrote: a path of this site, an anchor of the page (`#versions`),
 * or an address elsewhere (a new tab). The server accepts no other kind of link, so nothing here runs script.
 */
export function SiteLinkButton({ link, children, ...props }: { link: string } & Omit<ButtonProps, 'href' | 'onClick'>) {
  const navigate = useNavigate();
  if (isExternalLink(link)) {
    return (
      <Button {...props} href={link} target="_blank" rel="noopener noreferrer">
        {children}
      </Button>
    );
  }
  const follow = () => {
    if (link.startsWith('#')) document.getElementById(link.slice(1))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    else void navigate(link);
  };
  return (
    <Button {...props} href={link} onClick={(event) => (event.preventDefault(), follow())}>
      {children}
    </Button>
  );
}
