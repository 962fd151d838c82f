import styled from 'styled-components';

/** Form fields in one column on phones, two from the small breakpoint up. */
export const FieldGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};

  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

/** A field that takes the whole row of a FieldGrid. */
export const FullRow = styled.div`
  grid-column: 1 / -1;
`;

/** Fields under a legend, which reads as a small heading; no frame. */
export const Fieldset = styled.fieldset<{ $gap?: 'sm' | 'md' }>`
  display: grid;
  align-content: start;
  gap: ${({ theme, $gap = 'sm' }) => theme.space[$gap]};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;

  > legend {
    margin-bottom: ${({ theme }) => theme.space.xs};
    padding: 0;
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
`;

export const FormStack = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;

export const FormActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;
