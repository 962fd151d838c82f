import { Card } from '@carmarket/shared/ui';
import styled from 'styled-components';

// The frame of the dashboard's own-activity sections (Saved Searches, My Reports): a card with a
// heading and a list of rows, each row's text left and its state right.

export const Section = styled(Card)`
  margin-bottom: 1.5rem;

  h2 {
    margin: 0 0 0.75rem;
  }
`;

export const List = styled.ul`
  display: grid;
  gap: 0.5rem;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 0.5rem;
  }

  a {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;
