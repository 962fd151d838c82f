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
