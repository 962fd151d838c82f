import { getErrorMessage, routes, useSessionStore } from '@carmarket/shared';
import { Button, Card, ErrorState, PageContainer, SelectField, Skeleton } from '@carmarket/shared/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useYears } from '../../features/catalogue/api/get-years';
import { RemoteRoot } from '../../remote-root';

const STEPS = [
  'Vehicle Info',
  'Vehicle Details',
  'Photos',
  'Listing Details',
  'Contact & Location',
  'Review',
];

const Progress = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1rem;
  margin: 1.5rem 0;
  padding: 0;
  list-style: none;
  counter-reset: step;

  li {
    counter-increment: step;
    color: ${({ theme }) => theme.colors.textMuted};
  }

  li::before {
    content: counter(step) '. ';
  }

  li[aria-current='step'] {
    color: ${({ theme }) => theme.colors.text};
    font-weight: 700;
  }
`;

const Actions = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 1rem;
  margin-top: 1.5rem;
`;

/** /create-listing (spec §2): the 6-step wizard; step 1 starts from the catalogue's model years. */
export function CreateListingPage() {
  const email = useSessionStore((state) => state.user?.email);
  const years = useYears();
  const [year, setYear] = useState('');

  return (
    <RemoteRoot>
      <PageContainer>
        <h1>Sell Your Car</h1>
        <p>Listing as {email}. Every listing needs at least 4 photos.</p>
        <Progress aria-label="Steps">
          {STEPS.map((step, index) => (
            <li key={step} aria-current={index === 0 ? 'step' : undefined}>
              {step}
            </li>
          ))}
        </Progress>
        <Card>
          <h2>Vehicle Info</h2>
          {years.isPending ? (
            <Skeleton $height="3rem" />
          ) : years.isError ? (
            <ErrorState
              title="Something went wrong"
              message={getErrorMessage(years.error, 'Failed to load vehicle years')}
              onRetry={() => years.refetch()}
            />
          ) : (
            <SelectField label="Year" value={year} onChange={(event) => setYear(event.target.value)}>
              <option value="">Select year</option>
              {years.data.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </SelectField>
          )}
          <Actions>
            <Button as={Link} to={routes.dashboard} $variant="secondary">
              Cancel
            </Button>
          </Actions>
        </Card>
      </PageContainer>
    </RemoteRoot>
  );
}
