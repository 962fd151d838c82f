// Buttons. Render a react-router link with the same look through styled-components' `as`:
// <Button as={Link} to={routes.search}>Browse Cars</Button>.
import { css, styled } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const padding: Record<ButtonSize, string> = {
  sm: '6px 12px',
  md: '10px 18px',
  lg: '14px 24px',
};

export const Button = styled.button<{ $variant?: ButtonVariant; $size?: ButtonSize; $fullWidth?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  padding: ${({ $size = 'md' }) => padding[$size]};
  font-size: ${({ theme, $size = 'md' }) => ($size === 'sm' ? theme.fontSizes.sm : theme.fontSizes.md)};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  line-height: 1.25;
  text-decoration: none;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  cursor: pointer;
  transition:
    background-color 0.15s ease,
    border-color 0.15s ease;

  ${({ theme, $variant = 'primary' }) => {
    const { tones, text, borderStrong, surfaceMuted } = theme.colors;
    switch ($variant) {
      case 'secondary':
        return css`
          color: ${text};
          background: transparent;
          border-color: ${borderStrong};
          &:hover:not(:disabled) {
            background: ${surfaceMuted};
          }
        `;
      case 'ghost':
        return css`
          color: ${text};
          background: transparent;
          &:hover:not(:disabled) {
            background: ${surfaceMuted};
          }
        `;
      default: {
        const tone = tones[$variant];
        return css`
          color: ${tone.foreground};
          background: ${tone.background};
          &:hover:not(:disabled) {
            background: ${tone.hover};
          }
        `;
      }
    }
  }}

  &:disabled,
  &[aria-disabled='true'] {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;
