import type { UserPresence } from '@carmarket/shared';
import styled from 'styled-components';

const Dot = styled.span<{ $online: boolean }>`
  display: inline-block;
  flex: none;
  width: 0.625rem;
  height: 0.625rem;
  border-radius: 50%;
  border: 2px solid ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme, $online }) => ($online ? theme.colors.tones.success.background : 'transparent')};
`;

/** The online/offline dot; its state is also given in words for screen readers and tests. */
export function PresenceDot({ presence }: { presence: UserPresence | undefined }) {
  const online = presence?.status === 'online';
  return (
    <Dot
      $online={online}
      role="img"
      aria-label={online ? 'Online' : 'Offline'}
      data-status={online ? 'online' : 'offline'}
    />
  );
}
