import styled from 'styled-components';

/** The profile page's forms (the profile, the dealer business): one column of fields. */
export const Form = styled.form`
  display: grid;
  gap: 1rem;
  max-width: 36rem;
`;

/** A form's outcome under it: a confirmation, or an error in the danger colour. */
export const Message = styled.p<{ $error?: boolean }>`
  margin: 0;
  color: ${({ theme, $error }) => theme.colors[$error ? 'dangerText' : 'text']};
`;
