import { routes } from '@carmarket/shared';
import { Link } from '@carmarket/shared/router';
import styled from 'styled-components';

const Footer = styled.footer`
  margin-top: 3rem;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Inner = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
  gap: 2rem;
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: 2.5rem 1rem 1.5rem;
`;

const Heading = styled.h2`
  margin: 0 0 0.75rem;
  font-size: 1rem;
  color: ${({ theme }) => theme.colors.text};
`;

const List = styled.ul`
  display: grid;
  gap: 0.5rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const FooterLink = styled(Link)`
  color: ${({ theme }) => theme.colors.text};
`;

const Bottom = styled.div`
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: 1rem;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  font-size: 0.875rem;
`;

interface Entry {
  label: string;
  /** Spec §2: entries without a target are plain text, not dead links. */
  to?: string;
}

const sections: { title: string; entries: Entry[] }[] = [
  {
    title: 'Buy',
    entries: [
      { label: 'Browse Cars', to: routes.search },
      { label: 'Saved Cars', to: routes.favorites },
      { label: "Buyer's Guide" },
      { label: 'Safety Tips', to: routes.safetyTips },
    ],
  },
  {
    title: 'Sell',
    entries: [
      { label: 'Sell Your Car', to: routes.createListing },
      { label: 'My Dashboard', to: routes.dashboard },
      { label: "Seller's Guide" },
      { label: 'Pricing Tools' },
    ],
  },
  {
    title: 'Company',
    entries: [{ label: 'About Us' }, { label: 'Contact' }, { label: 'Careers' }, { label: 'Press Kit' }],
  },
  {
    title: 'Follow Us',
    entries: [{ label: 'Facebook' }, { label: 'Twitter' }, { label: 'Instagram' }, { label: 'YouTube' }],
  },
  { title: 'Legal', entries: [{ label: 'Privacy' }, { label: 'Terms' }, { label: 'Cookies' }] },
];

export function SiteFooter() {
  return (
    <Footer>
      <Inner>
        <div>
          <Heading>CarMarket</Heading>
          <p>CarMarket is the marketplace for quality used cars under $10k.</p>
        </div>
        {sections.map(({ title, entries }) => (
          <div key={title}>
            <Heading>{title}</Heading>
            <List>
              {entries.map(({ label, to }) => (
                <li key={label}>{to ? <FooterLink to={to}>{label}</FooterLink> : label}</li>
              ))}
            </List>
          </div>
        ))}
      </Inner>
      <Bottom>© {new Date().getFullYear()} CarMarket. All rights reserved.</Bottom>
    </Footer>
  );
}
