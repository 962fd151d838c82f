import { routes, toSearchQueryString } from '@carmarket/shared';
import { Button, Card, PageContainer } from '@carmarket/shared/ui';
import { Link } from '@carmarket/shared/router';
import styled from 'styled-components';
import { LOWEST_PRICES_ROW, NEWEST_ROW, usePopularMakes } from './api/get-home-rows';
import { HOME_RADIUS_MILES, HomeSearch, useRememberedZip } from './home-search';
import { InventoryRow } from './inventory-row';

const Hero = styled.section`
  padding: 2.5rem 1rem;
  background: ${({ theme }) => theme.colors.surface};
  text-align: center;
`;

const Title = styled.h1`
  margin: 0 auto 1rem;
  max-width: 40rem;
  font-size: clamp(2rem, 6vw, 3rem);
  line-height: 1.15;
`;

const Lead = styled.p`
  margin: 0 auto 1.5rem;
  max-width: 36rem;
  font-size: 1.125rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 0.75rem;
`;

const HeroLinks = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 0.75rem;
  margin-top: 1rem;
`;

const Makes = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin: 0;
  padding: 0;
  list-style: none;

  a {
    display: inline-block;
    padding: 0.375rem 0.875rem;
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    border-radius: ${({ theme }) => theme.radii.pill};
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
`;

const Section = styled.section`
  padding: 3rem 0;
  text-align: center;
`;

const MakesSection = styled(Section)`
  padding-top: 1.5rem;
  text-align: left;
`;

const Features = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(15rem, 1fr));
  gap: 1.5rem;
  margin-top: 2rem;
  text-align: left;
`;

const features = [
  {
    title: 'Affordable Cars',
    text: 'Every car on CarMarket is priced for real budgets: reliable used cars under $10k.',
  },
  {
    title: 'Advanced Search',
    text: 'Filter by price, year, make, model, mileage, body type, features and location to find the right fit.',
  },
  {
    title: 'Verified Listings',
    text: 'Every listing requires at least 4 photos, so you see the car from every side before you visit.',
  },
];

/** Cars near the ZIP searched last on this device; nothing before one was searched. */
function NearYouRow() {
  const zip = useRememberedZip();
  if (!zip) return null;
  return (
    <InventoryRow
      id="near-you"
      title={`Near ${zip}`}
      params={{ zipCode: zip, radius: HOME_RADIUS_MILES, sort: 'newest' }}
    />
  );
}

/**
 * Spec §2 home, inventory first: a hero search, rows of real listings (newest, lowest prices, near
 * the ZIP searched last), popular makes, then the three feature cards and the call to action.
 */
export function HomePage() {
  const makes = usePopularMakes().data ?? [];
  return (
    <>
      <Hero aria-labelledby="home-title">
        <Title id="home-title">Find Your Perfect Used Car Under $10k</Title>
        <Lead>Browse affordable cars from private sellers and dealers, or sell yours in a few steps.</Lead>
        <HomeSearch makes={makes.map((make) => make.value)} />
        <HeroLinks>
          <Button as={Link} to={routes.search} $variant="secondary">
            Browse Cars
          </Button>
          <Button as={Link} to={routes.createListing} $variant="secondary">
            Sell Your Car
          </Button>
        </HeroLinks>
      </Hero>
      <PageContainer>
        <InventoryRow id="newest-cars" title="Newest Cars" params={NEWEST_ROW} eager />
        <InventoryRow id="lowest-prices" title="Lowest Prices" params={LOWEST_PRICES_ROW} />
        <NearYouRow />
        {makes.length > 0 && (
          <MakesSection aria-labelledby="popular-makes">
            <h2 id="popular-makes">Popular Makes</h2>
            <Makes>
              {makes.map(({ value }) => (
                <li key={value}>
                  <Link to={`${routes.search}?${toSearchQueryString({ make: value })}`}>{value}</Link>
                </li>
              ))}
            </Makes>
          </MakesSection>
        )}
        <Section aria-labelledby="features-title">
          <h2 id="features-title">Why CarMarket?</h2>
          <Features>
            {features.map(({ title, text }) => (
              <Card key={title}>
                <h3>{title}</h3>
                <p>{text}</p>
              </Card>
            ))}
          </Features>
        </Section>
        <Section aria-labelledby="cta-title">
          <h2 id="cta-title">Ready to find your next car?</h2>
          <Lead>Create a free account to save favorites, message sellers and list your own car.</Lead>
          <Buttons>
            <Button as={Link} to={routes.register} $size="lg">
              Create Account
            </Button>
            <Button as={Link} to={routes.search} $variant="secondary" $size="lg">
              Start Searching
            </Button>
          </Buttons>
        </Section>
      </PageContainer>
    </>
  );
}
