import styled from 'styled-components';

export const Narrow = styled.div`
  max-width: 28rem;
  margin: 2rem auto;
`;

export const Form = styled.form`
  display: grid;
  gap: 1rem;
`;

export const FormError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.dangerText};
`;

export const FormStatus = styled.p`
  margin: 0;
  min-height: 1.5em;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const SecondaryActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 0.5rem;
`;

export const Terms = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Switch = styled.p`
  margin-top: 1.5rem;
  text-align: center;
`;
