import { routes } from '@carmarket/shared';
import { Button, Card, PageContainer } from '@carmarket/shared/ui';
import { Link } from '@carmarket/shared/router';
import styled from 'styled-components';

const Hero = styled.section`
  padding: 4rem 1rem;
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
  margin: 0 auto 2rem;
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

const Section = styled.section`
  padding: 3rem 0;
  text-align: center;
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

/** Spec §2 home: hero, three feature cards with the 4-photo promise, closing call to action. */
export function HomePage() {
  return (
    <>
      <Hero aria-labelledby="home-title">
        <Title id="home-title">Find Your Perfect Used Car Under $10k</Title>
        <Lead>Browse affordable cars from private sellers and dealers, or sell yours in a few steps.</Lead>
        <Buttons>
          <Button as={Link} to={routes.search} $size="lg">
            Browse Cars
          </Button>
          <Button as={Link} to={routes.createListing} $variant="secondary" $size="lg">
            Sell Your Car
          </Button>
        </Buttons>
      </Hero>
      <PageContainer>
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
