// Small layout and feedback pieces every page uses.
import { useState, type ReactNode } from 'react';
import { keyframes, styled } from 'styled-components';
import type { ToneName } from './theme.js';
import { Button } from './button.js';

/** Hidden on screen, read by screen readers. */
export const VisuallyHidden = styled.span`
  position: absolute !important;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;

/** Centred content column with the page gutters. */
export const PageContainer = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space.lg} ${theme.space.md}`};

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    padding: ${({ theme }) => `${theme.space.xl} ${theme.space.lg}`};
  }
`;

export const Card = styled.div<{ $padding?: 'none' | 'sm' | 'md' | 'lg' }>`
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  padding: ${({ theme, $padding = 'md' }) => ($padding === 'none' ? '0' : theme.space[$padding])};
  overflow: hidden;
`;

export const Badge = styled.span<{ $tone?: ToneName }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => `${theme.space.xxs} ${theme.space.sm}`};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  line-height: 1.5;
  white-space: nowrap;
  border-radius: ${({ theme }) => theme.radii.pill};
  color: ${({ theme, $tone = 'neutral' }) => theme.colors.tones[$tone].foreground};
  background: ${({ theme, $tone = 'neutral' }) => theme.colors.tones[$tone].background};
`;

/**
 * A message that concerns the whole page (e.g. "hidden from buyers"), marked by a coloured edge so
 * its text keeps the page's contrast. Pass `role="status"` or `role="alert"` where it appears late.
 */
export const Notice = styled.div<{ $tone?: ToneName }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin: ${({ theme }) => `0 0 ${theme.space.md}`};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid ${({ theme, $tone = 'warning' }) => theme.colors.tones[$tone].background};
  border-radius: ${({ theme }) => theme.radii.md};

  p {
    margin: 0;
  }
`;

const ThumbnailFrame = styled.span<{ $width: number }>`
  display: grid;
  flex: none;
  place-items: center;
  width: ${({ $width }) => $width}px;
  aspect-ratio: 4 / 3;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  text-align: center;

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

/**
 * A car's photo where people scan lists (favorites, dashboard, conversations): a 4:3 crop of a fixed
 * width, so rows line up and nothing shifts as it loads; decorative (the row names the car), lazy.
 * A photo still processing after its upload has no file yet: it says so in its place.
 */
export function Thumbnail({
  src,
  width = 96,
  processing = false,
}: {
  src: string | null | undefined;
  width?: number;
  processing?: boolean;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  return (
    <ThumbnailFrame $width={width}>
      {processing ? (
        'Processing…'
      ) : src && failedSrc !== src ? (
        <img
          src={src}
          alt=""
          width={width}
          height={Math.round((width * 3) / 4)}
          loading="lazy"
          decoding="async"
          onError={() => setFailedSrc(src)}
        />
      ) : (
        'No photo'
      )}
    </ThumbnailFrame>
  );
}

const shimmer = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.5; }
  100% { opacity: 1; }
`;

/** A grey placeholder block; hidden from assistive tech (announce loading with a Spinner or aria-busy). */
export const Skeleton = styled.span.attrs({ 'aria-hidden': true })<{
  $width?: string;
  $height?: string;
  $radius?: string;
}>`
  display: block;
  width: ${({ $width = '100%' }) => $width};
  height: ${({ $height = '1rem' }) => $height};
  border-radius: ${({ theme, $radius }) => $radius ?? theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  animation: ${shimmer} 1.5s ease-in-out infinite;
`;

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const SpinnerRing = styled.span<{ $size: string }>`
  display: inline-block;
  width: ${({ $size }) => $size};
  height: ${({ $size }) => $size};
  border: 3px solid ${({ theme }) => theme.colors.surfaceMuted};
  border-top-color: ${({ theme }) => theme.colors.tones.primary.background};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
`;

export interface SpinnerProps {
  /** Announced to screen readers. */
  label?: string;
  size?: string;
}

export function Spinner({ label = 'Loading...', size = '1.5rem' }: SpinnerProps) {
  return (
    <span role="status">
      <SpinnerRing $size={size} aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}

const StateBox = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.xxl} ${theme.space.md}`};
  text-align: center;

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const StateActions = styled.div`
  margin-top: ${({ theme }) => theme.space.sm};
`;

const SupportDetails = styled.p`
  margin: ${({ theme }) => theme.space.xs} 0 0;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};

  code {
    /* One click selects the whole id, ready to copy into a message to support. */
    user-select: all;
    overflow-wrap: anywhere;
  }
`;

/**
 * The failed request's id (getRequestId), small, for the user to quote to support: inside any
 * error alert (ErrorState, a form's save error). Renders nothing without an id (a network failure).
 */
export function SupportRequestId({ requestId }: { requestId: string | undefined }) {
  if (!requestId) return null;
  return (
    <SupportDetails>
      Request ID for support: <code>{requestId}</code>
    </SupportDetails>
  );
}

export interface ErrorStateProps {
  title?: string;
  message?: ReactNode;
  /** The failed request's id (getRequestId), shown small for the user to quote to support. */
  requestId?: string;
  /** Shows a Retry button when given. */
  onRetry?: () => void;
  retryLabel?: string;
}

/** A failed load, e.g. 'Something went wrong' / 'Unable to load listings. Please try again.' with Retry. */
export function ErrorState({
  title = 'Something went wrong',
  message,
  onRetry,
  retryLabel = 'Retry',
  requestId,
}: ErrorStateProps) {
  return (
    <StateBox role="alert">
      <h2>{title}</h2>
      {message && <p>{message}</p>}
      <SupportRequestId requestId={requestId} />
      {onRetry && (
        <StateActions>
          <Button type="button" onClick={onRetry}>
            {retryLabel}
          </Button>
        </StateActions>
      )}
    </StateBox>
  );
}

export interface EmptyStateProps {
  title: string;
  message?: ReactNode;
  icon?: ReactNode;
  /** e.g. a Clear Filters button or a Browse Cars link. */
  action?: ReactNode;
}

/** Nothing to show, e.g. 'No cars found' with Clear Filters. */
export function EmptyState({ title, message, icon, action }: EmptyStateProps) {
  return (
    <StateBox>
      {icon && <span aria-hidden="true">{icon}</span>}
      <h2>{title}</h2>
      {message && <p>{message}</p>}
      {action && <StateActions>{action}</StateActions>}
    </StateBox>
  );
}
